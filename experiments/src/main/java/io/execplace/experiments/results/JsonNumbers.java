package io.execplace.experiments.results;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;

/**
 * The JSON writer of the commands' {@code --json} output and the studies' JSON files: numbers stay
 * numbers, and a value that is not one (an undefined interval half-width, a ratio without its
 * reference, a Target without deadline jobs) is {@code null}, never Jackson's default string
 * {@code "NaN"} or an infinity.
 */
public final class JsonNumbers {

    private static final JsonSerializer<Double> FINITE_OR_NULL = new JsonSerializer<>() {
        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (value == null || value.isNaN() || value.isInfinite()) {
                gen.writeNull();
            } else {
                gen.writeNumber(value);
            }
        }
    };

    private JsonNumbers() {
    }

    /** An indenting mapper that writes NaN and infinite doubles as null. */
    public static ObjectMapper mapper() {
        SimpleModule numbers = new SimpleModule("finite-numbers");
        numbers.addSerializer(Double.class, FINITE_OR_NULL);
        numbers.addSerializer(Double.TYPE, FINITE_OR_NULL);
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).registerModule(numbers);
    }
}

package io.execplace.core.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A JSON text another JVM hands over (a study's cell), read into a value: what is wrong with it
 * becomes one {@link BadInputException} line that says what the text was, so that every kind of
 * cell reports a bad one alike.
 */
public final class JsonInput {

    /** Reads the value out of the text's tree; a missing or mistyped field throws {@link IllegalArgumentException}. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(JsonNode root) throws JsonProcessingException;
    }

    private JsonInput() {
    }

    /**
     * @param what the text as the user's message names it, e.g. {@code "a LIU training cell"}
     * @throws BadInputException when the text is not JSON, or {@code reading} finds it malformed
     */
    public static <T> T read(ObjectMapper mapper, String text, String what, Reading<T> reading) {
        try {
            return reading.read(mapper.readTree(text));
        } catch (JsonProcessingException e) {
            throw new BadInputException(what + " is not valid JSON: " + e.getOriginalMessage());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(what + " is malformed: " + e.getMessage());
        }
    }
}

package io.execplace.experiments.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The JSON of cells ({@link CellKind}): one mapper for every kind, strict about missing numbers
 * (a null where a primitive is expected is refused, not read as 0), and the text of a tree.
 */
public final class CellJson {

    /** The mapper cells are read and written with. */
    public static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private CellJson() {
    }

    /** The text of {@code node} (a tree of plain values cannot fail to write). */
    public static String write(JsonNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}

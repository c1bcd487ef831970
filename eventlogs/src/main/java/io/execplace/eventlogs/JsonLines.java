package io.execplace.eventlogs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Files of one JSON object a line (Spark event logs, placement logs): a line read as its object. */
final class JsonLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonLines() {
    }

    /** The line's JSON object; null when the line is not one (torn, truncated, another value), for the caller to report. */
    static JsonNode object(String line) {
        try {
            JsonNode n = JSON.readTree(line);
            return n != null && n.isObject() ? n : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}

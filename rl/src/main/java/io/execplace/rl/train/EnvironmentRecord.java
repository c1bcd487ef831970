package io.execplace.rl.train;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.rl.env.ObservationSettings;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.env.TpdsEpisodeRules;

import java.util.List;

/**
 * The {@code environment} record of agent files and training cells: the environment settings an agent
 * was trained with. Written as {@code {"rules": {...}, "observation": {...}, "busyTime": b}}
 * ({@link TpdsEnvConfig}'s parts); files written before the split hold the same fields in one flat
 * object ({@code {"beta": .., "normalised": .., "masking": .., ...}}), and read back as the same settings.
 */
public final class EnvironmentRecord {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The fields of a flat record that are not the rules'. */
    private static final List<String> FLAT_OBSERVATION_FIELDS = List.of("normalised", "masking", "maxSteps", "busyTime");

    private EnvironmentRecord() {
    }

    /** {@code config} as the record agent files and training cells store. */
    public static ObjectNode of(TpdsEnvConfig config) {
        return JSON.valueToTree(config);
    }

    /**
     * The settings a record holds, in the written shape or the flat one of older files.
     *
     * @throws IllegalArgumentException when the record is unreadable (the message says why)
     */
    public static TpdsEnvConfig read(JsonNode record) {
        if (record == null || !record.isObject()) {
            throw new IllegalArgumentException("the environment record is not an object");
        }
        try {
            if (record.has("rules")) {
                return JSON.treeToValue(record, TpdsEnvConfig.class);
            }
            ObjectNode rules = record.deepCopy();
            rules.remove(FLAT_OBSERVATION_FIELDS);
            ObservationSettings observation = new ObservationSettings(record.path("normalised").asBoolean(false),
                    record.path("masking").asBoolean(false), record.path("maxSteps").asInt(0));
            return new TpdsEnvConfig(JSON.treeToValue(rules, TpdsEpisodeRules.class), observation,
                    record.path("busyTime").asBoolean(false));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }
}

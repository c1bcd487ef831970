package io.execplace.liu.pairmanager;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.BadInputException;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Pair-manager agent files: the {@link ArrayBundle} format (magic, format version, CRC-32) of every
 * execplace agent, kind {@code model}, metadata {@code format = execplace-agent},
 * {@code algorithm = liu-pair-manager} (files written before the rename say {@value #OLD_ALGORITHM}, read
 * the same), {@code schema} ({@value #SCHEMA}: the version of the pair features),
 * {@code features} (their names, in order), {@code hidden}, and what made it ({@code training}: the
 * pattern, seed, settings and stages); array {@code pairs.params}. A file whose features differ from
 * this build's is refused: the same numbers would mean other things.
 */
public final class PairAgentFiles {

    public static final String ALGORITHM = "liu-pair-manager";
    /** The algorithm's name until "pairs" was left to the size-free pair agent (the shipped files carry it). */
    public static final String OLD_ALGORITHM = "liu-pairs";
    /** Version of the pair features' meaning; bump it whenever {@link PairFeatures} changes. */
    public static final int SCHEMA = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private PairAgentFiles() {
    }

    /**
     * Writes a trained model atomically.
     *
     * @param training what made it (pattern, seed, settings, stages): kept as metadata
     */
    public static void write(Path file, PairModel model, JsonNode training) throws IOException {
        ArrayBundle b = new ArrayBundle(AgentFiles.KIND_MODEL);
        ObjectNode m = b.metadata();
        m.put("format", AgentFiles.FORMAT);
        m.put("algorithm", ALGORITHM);
        m.put("schema", SCHEMA);
        ArrayNode f = m.putArray("features");
        PairFeatures.NAMES.forEach(f::add);
        ArrayNode h = m.putArray("hidden");
        for (int w : model.hidden()) {
            h.add(w);
        }
        m.set("training", training);
        b.put("pairs.params", model.parameters());
        b.write(file);
    }

    /** True for the pair manager's algorithm name in a file's metadata, new or old. */
    public static boolean isAlgorithm(String algorithm) {
        return ALGORITHM.equals(algorithm) || OLD_ALGORITHM.equals(algorithm);
    }

    /** The {@code training} metadata of a pair-manager file (what made it; empty when absent). */
    public static JsonNode training(Path file) throws IOException {
        return ArrayBundle.read(file).metadata().path("training");
    }

    /** A model read from a file (or a folder holding {@code agent.xprl}); bad files fail with a {@link BadInputException}. */
    public static PairModel read(Path path) throws IOException {
        Path file;
        try {
            file = AgentFiles.resolve(path);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        ArrayBundle b = ArrayBundle.read(file);
        JsonNode m = b.metadata();
        if (!AgentFiles.FORMAT.equals(m.path("format").asText()) || !isAlgorithm(m.path("algorithm").asText())) {
            throw new BadInputException(file + ": not a LIU pair-manager agent (algorithm '"
                    + m.path("algorithm").asText() + "', expected '" + ALGORITHM + "')");
        }
        if (m.path("schema").asInt(-1) != SCHEMA) {
            throw new BadInputException(file + ": pair-feature schema " + m.path("schema").asText("missing")
                    + ", this build reads schema " + SCHEMA);
        }
        List<String> names = new ArrayList<>();
        m.path("features").forEach(n -> names.add(n.asText()));
        if (!names.equals(PairFeatures.NAMES)) {
            throw new BadInputException(file + ": field 'features' does not list this build's pair features");
        }
        JsonNode hidden = m.path("hidden");
        int[] h = new int[hidden.size()];
        for (int i = 0; i < h.length; i++) {
            h[i] = hidden.get(i).asInt();
            if (h[i] < 1 || h[i] > 4096) {
                throw new BadInputException(file + ": field 'hidden' must hold widths in 1..4096");
            }
        }
        if (!b.has("pairs.params")) {
            throw new BadInputException(file + ": no array 'pairs.params'");
        }
        double[] params = b.doubles("pairs.params");
        int expected = PairModel.parameterCount(h);
        if (params.length != expected) {
            throw new BadInputException(file + ": array 'pairs.params' holds " + params.length
                    + " values, the network of field 'hidden' has " + expected);
        }
        return PairModel.of(h, params);
    }
}

package io.execplace.liu.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.env.LiuObservation;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;

import java.io.IOException;
import java.nio.file.Path;

/**
 * LIU agent files, in the same {@link ArrayBundle} format and folder layout as the TPDS agents
 * ({@link AgentFiles#MODEL_FILE}, {@link AgentFiles#CHECKPOINT_FILE}): metadata {@code format},
 * {@code algorithm = liu-value}, the network shape, the observation scales, the clusters and the
 * agent settings; a model holds {@code value.params}, a checkpoint also the replay, counters,
 * random state and the learning curve.
 */
public final class LiuAgentFiles {

    public static final String ALGORITHM = "liu-value";
    private static final ObjectMapper JSON = new ObjectMapper();

    private LiuAgentFiles() {
    }

    static ArrayBundle bundle(String kind, LiuValueAgent agent, ExecutorClusters clusters, double minShare,
                              int episode, double[] curve) {
        ArrayBundle b = new ArrayBundle(kind);
        ObjectNode m = b.metadata();
        m.put("format", AgentFiles.FORMAT);
        m.put("algorithm", ALGORITHM);
        ArrayNode sizes = m.putObject("network").putArray("sizes");
        for (int s : agent.network().sizes()) {
            sizes.add(s);
        }
        m.set("observation", JSON.valueToTree(agent.encoder()));
        ObjectNode c = m.putObject("clusters");
        c.put("name", clusters.name());
        ArrayNode slots = c.putArray("slots");
        for (int s : clusters.slots()) {
            slots.add(s);
        }
        m.put("minShare", minShare);
        m.set("agent", JSON.valueToTree(agent.config()));
        m.put("episode", episode);
        if (AgentFiles.KIND_CHECKPOINT.equals(kind)) {
            agent.save(b);
            b.put("curve", curve);
        } else {
            b.put("value.params", agent.network().parameters());
        }
        return b;
    }

    /** A trained agent read from a model or checkpoint file (or a training folder). */
    public static Loaded read(Path path) throws IOException {
        ArrayBundle b = ArrayBundle.read(AgentFiles.resolve(path));
        JsonNode m = b.metadata();
        if (!AgentFiles.FORMAT.equals(m.path("format").asText()) || !ALGORITHM.equals(m.path("algorithm").asText())) {
            throw new IllegalArgumentException(b.source() + ": not a LIU agent file (algorithm '"
                    + m.path("algorithm").asText() + "')");
        }
        LiuAgentConfig config = JSON.treeToValue(m.get("agent"), LiuAgentConfig.class);
        LiuObservation enc = JSON.treeToValue(m.get("observation"), LiuObservation.class);
        int[] slots = JSON.treeToValue(m.path("clusters").get("slots"), int[].class);
        ExecutorClusters clusters = new ExecutorClusters(m.path("clusters").path("name").asText(), slots);
        LiuValueAgent agent = new LiuValueAgent(config, enc, 0);
        if (b.kind().equals(AgentFiles.KIND_CHECKPOINT)) {
            agent.restore(b);
        } else {
            agent.setParameters(b.doubles("value.params"));
        }
        return new Loaded(agent, clusters, m.path("minShare").asDouble(), m.path("episode").asInt(),
                b.has("curve") ? b.doubles("curve") : new double[0]);
    }

    /** What {@link #read} returns. */
    public record Loaded(LiuValueAgent agent, ExecutorClusters clusters, double minShare, int episode, double[] curve) {
    }
}

package io.execplace.rl.train;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Vm;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.env.ObservationEncoder;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Network;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.rl.pairs.PairSchema;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A trained agent read from a model or checkpoint file: its policy network and how it encodes
 * observations. Immutable; {@link #policy()} gives each user its own network copy. A
 * {@linkplain #isSizeFree() size-free} agent (network kind {@code pairs}) observes
 * pair observations of a {@link PairSchema} and runs on any cluster; it is refused when its file's
 * schema is not one this build knows, feature for feature. The fixed-size agents run only on the cluster they were trained on.
 */
public final class TrainedAgent {

    private final String source;
    private final Algorithm algorithm;
    private final Network network;
    private final ObservationEncoder.Scales scales;
    private final int[] vmCores;
    private final TpdsEnvConfig environment;
    private final ObjectNode metadata;

    private TrainedAgent(String source, Algorithm algorithm, Network network, ObservationEncoder.Scales scales,
                         int[] vmCores, TpdsEnvConfig environment, ObjectNode metadata) {
        this.source = source;
        this.algorithm = algorithm;
        this.network = network;
        this.scales = scales;
        this.vmCores = vmCores;
        this.environment = environment;
        this.metadata = metadata;
    }

    /**
     * Reads an agent from a model file, a checkpoint file or a training folder.
     *
     * @throws InputFileException naming the file and what is wrong with it
     */
    public static TrainedAgent read(Path path) throws IOException {
        Path file = AgentFiles.resolve(path);
        return of(ArrayBundle.read(file));
    }

    /** The agent in a bundle of kind model or checkpoint. */
    public static TrainedAgent of(ArrayBundle b) {
        String src = b.source();
        if (!AgentFiles.KIND_MODEL.equals(b.kind()) && !AgentFiles.KIND_CHECKPOINT.equals(b.kind())) {
            throw new InputFileException(src, 0, null, "holds a '" + b.kind() + "', not an agent model or checkpoint");
        }
        if (!AgentFiles.FORMAT.equals(b.field("format").asText())) {
            throw new InputFileException(src, 0, "format", "expected '" + AgentFiles.FORMAT + "', found '"
                    + b.field("format").asText() + "'");
        }
        Algorithm algorithm;
        try {
            algorithm = Algorithm.parse(b.field("algorithm").asText());
        } catch (IllegalArgumentException e) {
            throw new InputFileException(src, 0, "algorithm", e.getMessage());
        }
        JsonNode network = b.field("network");
        if (AgentFiles.PAIRS.equals(network.path("kind").asText())) {
            return sizeFree(b, algorithm, network);
        }
        JsonNode sizesNode = network.get("sizes");
        if (sizesNode == null || !sizesNode.isArray() || sizesNode.size() < 2) {
            throw new InputFileException(src, 0, "network.sizes", "missing or shorter than two layers");
        }
        int[] sizes = ints(sizesNode);
        Mlp net;
        try {
            net = new Mlp(sizes, Activation.parse(network.path("activation").asText("relu")));
        } catch (IllegalArgumentException e) {
            throw new InputFileException(src, 0, "network", e.getMessage());
        }
        net.setParameters(b.doubles("policy.params", net.parameterCount()));
        JsonNode obs = b.field("observation");
        JsonNode coresNode = obs.get("vmCores");
        if (coresNode == null || !coresNode.isArray()) {
            throw new InputFileException(src, 0, "observation.vmCores", "missing");
        }
        int[] cores = ints(coresNode);
        TpdsEnvConfig env = environmentRecord(b);
        if (obs.path("normalised").asBoolean(false) != env.normalised()) {
            throw new InputFileException(src, 0, "observation.normalised", "disagrees with environment.normalised");
        }
        if (sizes[0] != ObservationEncoder.size(cores.length, env.busyTime()) || sizes[sizes.length - 1] != cores.length + 1) {
            throw new InputFileException(src, 0, "network.sizes", "do not match a cluster of " + cores.length + " VMs");
        }
        ObservationEncoder.Scales scales;
        try {
            // Files written before busy times were observable have no busy-time scale; it is unused there.
            scales = new ObservationEncoder.Scales(Math.max(1, obs.path("executorScale").asInt(1)),
                    obs.path("busyTimeScale").asDouble(1));
        } catch (IllegalArgumentException e) {
            throw new InputFileException(src, 0, "observation.busyTimeScale", e.getMessage());
        }
        return new TrainedAgent(src, algorithm, net, scales, cores, env, b.metadata().deepCopy());
    }

    /** A size-free agent: the schema must be this build's, feature for feature. */
    private static TrainedAgent sizeFree(ArrayBundle b, Algorithm algorithm, JsonNode network) {
        String src = b.source();
        JsonNode obs = b.field("observation");
        String name = obs.path("schema").asText("?");
        PairSchema schema = known(name);
        if (schema == null || !schema.context().equals(strings(obs.path("context")))
                || !schema.vmFeatures().equals(strings(obs.path("vmFeatures")))) {
            PairSchema expected = schema != null ? schema : PairSchema.PLACEMENT;
            throw new InputFileException(src, 0, "observation.schema", "the size-free agent observes schema '" + name
                    + "' " + strings(obs.path("context")) + " " + strings(obs.path("vmFeatures"))
                    + "; this build's size-free agents observe '" + expected.name() + "' " + expected.context()
                    + " " + expected.vmFeatures() + " (retrain it with this build)");
        }
        List<Integer> hidden = new ArrayList<>();
        network.path("hidden").forEach(h -> hidden.add(h.asInt()));
        PairNetwork net;
        try {
            net = PairNetwork.emptyPolicy(schema, 1, hidden);
        } catch (IllegalArgumentException e) {
            throw new InputFileException(src, 0, "network.hidden", e.getMessage());
        }
        net.setParameters(b.doubles("policy.params", net.parameterCount()));
        TpdsEnvConfig env = environmentRecord(b);
        return new TrainedAgent(src, algorithm, net, new ObservationEncoder.Scales(1, 1), new int[0], env,
                b.metadata().deepCopy());
    }

    /** The file's environment record ({@link EnvironmentRecord}: either shape). */
    private static TpdsEnvConfig environmentRecord(ArrayBundle b) {
        try {
            return EnvironmentRecord.read(b.field("environment"));
        } catch (IllegalArgumentException e) {
            throw new InputFileException(b.source(), 0, "environment", "unreadable: " + e.getMessage());
        }
    }

    /** The schema of this name, or null when this build does not know it. */
    private static PairSchema known(String name) {
        try {
            return PairSchema.byName(name);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /** True for a size-free agent (pair network), which runs on any cluster. */
    public boolean isSizeFree() {
        return network instanceof PairNetwork;
    }

    /**
     * The size-free agent's network for a cluster of {@code vms} VMs (its own copy).
     *
     * @throws IllegalStateException for a fixed-size agent
     */
    public PairNetwork pairNetwork(int vms) {
        if (!(network instanceof PairNetwork p)) {
            throw new IllegalStateException("agent " + source + " is a fixed-size agent, not a size-free one");
        }
        return p.withSlots(vms);
    }

    public String source() {
        return source;
    }

    public Algorithm algorithm() {
        return algorithm;
    }

    /** The environment options the agent was trained with (masking decides how it acts as a scheduler). */
    public TpdsEnvConfig environment() {
        return environment;
    }

    /** What its normalised observations divide by. */
    public ObservationEncoder.Scales scales() {
        return scales;
    }

    /** Number of VMs of the cluster it was trained on. */
    public int vmCount() {
        return vmCores.length;
    }

    /** The file's metadata (a copy). */
    public ObjectNode metadata() {
        return metadata.deepCopy();
    }

    /** A greedy policy with its own copy of the network. */
    public GreedyPolicy policy() {
        if (isSizeFree()) {
            // Its network needs the cluster's size: PairPolicy / pairNetwork(vms).
            throw new IllegalStateException("agent " + source + " is size-free: make its network for a cluster with pairNetwork");
        }
        return new GreedyPolicy(network);
    }

    /**
     * The observation encoding the agent was trained with, for {@code cluster}.
     *
     * @throws BadInputException when the cluster has another number of VMs (the user chose the pair)
     */
    public ObservationEncoder encoder(Cluster cluster) {
        if (isSizeFree()) {
            throw new IllegalStateException("agent " + source + " is size-free: it observes pairs, not the TPDS vector");
        }
        if (cluster.size() != vmCores.length) {
            throw new BadInputException(source, 0, null, "the agent was trained on a cluster of " + vmCores.length
                    + " VMs; cluster '" + cluster.name() + "' has " + cluster.size());
        }
        String mismatch = clusterMismatch(cluster);
        if (mismatch != null) {
            throw new BadInputException(source, 0, null, "the agent was trained on cluster '"
                    + metadata.path("observation").path("cluster").asText("?") + "' and cannot run on cluster '"
                    + cluster.name() + "': " + mismatch);
        }
        return new ObservationEncoder(cluster, environment.normalised(), environment.busyTime(), scales);
    }

    /**
     * The first VM that differs from the one the agent was trained with (cores and memory; type,
     * site and price when the file records them), or null when the clusters match VM by VM.
     */
    private String clusterMismatch(Cluster cluster) {
        JsonNode obs = metadata.path("observation");
        JsonNode memory = obs.path("vmMemoryGb");
        JsonNode types = obs.path("vmTypes");
        JsonNode sites = obs.path("vmSites");
        JsonNode prices = obs.path("vmPricePerSecond");
        for (int i = 0; i < cluster.size(); i++) {
            Vm vm = cluster.vm(i);
            String trained = "VM " + i + " was " + (types.has(i) ? types.get(i).asText() + " " : "") + vmCores[i]
                    + " cores / " + (memory.has(i) ? memory.get(i).asDouble() : "?") + " GB"
                    + (sites.has(i) ? " (" + sites.get(i).asText() + ")" : "")
                    + (prices.has(i) ? " at " + prices.get(i).asDouble() + "/s" : "");
            String now = vm.type().name() + " " + vm.cores() + " cores / " + vm.memoryGb() + " GB ("
                    + vm.site().name().toLowerCase(java.util.Locale.ROOT) + ") at " + vm.pricePerSecond() + "/s";
            boolean differs = vm.cores() != vmCores[i]
                    || (memory.has(i) && Math.abs(memory.get(i).asDouble() - vm.memoryGb()) > 1e-9)
                    || (sites.has(i) && !sites.get(i).asText().equals(vm.site().name().toLowerCase(java.util.Locale.ROOT)))
                    || (prices.has(i) && Math.abs(prices.get(i).asDouble() - vm.pricePerSecond())
                        > 1e-9 * Math.max(1, vm.pricePerSecond()));
            if (differs) {
                return trained + " in training, here it is " + now;
            }
        }
        return null;
    }

    private static int[] ints(JsonNode array) {
        int[] out = new int[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asInt();
        }
        return out;
    }
}

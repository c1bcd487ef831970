package io.execplace.rl.train;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Cluster;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.Learner;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.EnvWrapper;
import io.execplace.rl.env.KernelEnv;
import io.execplace.rl.env.ObservationEncoder;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Network;
import io.execplace.rl.pairs.PairEnv;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.rl.pairs.PairObservation;
import io.execplace.rl.pairs.PairSchema;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The files of a training run and what goes into them. A training folder holds
 * {@value #MODEL_FILE} (the trained agent: policy network, observation encoding, settings),
 * {@value #CHECKPOINT_FILE} (the model plus everything needed to resume exactly: optimiser moments,
 * target or value networks, replay buffer, random generator state, counters, learning curve) and
 * {@value #CURVE_FILE}. Both binary files are {@link ArrayBundle}s of kind {@code model} or
 * {@code checkpoint}; see {@code docs/rl.md} for the fields.
 */
public final class AgentFiles {

    public static final String MODEL_FILE = "agent.xprl";
    public static final String CHECKPOINT_FILE = "checkpoint.xprl";
    public static final String CURVE_FILE = "learning-curve.csv";
    public static final String KIND_MODEL = "model";
    public static final String KIND_CHECKPOINT = "checkpoint";
    /** The {@code format} metadata value of every agent file. */
    public static final String FORMAT = "execplace-agent";

    static final ObjectMapper JSON = new ObjectMapper();

    private AgentFiles() {
    }

    /**
     * A model or checkpoint bundle with the metadata every agent file has; a checkpoint also gets
     * the learner's complete state.
     */
    static ArrayBundle bundle(String kind, Learner learner, TrainingSpec spec, Consumer<ObjectNode> observation,
                              ObjectNode setup, int iteration) {
        ArrayBundle b = new ArrayBundle(kind);
        ObjectNode m = b.metadata();
        m.put("format", FORMAT);
        m.put("algorithm", learner.algorithm().label());
        Network net = learner.policyNetwork();
        ObjectNode network = m.putObject("network");
        if (net instanceof PairNetwork p) {
            network.put("kind", PAIRS);
            ArrayNode hidden = network.putArray("hidden");
            for (int h : p.hidden()) {
                hidden.add(h);
            }
        }
        ArrayNode sizes = network.putArray("sizes");
        for (int s : net.sizes()) {
            sizes.add(s);
        }
        network.put("activation", net instanceof Mlp mlp ? mlp.hiddenActivation().label() : "relu");
        observation.accept(m.putObject("observation"));
        m.set("environment", EnvironmentRecord.of(spec.environment()));
        m.set("agent", JSON.valueToTree(spec.agent()));
        ObjectNode training = m.putObject("training");
        training.put("iteration", iteration);
        training.put("iterations", spec.iterations());
        training.put("evalInterval", spec.evalInterval());
        training.put("evalEpisodes", spec.evalEpisodes());
        training.put("checkpointInterval", spec.checkpointInterval());
        training.put("seed", spec.seed());
        training.put("envSteps", learner.totalSteps());
        training.put("episodes", learner.totalEpisodes());
        m.set("setup", setup == null ? JSON.createObjectNode() : setup.deepCopy());
        if (KIND_CHECKPOINT.equals(kind)) {
            learner.save(b);
        } else {
            b.put("policy.params", net.parameters());
        }
        return b;
    }

    /**
     * The training a checkpoint records (algorithm, agent, environment and training fields), to
     * continue it.
     *
     * @param iterations the new total, or null to keep the recorded one
     * @throws InputFileException naming the file and field when a field is unreadable
     */
    public static TrainingSpec trainingSpec(ArrayBundle checkpoint, Integer iterations) {
        String src = checkpoint.source();
        Algorithm algorithm;
        try {
            algorithm = Algorithm.parse(checkpoint.field("algorithm").asText());
        } catch (IllegalArgumentException e) {
            throw new InputFileException(src, 0, "algorithm", e.getMessage());
        }
        AgentConfig config = read(checkpoint, "agent", Learners.configType(algorithm));
        TpdsEnvConfig env;
        try {
            env = EnvironmentRecord.read(checkpoint.field("environment"));
        } catch (IllegalArgumentException e) {
            throw new InputFileException(src, 0, "environment", "unreadable: " + e.getMessage());
        }
        JsonNode t = checkpoint.field("training");
        int total = iterations != null ? iterations : t.path("iterations").asInt();
        return TrainingSpec.of(config, env, total, t.path("seed").asLong(1))
                .withEvalInterval(t.path("evalInterval").asInt(1000)).withEvalEpisodes(t.path("evalEpisodes").asInt(10))
                .withCheckpointInterval(t.path("checkpointInterval").asInt(1000));
    }

    private static <T> T read(ArrayBundle b, String field, Class<T> type) {
        try {
            return JSON.treeToValue(b.field(field), type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InputFileException(b.source(), 0, field, "unreadable: " + e.getMessage());
        }
    }

    /** The {@code network.kind} of a size-free agent (absent for the fixed-size MLP agents). */
    public static final String PAIRS = "pairs";

    /**
     * What the agent files record about the observation of {@code env} (under its wrappers): a
     * kernel environment's encoder and cluster, or the size-free environment's pair schema and the
     * clusters it trains on.
     *
     * @throws IllegalArgumentException for an environment whose observation agent files cannot describe
     */
    static Consumer<ObjectNode> observationOf(Env env, boolean busyTime) {
        Env inner = env instanceof EnvWrapper w ? w.unwrapped() : env;
        if (inner instanceof PairEnv pairs) {
            return pairObservation(pairs.schema(), pairs.variants().stream().map(KernelEnv::cluster).toList());
        }
        if (inner instanceof KernelEnv kernel) {
            return observationOf(kernel.encoder(), kernel.cluster(), busyTime);
        }
        throw new IllegalArgumentException("agent files cannot describe the observation of a "
                + inner.getClass().getSimpleName());
    }

    /**
     * The observation record of a fixed-size agent: the encoding and the cluster VM by VM (cores,
     * memory, type, site, price), which it may only run on.
     */
    static Consumer<ObjectNode> observationOf(ObservationEncoder encoder, Cluster cluster, boolean busyTime) {
        return obs -> {
        obs.put("normalised", encoder.normalised());
        obs.put("executorScale", encoder.scales().executors());
        obs.put("busyTimeScale", encoder.scales().busySeconds());
        obs.put("cluster", cluster.name());
        ArrayNode cores = obs.putArray("vmCores");
        ArrayNode memory = obs.putArray("vmMemoryGb");
        // Types, sites and prices too: an agent learnt which VMs are dear, so it only applies to
        // clusters whose VMs match one by one (checked when the agent is loaded for a cluster).
        ArrayNode types = obs.putArray("vmTypes");
        ArrayNode sites = obs.putArray("vmSites");
        ArrayNode prices = obs.putArray("vmPricePerSecond");
        for (int i = 0; i < cluster.size(); i++) {
            cores.add(cluster.vm(i).cores());
            memory.add(cluster.vm(i).memoryGb());
            types.add(cluster.vm(i).type().name());
            sites.add(cluster.vm(i).site().name().toLowerCase(java.util.Locale.ROOT));
            prices.add(cluster.vm(i).pricePerSecond());
        }
        obs.put("schema", "per VM: free cores, free memory GB" + (busyTime ? ", remaining busy s" : "")
                + "; job: type, cores, memory GB, executors left");
        };
    }

    /**
     * The observation record of a size-free agent: its schema (name, feature lists, normalisation),
     * which decides where it applies, and for information the clusters it was trained on.
     */
    static Consumer<ObjectNode> pairObservation(PairSchema schema, List<Cluster> trainedOn) {
        return obs -> {
            obs.put("schema", schema.name());
            ArrayNode context = obs.putArray("context");
            schema.context().forEach(context::add);
            ArrayNode vm = obs.putArray("vmFeatures");
            schema.vmFeatures().forEach(vm::add);
            obs.put("normalisation", PairObservation.describe(schema));
            ArrayNode clusters = obs.putArray("trainingClusters");
            for (Cluster c : trainedOn) {
                clusters.add(c.name() + " (" + c.size() + " VMs)");
            }
        };
    }

    /** The agent file a scheduler argument names: a model or checkpoint file, or a training folder. */
    public static Path resolve(Path path) {
        Path renamed = renamed(path);
        if (renamed != null) {
            return renamed;
        }
        if (Files.isDirectory(path)) {
            Path model = path.resolve(MODEL_FILE);
            if (Files.isRegularFile(model)) {
                return model;
            }
            Path checkpoint = path.resolve(CHECKPOINT_FILE);
            if (Files.isRegularFile(checkpoint)) {
                return checkpoint;
            }
            throw new IllegalArgumentException("folder " + path + " holds no " + MODEL_FILE + " or " + CHECKPOINT_FILE);
        }
        return path;
    }

    /**
     * Shipped model files renamed so that each name says one thing — LIU's pair manager was
     * {@code liu-pairs-*}, beside the size-free pair agent's {@code *-pairs} files: the old name's
     * prefix and the new one. A path by an old name that does not exist reads the renamed file beside it.
     */
    static final Map<String, String> RENAMED_PREFIXES = Map.of("liu-pairs-", "liu-pair-manager-");

    /** The renamed file a path by an old name stands for, or null. */
    private static Path renamed(Path path) {
        Path name = path.getFileName();
        if (name == null || Files.exists(path)) {
            return null;
        }
        for (Map.Entry<String, String> e : RENAMED_PREFIXES.entrySet()) {
            if (name.toString().startsWith(e.getKey())) {
                Path now = path.resolveSibling(e.getValue() + name.toString().substring(e.getKey().length()));
                return Files.exists(now) ? now : null;
            }
        }
        return null;
    }
}

package io.execplace.rl.pairs;

import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;
import io.execplace.rl.agent.NetworkFactory;
import io.execplace.rl.env.BoxSpace;
import io.execplace.rl.env.DiscreteSpace;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.EpisodeOutcome;
import io.execplace.rl.env.ObservationSettings;
import io.execplace.rl.env.PlacementActions;
import io.execplace.rl.env.Replicable;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.env.TpdsEpisodeRules;
import io.execplace.rl.nn.Network;
import org.apache.commons.rng.UniformRandomProvider;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The TPDS executor-placement environment seen through {@link PairObservation}s, over several
 * clusters: episode {@code k} runs on cluster variant {@code k mod V} and that variant's workload
 * {@code k / V} (its {@link TpdsEnv} takes them in turn), so training sees randomised clusters and
 * workloads in a fixed, seeded order. The physics, rewards and mask are the variants' own
 * {@code TpdsEnv}s' (which must mask); this class only rewrites the observation for {@link #slots()}
 * VM slots, the largest variant's size, and masks the unused slots. Action {@code 0} waits, action
 * {@code k} places on VM {@code k} of the episode's cluster; an unused slot is an invalid placement
 * (the invalid-placement reward, the episode ends), as a VM without room is.
 */
public final class PairEnv implements Env, NetworkFactory.Source, Replicable {

    private final List<TpdsEnv> variants;
    private final PairSchema schema;
    private final List<PairObservation> observations;
    private final int slots;
    private final BoxSpace observationSpace;
    private final DiscreteSpace actionSpace;
    private final double[] observation;
    private final boolean[] mask;
    private final StepResult result = new StepResult();

    private TpdsEnv env;
    private PairObservation writer;
    private int[] here;
    private int[] freeCores;
    private double[] freeMemory;
    private double[] busy;
    private int jobIndex;

    /**
     * The settings of the TPDS environments a pair environment runs under {@code rules}: masked, and
     * otherwise raw (the pair observation replaces theirs, and the pair environment has no step limit).
     */
    public static TpdsEnvConfig tpdsConfig(TpdsEpisodeRules rules) {
        return new TpdsEnvConfig(rules, new ObservationSettings(false, true, 0), false);
    }

    /**
     * @param variants one masked environment per cluster variant, each with its workloads
     */
    public PairEnv(List<TpdsEnv> variants) {
        this(variants, PairSchema.PLACEMENT);
    }

    /**
     * @param variants one masked environment per cluster variant, each with its workloads
     * @param schema   the features observed
     */
    public PairEnv(List<TpdsEnv> variants, PairSchema schema) {
        if (variants.isEmpty()) {
            throw new IllegalArgumentException("the pair environment needs at least one cluster");
        }
        int s = 0;
        for (TpdsEnv e : variants) {
            if (!e.config().masking()) {
                throw new IllegalArgumentException("the pair environment needs masked environments (cluster '"
                        + e.cluster().name() + "')");
            }
            s = Math.max(s, e.cluster().size());
        }
        this.variants = List.copyOf(variants);
        this.schema = schema;
        this.slots = s;
        List<PairObservation> w = new ArrayList<>();
        for (TpdsEnv e : variants) {
            w.add(new PairObservation(schema, e.cluster(), e.durationModel(), s));
        }
        this.observations = List.copyOf(w);
        int n = schema.size(s);
        double[] low = new double[n];
        double[] high = new double[n];
        Arrays.fill(high, Double.POSITIVE_INFINITY);
        List<String> labels = new ArrayList<>(schema.context());
        for (int i = 1; i <= s; i++) {
            for (String f : schema.vmFeatures()) {
                labels.add("vm" + i + "." + f);
            }
        }
        this.observationSpace = new BoxSpace(low, high, labels);
        List<String> actions = new ArrayList<>(s + 1);
        actions.add("wait");
        for (int i = 1; i <= s; i++) {
            actions.add("place on vm" + i);
        }
        this.actionSpace = new DiscreteSpace(actions);
        this.observation = new double[n];
        this.mask = new boolean[s + 1];
    }

    /** VM slots of the observation: the largest variant's VM count. */
    public int slots() {
        return slots;
    }

    /** The features observed. */
    public PairSchema schema() {
        return schema;
    }

    /** The cluster variants' environments. */
    public List<TpdsEnv> variants() {
        return variants;
    }

    /** Executors of the current job placed on VM {@code vm} of the episode's cluster so far. */
    public int executorsHere(int vm) {
        return here[vm];
    }

    /** The environment of the running (or last) episode. */
    public TpdsEnv current() {
        return env;
    }

    @Override
    public BoxSpace observationSpace() {
        return observationSpace;
    }

    @Override
    public DiscreteSpace actionSpace() {
        return actionSpace;
    }

    @Override
    public double[] reset(long seed, long episode) {
        int v = (int) Math.floorMod(episode, (long) variants.size());
        env = variants.get(v);
        writer = observations.get(v);
        int n = env.cluster().size();
        here = new int[n];
        freeCores = new int[n];
        freeMemory = new double[n];
        busy = new double[n];
        env.reset(seed, Math.floorDiv(episode, variants.size()));
        jobIndex = env.currentJobIndex();
        refresh();
        return observation;
    }

    @Override
    public StepResult step(int action) {
        if (env == null) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        PlacementActions.checkAction(action, slots);
        // An unused slot is masked out like a VM without room, and ends the episode as that does.
        StepResult r = action > env.cluster().size() ? env.stepInvalid() : env.step(action);
        if (action > 0 && !r.terminated()) {
            here[action - 1]++;
        }
        if (env.currentJobIndex() != jobIndex || env.executorsPlaced() == 0) {
            Arrays.fill(here, 0);
            jobIndex = env.currentJobIndex();
        }
        refresh();
        result.set(observation, r.reward(), r.terminated(), r.truncated(), r.event());
        return result;
    }

    /** Rewrites observation and mask from the current environment. */
    private void refresh() {
        ClusterView view = env.clusterView();
        for (int vm = 0; vm < here.length; vm++) {
            freeCores[vm] = view.freeCores(vm);
            freeMemory[vm] = view.freeMemoryGb(vm);
            busy[vm] = view.remainingBusyTime(vm);
        }
        Job job = env.currentJob();
        if (env.executorsPlaced() == 0) {
            // Node state as of the decision's start, as the agent sees it when it runs as a scheduler.
            writer.readNodes(view);
        }
        writer.write(observation, job, env.executorsPlaced(), here, freeCores, freeMemory, busy, view.now());
        boolean[] m = env.actionMask();
        Arrays.fill(mask, false);
        System.arraycopy(m, 0, mask, 0, m.length);
    }

    @Override
    public boolean[] actionMask() {
        return mask;
    }

    @Override
    public EpisodeOutcome outcome() {
        if (env == null) {
            throw new IllegalStateException("no episode yet: call reset first");
        }
        return env.outcome();
    }

    /** A copy over copies of the same variants (same episodes for the same seeds). */
    @Override
    public PairEnv replicate() {
        return new PairEnv(variants.stream().map(TpdsEnv::copy).toList(), schema);
    }

    @Override
    public NetworkFactory networks() {
        return new NetworkFactory() {
            @Override
            public Network policy(int observationSize, int actions, List<Integer> hidden, UniformRandomProvider rng) {
                return PairNetwork.policy(schema, slots, hidden, rng);
            }

            @Override
            public Network value(int observationSize, List<Integer> hidden, UniformRandomProvider rng) {
                return PairNetwork.value(schema, slots, hidden, rng);
            }
        };
    }
}

package io.execplace.liu.agent;

import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuView;
import io.execplace.rl.agent.Rngs;
import io.execplace.liu.env.LiuEnv;
import io.execplace.liu.env.LiuObservation;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Gemm;
import io.execplace.rl.nn.GemmMlp;
import io.execplace.rl.nn.Mlp;
import io.execplace.liu.managers.LiuBaselines;
import org.apache.commons.rng.RestorableUniformRandomProvider;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The LIU agent: one value network {@code state(application) → value of each cluster}, used to
 * score every waiting (application, cluster) pair in one batched forward pass; the improved
 * ε-greedy of Eq. 3; a replay of the latest decisions with their Monte-Carlo values; and SGD on the
 * squared error of the chosen cluster's output. Scoring runs in one batched pass of a
 * {@link PairScorer} (float, the shared cluster part computed once); training batches go through native BLAS when the system has one ({@link Gemm}), which
 * {@code docs/liu.md} measures about 4× faster there, and through {@link Mlp} otherwise — so runs
 * are bit-for-bit reproducible on one machine set-up, not across set-ups. Not thread-safe.
 */
public final class LiuValueAgent {

    private final LiuAgentConfig config;
    private final LiuObservation encoder;
    private final Mlp net;
    /** Whole-batch products for training when a native BLAS is present (measured faster); else null. */
    private final GemmMlp batchNet;
    private final PairScorer scorer;
    private double[] q = new double[0];
    private final int width;
    private final int clusters;
    private final RestorableUniformRandomProvider rng;
    private final LiuManager guide;

    private final float[] replayStates;
    private final int[] replayActions;
    private final double[] replayValues;
    private int replaySize;
    private int replayNext;

    private float[] episodeStates = new float[0];
    private int[] episodeActions = new int[64];
    private int[] episodeApps = new int[64];
    private int episodeDecisions;

    private double[] rows = new double[0];
    private double[] batch = new double[0];
    private double[] dOut = new double[0];
    private int[] order = new int[0];
    private long decisions;
    private long updates;

    public LiuValueAgent(LiuAgentConfig config, LiuObservation encoder, long seed) {
        this.config = config;
        this.encoder = encoder;
        this.width = encoder.size();
        this.clusters = encoder.clusters();
        this.rng = Rngs.create(seed);
        int[] sizes = new int[config.hidden().length + 2];
        sizes[0] = width;
        System.arraycopy(config.hidden(), 0, sizes, 1, config.hidden().length);
        sizes[sizes.length - 1] = clusters;
        this.net = Mlp.create(sizes, Activation.RELU, rng);
        this.batchNet = Gemm.nativeBlasAvailable() ? new GemmMlp(net, Gemm.blas()) : null;
        this.scorer = new PairScorer(net, encoder.appOffset());
        this.guide = LiuBaselines.of(config.guide());
        this.replayStates = new float[config.replay() * width];
        this.replayActions = new int[config.replay()];
        this.replayValues = new double[config.replay()];
    }

    public LiuAgentConfig config() {
        return config;
    }

    public LiuObservation encoder() {
        return encoder;
    }

    public Mlp network() {
        return net;
    }

    public int replaySize() {
        return replaySize;
    }

    public long decisions() {
        return decisions;
    }

    public long updates() {
        return updates;
    }

    /**
     * Scores every waiting (application, cluster) pair in one forward pass and returns the best as
     * {@code application × clusters + cluster}; ties go to the earliest application, then the lowest
     * cluster.
     */
    public int greedy(LiuView view) {
        int n = view.waitingCount();
        if (rows.length < n * width) {
            rows = new double[Math.max(n, 8) * width];
        }
        encoder.writeClusters(view, rows, 0);
        for (int k = 1; k < n; k++) {
            System.arraycopy(rows, 0, rows, k * width, encoder.appOffset());
        }
        for (int k = 0; k < n; k++) {
            encoder.writeApp(view.waiting(k), rows, k * width + encoder.appOffset());
        }
        if (q.length < n * clusters) {
            q = new double[Math.max(n, 8) * clusters];
        }
        scorer.score(rows, n, q);
        int best = 0;
        for (int p = 1; p < n * clusters; p++) {
            if (q[p] > q[best]) {
                best = p;
            }
        }
        return best;
    }

    /**
     * Eq. 3: with probability ε1 explore — a random pair with probability ε2 (always, for plain
     * ε-greedy), else the guiding baseline's choice — otherwise the greedy pair. Returns
     * {@code application × clusters + cluster}.
     */
    public int choose(LiuView view, double epsilon1) {
        decisions++;
        if (rng.nextDouble() < epsilon1) {
            if (!config.guided() || rng.nextDouble() < config.epsilon2()) {
                return rng.nextInt(view.waitingCount() * clusters);
            }
            LiuManager.Dispatch d = guide.decide(view);
            return d.waiting() * clusters + d.cluster();
        }
        return greedy(view);
    }

    /**
     * Plays one training episode in the environment (already reset), remembering each decision's
     * state and action; returns the decisions taken. Call {@link #endEpisode} afterwards.
     */
    public int playEpisode(LiuEnv env, double epsilon1) {
        episodeDecisions = 0;
        while (env.waitingCount() > 0) {
            int pair = choose(env.view(), epsilon1);
            int k = pair / clusters;
            int cluster = pair % clusters;
            int app = env.view().waiting(k).id();
            double[] obs = env.select(k);
            remember(obs, cluster, app);
            env.step(cluster);
        }
        return episodeDecisions;
    }

    private void remember(double[] obs, int action, int app) {
        int d = episodeDecisions;
        if ((d + 1) * width > episodeStates.length) {
            episodeStates = Arrays.copyOf(episodeStates, Math.max(64, 2 * (d + 1)) * width);
        }
        if (d == episodeActions.length) {
            episodeActions = Arrays.copyOf(episodeActions, 2 * d);
            episodeApps = Arrays.copyOf(episodeApps, 2 * d);
        }
        for (int i = 0; i < width; i++) {
            episodeStates[d * width + i] = (float) obs[i];
        }
        episodeActions[d] = action;
        episodeApps[d] = app;
        episodeDecisions++;
    }

    /**
     * Supplements the episode's decisions with their Monte-Carlo values (Eqs. 1–2) and pushes them
     * into the replay; then, if the replay holds more than {@code samples} decisions, trains on that
     * many drawn at random. Returns the mean squared error before the update, or NaN when not trained.
     */
    public double endEpisode(io.execplace.liu.sim.LiuEpisode episode) {
        for (int d = 0; d < episodeDecisions; d++) {
            double v = MonteCarloValues.value(episode, episodeApps[d], config.lambda(), config.gamma(), config.eta());
            System.arraycopy(episodeStates, d * width, replayStates, replayNext * width, width);
            replayActions[replayNext] = episodeActions[d];
            replayValues[replayNext] = v;
            replayNext = (replayNext + 1) % config.replay();
            replaySize = Math.min(replaySize + 1, config.replay());
        }
        episodeDecisions = 0;
        if (replaySize <= config.samples()) {
            return Double.NaN;
        }
        return train();
    }

    private double train() {
        int n = config.samples();
        if (order.length != replaySize) {
            order = new int[replaySize];
        }
        for (int i = 0; i < replaySize; i++) { // from the identity every time, so a resumed run draws the same
            order[i] = i;
        }
        for (int i = 0; i < n; i++) { // partial Fisher–Yates: n distinct samples (random.sample)
            int j = i + rng.nextInt(replaySize - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int mb = config.miniBatch();
        if (batch.length < mb * width) {
            batch = new double[mb * width];
            dOut = new double[mb * clusters];
        }
        double[] params = net.parameters();
        double[] grads = net.gradients();
        double lossSum = 0;
        for (int start = 0; start < n; start += mb) {
            int b = Math.min(mb, n - start);
            for (int r = 0; r < b; r++) {
                int s = order[start + r];
                for (int i = 0; i < width; i++) {
                    batch[r * width + i] = replayStates[s * width + i];
                }
            }
            double[] q = batchNet != null ? batchNet.forward(batch, b) : net.forward(batch, b);
            Arrays.fill(dOut, 0, b * clusters, 0);
            for (int r = 0; r < b; r++) {
                int s = order[start + r];
                int o = r * clusters + replayActions[s];
                double err = q[o] - replayValues[s];
                lossSum += err * err;
                dOut[o] = 2 * err / b;
            }
            net.zeroGradients();
            if (batchNet != null) {
                batchNet.backward(dOut, b);
            } else {
                net.backward(dOut, b);
            }
            double lr = config.learningRate();
            for (int p = 0; p < params.length; p++) {
                params[p] -= lr * grads[p];
            }
            updates++;
        }
        scorer.refresh();
        return lossSum / n;
    }

    /** Replaces the network's parameters (e.g. from a model file). */
    void setParameters(double[] params) {
        net.setParameters(params);
        scorer.refresh();
    }

    /** The complete state for a checkpoint. */
    void save(ArrayBundle b) {
        b.put("value.params", net.parameters());
        ByteBuffer buf = ByteBuffer.allocate(replaySize * width * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        buf.asFloatBuffer().put(replayStates, 0, replaySize * width);
        b.put("replay.states", buf.array());
        long[] actions = new long[replaySize];
        for (int i = 0; i < replaySize; i++) {
            actions[i] = replayActions[i];
        }
        b.put("replay.actions", actions);
        b.put("replay.values", Arrays.copyOf(replayValues, replaySize));
        b.put("counters", new long[] {replayNext, decisions, updates});
        b.put("rng", Rngs.save(rng));
    }

    /** Restores what {@link #save} wrote (same settings and encoder). */
    void restore(ArrayBundle b) {
        setParameters(b.doubles("value.params"));
        byte[] states = b.bytes("replay.states");
        int n = states.length / Float.BYTES / width;
        if (n > config.replay()) {
            throw new IllegalArgumentException(b.source() + ": replay of " + n + " decisions exceeds the configured " + config.replay());
        }
        ByteBuffer.wrap(states).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(replayStates, 0, n * width);
        long[] actions = b.longs("replay.actions");
        double[] values = b.doubles("replay.values");
        for (int i = 0; i < n; i++) {
            replayActions[i] = (int) actions[i];
            replayValues[i] = values[i];
        }
        replaySize = n;
        long[] counters = b.longs("counters");
        replayNext = (int) counters[0];
        decisions = counters[1];
        updates = counters[2];
        Rngs.restore(rng, b.bytes("rng"));
    }
}

package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Softmax;
import org.apache.commons.rng.RestorableUniformRandomProvider;

/**
 * Deep Q-learning (TPDS §5.1, Algorithm 1; Mnih et al. 2015): each iteration collects
 * {@code collectSteps} transitions with an ε-greedy policy into a replay buffer, then takes one
 * Adam step on the TD loss of a uniformly sampled batch, with targets from a periodically copied
 * target network: {@code y = r + γ · max_a' Q_target(s', a')} over the actions allowed in
 * {@code s'} (Double DQN: the online network picks {@code a'}). Episodes continue across iterations.
 */
public final class DqnLearner implements Learner {

    private final DqnConfig config;
    private final Env env;
    private final EpisodeCursor cursor;
    private final RestorableUniformRandomProvider rng;
    private final Mlp online;
    private final Mlp target;
    private final Adam adam;
    private final ReplayBuffer replay;
    private final int observationSize;
    private final int actions;

    private final double[] previous;
    private final double[] batchStates;
    private final double[] batchNext;
    private final double[] targets;
    private final int[] nextBest;
    private final int[] sample;
    private final double[] dOutput;

    private long steps;
    private long episodes;
    private long updates;
    private boolean warmedUp;

    public DqnLearner(DqnConfig config, Env env, long seed) {
        this.config = config;
        this.env = env;
        this.cursor = new EpisodeCursor(env);
        this.rng = Rngs.create(seed);
        this.observationSize = env.observationSize();
        this.actions = env.actionCount();
        this.online = Mlp.create(Hyper.sizes(observationSize, config.hidden(), actions), Activation.RELU, rng);
        this.target = online.copy();
        this.adam = new Adam(online.parameterCount(), config.learningRate(), config.gradientClip());
        this.replay = new ReplayBuffer(config.replayCapacity(), observationSize, actions);
        int b = config.batchSize();
        previous = new double[observationSize];
        batchStates = new double[b * observationSize];
        batchNext = new double[b * observationSize];
        targets = new double[b];
        nextBest = new int[b];
        sample = new int[b];
        dOutput = new double[b * actions];
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.DQN;
    }

    @Override
    public Mlp policyNetwork() {
        return online;
    }

    @Override
    public long totalSteps() {
        return steps;
    }

    @Override
    public long totalEpisodes() {
        return episodes;
    }

    public DqnConfig config() {
        return config;
    }

    @Override
    public IterationStats iterate() {
        int finished = 0;
        double returns = 0;
        int taken = 0;
        if (!warmedUp) {
            for (int i = 0; i < config.warmupSteps(); i++) {
                if (collect(true)) {
                    finished++;
                    returns += cursor.episodeReturn();
                }
            }
            taken += config.warmupSteps();
            warmedUp = true;
        }
        for (int i = 0; i < config.collectSteps(); i++) {
            if (collect(false)) {
                finished++;
                returns += cursor.episodeReturn();
            }
        }
        taken += config.collectSteps();
        double loss = replay.size() >= config.batchSize() ? update() : Double.NaN;
        return new IterationStats(taken, finished, finished == 0 ? Double.NaN : returns / finished, loss);
    }

    /** One environment step into the replay buffer; true when it ended an episode. */
    private boolean collect(boolean random) {
        if (!cursor.active()) {
            cursor.begin();
        }
        double[] s = cursor.observation();
        System.arraycopy(s, 0, previous, 0, observationSize);
        boolean[] mask = env.actionMask();
        int a;
        if (random || rng.nextDouble() < config.epsilon()) {
            a = Sampling.uniform(mask, actions, rng);
        } else {
            a = Softmax.argmax(online.forward(s, 1), 0, actions, mask);
        }
        StepResult r = cursor.step(a);
        steps++;
        replay.add(previous, a, r.reward() * config.rewardScale(), r.observation(), r.terminated(), env.actionMask());
        if (r.done()) {
            episodes++;
            return true;
        }
        return false;
    }

    /** One gradient step on a sampled batch; returns the batch's mean TD loss. */
    private double update() {
        int b = config.batchSize();
        int n = observationSize;
        for (int i = 0; i < b; i++) {
            int k = rng.nextInt(replay.size());
            sample[i] = k;
            System.arraycopy(replay.states, k * n, batchStates, i * n, n);
            System.arraycopy(replay.nextStates, k * n, batchNext, i * n, n);
        }
        if (config.doubleDqn()) {
            double[] q = online.forward(batchNext, b);
            for (int i = 0; i < b; i++) {
                nextBest[i] = bestAllowed(q, i, sample[i]);
            }
        }
        double[] qTarget = target.forward(batchNext, b);
        for (int i = 0; i < b; i++) {
            int k = sample[i];
            double next = 0;
            if (!replay.terminal[k]) {
                int a = config.doubleDqn() ? nextBest[i] : bestAllowed(qTarget, i, k);
                next = qTarget[i * actions + a];
            }
            targets[i] = replay.reward[k] + config.gamma() * next;
        }
        double[] q = online.forward(batchStates, b);
        java.util.Arrays.fill(dOutput, 0);
        double loss = 0;
        for (int i = 0; i < b; i++) {
            int idx = i * actions + replay.action[sample[i]];
            loss += config.loss().value(q[idx], targets[i]);
            dOutput[idx] = config.loss().gradient(q[idx], targets[i]) / b;
        }
        online.zeroGradients();
        online.backward(dOutput, b);
        adam.step(online.parameters(), online.gradients());
        updates++;
        if (updates % config.targetUpdatePeriod() == 0) {
            target.copyParametersFrom(online);
        }
        return loss / b;
    }

    /** The best action of row {@code i} of {@code q} among those allowed in the stored next state (all if none). */
    private int bestAllowed(double[] q, int i, int k) {
        int best = -1;
        double bestValue = Double.NEGATIVE_INFINITY;
        int maskFrom = k * actions;
        for (int a = 0; a < actions; a++) {
            if (replay.nextMask[maskFrom + a] && (best < 0 || q[i * actions + a] > bestValue)) {
                best = a;
                bestValue = q[i * actions + a];
            }
        }
        return best >= 0 ? best : Softmax.argmax(q, i * actions, actions, null);
    }

    @Override
    public void save(ArrayBundle b) {
        b.put("policy.params", online.parameters());
        b.put("dqn.target", target.parameters());
        b.put("dqn.adam.m", adam.firstMoments());
        b.put("dqn.adam.v", adam.secondMoments());
        b.put("dqn.counters", new long[]{steps, episodes, updates, warmedUp ? 1 : 0, adam.steps()});
        b.put("dqn.rng", Rngs.save(rng));
        replay.save(b, "dqn.");
        cursor.save(b, "dqn.");
    }

    @Override
    public void restore(ArrayBundle b) {
        int p = online.parameterCount();
        online.setParameters(b.doubles("policy.params", p));
        target.setParameters(b.doubles("dqn.target", p));
        long[] c = b.longs("dqn.counters");
        adam.restore(b.doubles("dqn.adam.m", p), b.doubles("dqn.adam.v", p), c[4]);
        steps = c[0];
        episodes = c[1];
        updates = c[2];
        warmedUp = c[3] == 1;
        replay.restore(b, "dqn.");
        cursor.restore(b, "dqn.");
        // Last, so that replaying the running episode cannot disturb the generator's saved state.
        Rngs.restore(rng, b.bytes("dqn.rng"));
    }
}

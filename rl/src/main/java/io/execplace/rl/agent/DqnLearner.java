package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Softmax;

import java.util.Arrays;

/**
 * Deep Q-learning (TPDS §5.1, Algorithm 1; Mnih et al. 2015): each iteration collects
 * {@code collectSteps} transitions with an ε-greedy policy into a replay buffer, then takes one
 * Adam step on the TD loss of a uniformly sampled batch, with targets from a periodically copied
 * target network: {@code y = r + γ · max_a' Q_target(s', a')} over the actions allowed in
 * {@code s'} (Double DQN: the online network picks {@code a'}). Episodes continue across iterations.
 */
public final class DqnLearner extends ReplayLearner {

    private final DqnConfig config;
    private final Mlp online;
    private final Mlp target;
    private final Adam adam;
    private final double[] targets;
    private final int[] nextBest;
    private final double[] dOutput;

    public DqnLearner(DqnConfig config, Env env, long seed) {
        super(env, seed, config.replayCapacity(), false, config.batchSize(), config.collectSteps(), config.warmupSteps(),
                config.rewardScale());
        this.config = config;
        this.online = Mlp.create(Hyper.sizes(observationSize, config.hidden(), actions), Activation.RELU, rng);
        this.target = online.copy();
        this.adam = new Adam(online.parameterCount(), config.learningRate(), config.gradientClip());
        int b = config.batchSize();
        targets = new double[b];
        nextBest = new int[b];
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

    public DqnConfig config() {
        return config;
    }

    /** ε-greedy: a uniformly random allowed action with probability ε, else the best allowed one. */
    @Override
    protected int chooseAction(double[] s, boolean[] mask) {
        if (rng.nextDouble() < config.epsilon()) {
            return Sampling.uniform(mask, actions, rng);
        }
        return Softmax.argmax(online.forward(s, 1), 0, actions, mask);
    }

    /** One gradient step on a sampled batch; returns the batch's mean TD loss. */
    @Override
    protected double update() {
        int b = config.batchSize();
        sampleBatch();
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
        Arrays.fill(dOutput, 0);
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
        saveShared(b, "dqn.", adam.steps());
    }

    @Override
    public void restore(ArrayBundle b) {
        int p = online.parameterCount();
        online.setParameters(b.doubles("policy.params", p));
        target.setParameters(b.doubles("dqn.target", p));
        long[] c = restoreShared(b, "dqn.");
        adam.restore(b.doubles("dqn.adam.m", p), b.doubles("dqn.adam.v", p), c[4]);
    }
}

package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.nn.Softmax;

import java.util.Arrays;

/**
 * The off-policy actor-critic that takes DDPG/TD3's place of the ZH report for discrete actions:
 * soft actor-critic for discrete actions (Haarnoja et al. 2018; Christodoulou 2019), with TD3's
 * twin critics and the minimum of their target values (Fujimoto et al. 2018). DDPG and TD3 act in
 * continuous action spaces; executor placement picks one of N + 1 actions, where the actor's
 * softmax lets every expectation over actions be computed exactly.
 *
 * <p>Each iteration collects {@code collectSteps} transitions sampled from the actor's masked
 * softmax policy into a replay buffer and then, on one uniformly sampled batch:
 * <ol>
 *   <li>fits both critics to {@code y = r + γ Σ_a' π(a'|s') (min_i Q̄_i(s', a') − α log π(a'|s'))}
 *       (0 after a terminal step), the target critics Q̄ trailing the critics by Polyak averaging (τ);</li>
 *   <li>moves the actor down {@code Σ_a π(a|s) (α log π(a|s) − min_i Q_i(s, a))}, whose gradient with
 *       respect to logit b is {@code π_b (f_b − Σ_a π_a f_a)} with {@code f_a = α log π_a − min_i Q_i(s, a)};</li>
 *   <li>tunes the temperature α so that the policy's entropy tends to {@code targetEntropy × log(allowed actions)}.</li>
 * </ol>
 * Only allowed actions (the stored masks of s and s') take part. The greedy policy is the actor's argmax.
 */
public final class SacLearner extends ReplayLearner {

    private final SacConfig config;
    private final Mlp actor;
    private final Mlp[] critics = new Mlp[2];
    private final Mlp[] targets = new Mlp[2];
    private final Adam actorAdam;
    private final Adam[] criticAdams = new Adam[2];
    private final Adam temperatureAdam;
    private final double[] logTemperature = new double[1];
    private final double[] temperatureGradient = new double[1];

    private final double[] y;
    private final double[] probabilities;
    private final double[] minQ;
    private final double[] dOutput;
    private final boolean[] maskRow;

    public SacLearner(SacConfig config, Env env, long seed) {
        super(env, seed, config.replayCapacity(), true, config.batchSize(), config.collectSteps(), config.warmupSteps(),
                config.rewardScale());
        this.config = config;
        int[] sizes = Hyper.sizes(observationSize, config.hidden(), actions);
        this.actor = Mlp.create(sizes, Activation.RELU, rng);
        this.actorAdam = new Adam(actor.parameterCount(), config.learningRate(), config.gradientClip());
        for (int i = 0; i < 2; i++) {
            critics[i] = Mlp.create(sizes, Activation.RELU, rng);
            targets[i] = critics[i].copy();
            criticAdams[i] = new Adam(critics[i].parameterCount(), config.learningRate(), config.gradientClip());
        }
        this.temperatureAdam = new Adam(1, config.learningRate(), 0);
        this.logTemperature[0] = Math.log(config.initialTemperature());
        int b = config.batchSize();
        y = new double[b];
        probabilities = new double[b * actions];
        minQ = new double[b * actions];
        dOutput = new double[b * actions];
        maskRow = new boolean[actions];
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.SAC;
    }

    @Override
    public Mlp policyNetwork() {
        return actor;
    }

    public SacConfig config() {
        return config;
    }

    /** The entropy temperature α now. */
    public double temperature() {
        return Math.exp(logTemperature[0]);
    }

    /** Sampled from the actor's masked softmax. */
    @Override
    protected int chooseAction(double[] s, boolean[] mask) {
        Softmax.probabilities(actor.forward(s, 1), 0, actions, mask, probabilities, 0);
        return Sampling.categorical(probabilities, 0, actions, rng);
    }

    /** One gradient step of the critics, the actor and the temperature; returns the critics' mean TD loss. */
    @Override
    protected double update() {
        int b = config.batchSize();
        sampleBatch();
        double alpha = temperature();
        criticTargets(alpha, b);
        double loss = fitCritic(0, b) + fitCritic(1, b);
        improveActor(alpha, b);
        for (int i = 0; i < 2; i++) {
            double[] t = targets[i].parameters();
            double[] o = critics[i].parameters();
            double tau = config.targetSmoothing();
            for (int p = 0; p < t.length; p++) {
                t[p] += tau * (o[p] - t[p]);
            }
        }
        updates++;
        return loss / 2;
    }

    /** {@code y_i = r + γ V̄(s'_i)}, the soft value of s' under the actor and the smaller target critic. */
    private void criticTargets(double alpha, int b) {
        double[] logits = actor.forward(batchNext, b);
        for (int i = 0; i < b; i++) {
            int k = sample[i];
            if (!replay.terminal[k]) {
                Softmax.probabilities(logits, i * actions, actions, row(replay.nextMask, k), probabilities, i * actions);
            }
        }
        double[] q0 = targets[0].forward(batchNext, b);
        double[] q1 = targets[1].forward(batchNext, b);
        for (int i = 0; i < b; i++) {
            int k = sample[i];
            double next = 0;
            if (!replay.terminal[k]) {
                int o = i * actions;
                for (int a = 0; a < actions; a++) {
                    double p = probabilities[o + a];
                    if (p > 0) {
                        next += p * (Math.min(q0[o + a], q1[o + a]) - alpha * Math.log(p));
                    }
                }
            }
            y[i] = replay.reward[k] + config.gamma() * next;
        }
    }

    /** One Adam step of critic {@code c} on {@code (Q_c(s, a) − y)²}; returns the batch's mean loss. */
    private double fitCritic(int c, int b) {
        Mlp critic = critics[c];
        double[] q = critic.forward(batchStates, b);
        Arrays.fill(dOutput, 0);
        double loss = 0;
        for (int i = 0; i < b; i++) {
            int idx = i * actions + replay.action[sample[i]];
            double e = q[idx] - y[i];
            loss += e * e;
            dOutput[idx] = 2 * e / b;
        }
        critic.zeroGradients();
        critic.backward(dOutput, b);
        criticAdams[c].step(critic.parameters(), critic.gradients());
        return loss / b;
    }

    /** One Adam step of the actor on the soft policy objective, then one of the temperature. */
    private void improveActor(double alpha, int b) {
        double[] q0 = critics[0].forward(batchStates, b);
        double[] q1 = critics[1].forward(batchStates, b);
        for (int j = 0; j < b * actions; j++) {
            minQ[j] = Math.min(q0[j], q1[j]);
        }
        // The actor's forward pass last, so that its backward pass sees this batch's activations.
        double[] logits = actor.forward(batchStates, b);
        double entropyGap = 0;
        for (int i = 0; i < b; i++) {
            int o = i * actions;
            boolean[] mask = row(replay.stateMask, sample[i]);
            Softmax.probabilities(logits, o, actions, mask, probabilities, o);
            double objective = 0;
            int allowed = 0;
            for (int a = 0; a < actions; a++) {
                double p = probabilities[o + a];
                if (p > 0) {
                    objective += p * (alpha * Math.log(p) - minQ[o + a]);
                }
                allowed += mask[a] ? 1 : 0;
            }
            for (int a = 0; a < actions; a++) {
                double p = probabilities[o + a];
                dOutput[o + a] = p > 0 ? p * (alpha * Math.log(p) - minQ[o + a] - objective) / b : 0;
            }
            double entropy = Softmax.entropy(probabilities, o, actions);
            entropyGap += entropy - config.targetEntropy() * Math.log(allowed);
        }
        actor.zeroGradients();
        actor.backward(dOutput, b);
        actorAdam.step(actor.parameters(), actor.gradients());
        if (config.targetEntropy() > 0) {
            // J(α) = α (H − H̄): dJ/d log α = α (H − H̄); too much entropy lowers α, too little raises it.
            temperatureGradient[0] = alpha * entropyGap / b;
            temperatureAdam.step(logTemperature, temperatureGradient);
        }
    }

    /** Row {@code k} of a stored mask array, copied so that it starts at index 0. */
    private boolean[] row(boolean[] masks, int k) {
        System.arraycopy(masks, k * actions, maskRow, 0, actions);
        return maskRow;
    }

    @Override
    public void save(ArrayBundle b) {
        b.put("policy.params", actor.parameters());
        b.put("sac.actor.adam.m", actorAdam.firstMoments());
        b.put("sac.actor.adam.v", actorAdam.secondMoments());
        for (int i = 0; i < 2; i++) {
            b.put("sac.critic" + i, critics[i].parameters());
            b.put("sac.target" + i, targets[i].parameters());
            b.put("sac.critic" + i + ".adam.m", criticAdams[i].firstMoments());
            b.put("sac.critic" + i + ".adam.v", criticAdams[i].secondMoments());
        }
        b.put("sac.temperature", new double[]{logTemperature[0], temperatureAdam.firstMoments()[0],
            temperatureAdam.secondMoments()[0]});
        saveShared(b, "sac.", actorAdam.steps(), criticAdams[0].steps(), criticAdams[1].steps(), temperatureAdam.steps());
    }

    @Override
    public void restore(ArrayBundle b) {
        int p = actor.parameterCount();
        actor.setParameters(b.doubles("policy.params", p));
        for (int i = 0; i < 2; i++) {
            int q = critics[i].parameterCount();
            critics[i].setParameters(b.doubles("sac.critic" + i, q));
            targets[i].setParameters(b.doubles("sac.target" + i, q));
        }
        double[] t = b.doubles("sac.temperature", 3);
        logTemperature[0] = t[0];
        long[] c = restoreShared(b, "sac.");
        actorAdam.restore(b.doubles("sac.actor.adam.m", p), b.doubles("sac.actor.adam.v", p), c[4]);
        for (int i = 0; i < 2; i++) {
            int q = critics[i].parameterCount();
            criticAdams[i].restore(b.doubles("sac.critic" + i + ".adam.m", q), b.doubles("sac.critic" + i + ".adam.v", q),
                    c[5 + i]);
        }
        temperatureAdam.restore(new double[]{t[1]}, new double[]{t[2]}, c[7]);
    }
}

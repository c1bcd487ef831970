package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Minibatches;
import io.execplace.rl.nn.Network;
import io.execplace.rl.nn.Softmax;

/**
 * Proximal policy optimisation with the clipped surrogate objective (Schulman et al. 2017; the ZH
 * report's PPO agent): each iteration samples {@code episodesPerIteration} whole episodes, estimates
 * advantages with GAE(λ) from a separate critic network, then makes {@code epochs} passes over the
 * steps in shuffled minibatches, minimising {@code −min(ρA, clip(ρ, 1±ε)A) − c_H·H} for the actor and
 * {@code c_V·(V(s) − R)²} for the critic, each with its own Adam optimiser.
 */
public final class PpoLearner extends RolloutLearner {

    /** Steps labelled by expert iteration's rounds, kept across rounds (DAgger's aggregate); null before the first. */
    private Rollout demonstrations;

    private final PpoConfig config;
    private final Network critic;
    private final Adam criticAdam;
    private double[] values = new double[0];
    private double[] advantages = new double[0];
    private double[] targets = new double[0];
    private int[] order = new int[0];
    // Sums over the iteration's trained steps, for its diagnostics.
    private double entropySum;
    private double valueErrorSum;
    private double klSum;
    private double klMinibatch;
    private int clipped;
    private long trained;

    public PpoLearner(PpoConfig config, Env env, long seed) {
        super(env, seed, config.hidden(), config.learningRate(), config.gradientClip());
        this.config = config;
        this.critic = valueNetwork(config.hidden());
        this.criticAdam = new Adam(critic.parameterCount(), config.learningRate(), config.gradientClip());
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.PPO;
    }

    @Override
    public IterationStats iterate() {
        int n = collect(config.episodesPerIteration(), config.rewardScale());
        ensureSteps(n);
        pg.values(critic, rollout, values);
        generalisedAdvantages(n);
        if (config.normalizeAdvantages()) {
            PolicyGradient.standardise(advantages, n);
        }
        for (int t = 0; t < n; t++) {
            order[t] = t;
        }
        double explained = Diagnostics.explainedVariance(values, targets, n);
        double loss = 0;
        int m = Math.min(config.minibatchSize(), n);
        entropySum = 0;
        valueErrorSum = 0;
        klSum = 0;
        clipped = 0;
        trained = 0;
        for (int epoch = 0; epoch < config.epochs(); epoch++) {
            Minibatches.shuffle(order, n, rng);
            for (int from = 0; from + m <= n; from += m) {
                loss = update(from, m);
            }
            // CleanRL's early stop: the last minibatch moved the policy too far from the one that acted.
            if (config.targetKl() > 0 && klMinibatch > config.targetKl()) {
                break;
            }
        }
        Diagnostics d = trained == 0 ? Diagnostics.NONE : Diagnostics.NONE
                .withEntropy(entropySum / trained)
                .withValueLoss(valueErrorSum / trained)
                .withPpo(klSum / trained, (double) clipped / trained, explained);
        return new IterationStats(n, rollout.episodes, rollout.returnSum / rollout.episodes, loss, d);
    }

    /**
     * Behaviour cloning, a warm start before PPO: collects {@code episodes} whole episodes acted by
     * {@code teacher}, then makes {@code epochs} passes over their steps in shuffled minibatches,
     * each one Adam step of the actor on the cross-entropy {@code −log π(a_teacher|s)} and one of the
     * critic towards the teacher's discounted returns (so PPO starts with a critic of that policy).
     * The steps and episodes count as the learner's.
     *
     * @return the mean cross-entropy of the last epoch and the share of steps where the greedy
     *         action is the teacher's after it
     */
    public double[] imitate(Demonstrator teacher, int episodes, int epochs) {
        return imitate(teacher, episodes, epochs, 1);
    }

    /**
     * Behaviour cloning in {@code rounds} rounds (DAgger, Ross et al. 2011): the first as
     * {@link #imitate(Demonstrator, int, int)}; each further round adds {@code episodes} episodes
     * acted greedily by the actor and labelled by the teacher, then trains again on everything
     * collected, so the actor learns what to do in the states its own mistakes lead to.
     *
     * @return the last round's mean cross-entropy and agreement
     */
    public double[] imitate(Demonstrator teacher, int episodes, int epochs, int rounds) {
        rollout.clear();
        double[] last = null;
        for (int round = 0; round < rounds; round++) {
            long before = rollout.size;
            rollout.demonstrate(cursor, teacher, round == 0 ? null : actor, episodes, config.rewardScale());
            steps += rollout.size - before;
            this.episodes += episodes;
            last = cloneEpochs(rollout, epochs);
        }
        return last;
    }

    /**
     * Starts from another policy's weights (a trained agent of the same network shape); the critic
     * and the optimiser stay fresh.
     *
     * @throws IllegalArgumentException when the shapes differ
     */
    public void startFrom(Network policy) {
        if (policy.parameterCount() != actor.parameterCount()) {
            throw new IllegalArgumentException("a policy of " + policy.parameterCount() + " weights cannot start a "
                    + "network of " + actor.parameterCount());
        }
        actor.setParameters(policy.parameters());
    }

    /**
     * One round of expert iteration's imitation (DAgger, Ross et al. 2011): {@code episodes}
     * episodes acted greedily by the actor as it is now (or by the teacher itself when
     * {@code teacherActs}), every step labelled by {@code teacher} and added to the labelled steps
     * of the earlier rounds; then {@code epochs} passes of cloning over all of them. When the actor
     * acts the teacher is told its greedy action (where several actions are right to the teacher,
     * the label is the actor's: see {@link Demonstrator#action(Env, int)}; an untrained actor's
     * preferences would only add noise to the teacher's own order).
     *
     * @return the mean cross-entropy and agreement of the last epoch, over all labelled steps
     */
    public double[] imitateRound(Demonstrator teacher, int episodes, int epochs, boolean teacherActs) {
        int before = demonstrations().size;
        demonstrations.demonstrate(cursor, teacher, teacherActs ? null : actor, teacherActs ? null : actor, episodes,
                config.rewardScale());
        steps += demonstrations.size - before;
        this.episodes += episodes;
        return cloneEpochs(demonstrations, epochs);
    }

    /**
     * Labels an earlier round's episodes again, as {@link #imitateRound} did, without training or
     * counting them: how a resumed run gets back the labelled steps a checkpoint does not hold. The
     * actor must hold the weights that acted in that round; the caller restores the checkpoint
     * afterwards (weights, counters and episode cursor).
     *
     * @param firstEpisode the round's first episode ({@link #nextEpisode()} when it began)
     */
    public void relabelRound(Demonstrator teacher, long firstEpisode, int episodes, boolean teacherActs) {
        cursor.seek(firstEpisode);
        demonstrations().demonstrate(cursor, teacher, teacherActs ? null : actor, teacherActs ? null : actor,
                episodes, config.rewardScale());
    }

    /** The episode the next collection starts with. */
    public long nextEpisode() {
        return cursor.episodesStarted();
    }

    private Rollout demonstrations() {
        if (demonstrations == null) {
            demonstrations = new Rollout(observationSize, actions);
        }
        return demonstrations;
    }

    /** {@code epochs} passes of cross-entropy (actor) and return fitting (critic) over the collected steps. */
    private double[] cloneEpochs(Rollout data, int epochs) {
        int n = data.size;
        ensureSteps(n);
        data.discountedReturns(config.gamma(), targets);
        for (int t = 0; t < n; t++) {
            order[t] = t;
            weights[t % PolicyGradient.CHUNK] = 1;
        }
        int m = Math.min(config.minibatchSize(), n);
        double[] lastEpoch = new double[2]; // cross-entropy, agreements
        for (int epoch = 0; epoch < epochs; epoch++) {
            Minibatches.shuffle(order, n, rng);
            lastEpoch[0] = 0;
            lastEpoch[1] = 0;
            for (int from = 0; from + m <= n; from += m) {
                // The weights stay 1: cloning is the gradient of log π(a_teacher|s) alone.
                minibatchStep(data, from, m, 0, (logits, c, k) -> {
                    for (int i = 0; i < k; i++) {
                        int t = order[c + i];
                        boolean[] mask = pg.maskOf(data, t);
                        lastEpoch[0] -= Softmax.logProbability(logits, i * actions, actions, mask, data.action[t]);
                        lastEpoch[1] += Softmax.argmax(logits, i * actions, actions, mask) == data.action[t] ? 1 : 0;
                    }
                });
            }
        }
        double crossEntropy = lastEpoch[0];
        double agree = lastEpoch[1];
        int trainedSteps = Math.max(1, (n / m) * m);
        return new double[]{crossEntropy / trainedSteps, agree / trainedSteps};
    }

    /** GAE(λ): {@code δ_t = r_t + γV(s_{t+1}) − V(s_t)}, {@code A_t = δ_t + γλA_{t+1}}; targets {@code A_t + V(s_t)}. */
    private void generalisedAdvantages(int n) {
        double gamma = config.gamma();
        double lambda = config.lambda();
        for (int e = 0; e < rollout.episodes; e++) {
            int last = rollout.end[e] - 1;
            double next = 0;
            if (rollout.truncated[e]) {
                // Cut by the step limit, not ended by the rules: the state after it still has a value.
                System.arraycopy(rollout.finalObservation, e * rollout.observationSize, pg.rows, 0, rollout.observationSize);
                next = critic.forward(pg.rows, 1)[0];
            }
            double a = 0;
            for (int t = last; t >= rollout.start(e); t--) {
                double delta = rollout.reward[t] + gamma * next - values[t];
                a = delta + gamma * lambda * a;
                advantages[t] = a;
                targets[t] = a + values[t];
                next = values[t];
            }
        }
    }

    /** The PPO minibatch {@code order[from .. from+m)} of the rollout: one step of {@link #minibatchStep}; returns the actor loss. */
    private double update(int from, int m) {
        double eps = config.clipRatio();
        double[] lossAndKl = new double[2];
        minibatchStep(rollout, from, m, config.entropyCoef(), (logits, c, k) -> {
            for (int i = 0; i < k; i++) {
                int t = order[c + i];
                double logp = Softmax.logProbability(logits, i * actions, actions, pg.maskOf(rollout, t), rollout.action[t]);
                double logRatio = logp - rollout.logProbability[t];
                double ratio = Math.exp(logRatio);
                lossAndKl[1] += ratio - 1 - logRatio;
                clipped += Math.abs(ratio - 1) > eps ? 1 : 0;
                double a = advantages[t];
                double clippedRatio = Math.max(1 - eps, Math.min(1 + eps, ratio));
                lossAndKl[0] -= Math.min(ratio * a, clippedRatio * a);
                // The gradient flows only through the unclipped term, and only when it is the minimum.
                boolean flat = (a > 0 && ratio > 1 + eps) || (a < 0 && ratio < 1 - eps);
                weights[i] = flat ? 0 : ratio * a;
            }
        });
        klSum += lossAndKl[1];
        klMinibatch = lossAndKl[1] / m;
        trained += m;
        return lossAndKl[0] / m;
    }

    /** Sets {@code weights[0..k)}, the chunk's per-step weights of log π(a|s), from the actor's logits of steps {@code order[c..c+k)}. */
    @FunctionalInterface
    private interface ChunkWeights {
        void set(double[] logits, int c, int k);
    }

    /**
     * One Adam step of the actor and of the critic on the minibatch {@code order[from .. from+m)} of
     * {@code data}, chunk by chunk: the actor along the weighted log-probabilities (with the entropy
     * bonus {@code entropyCoef}), the critic towards {@code targets}. Adds the minibatch's entropy and
     * value error to the iteration's sums (which {@link #iterate} resets; cloning's are not read).
     */
    private void minibatchStep(Rollout data, int from, int m, double entropyCoef, ChunkWeights chunkWeights) {
        actor.zeroGradients();
        critic.zeroGradients();
        for (int c = from; c < from + m; c += PolicyGradient.CHUNK) {
            int k = Math.min(PolicyGradient.CHUNK, from + m - c);
            pg.gather(data, order, c, k);
            double[] logits = actor.forward(pg.rows, k);
            chunkWeights.set(logits, c, k);
            entropySum += pg.logProbabilityGradient(data, order, c, k, logits, weights, entropyCoef, m);
            actor.backward(pg.dOutput, k);
            valueErrorSum += pg.valueLoss(critic, data, order, c, k, targets, config.valueCoef(), m);
        }
        actorAdam.step(actor.parameters(), actor.gradients());
        criticAdam.step(critic.parameters(), critic.gradients());
    }

    /** Room for {@code n} steps in the per-step arrays. */
    private void ensureSteps(int n) {
        if (values.length < n) {
            values = new double[2 * n];
            advantages = new double[2 * n];
            targets = new double[2 * n];
            order = new int[2 * n];
        }
    }

    @Override
    public void save(ArrayBundle b) {
        b.put("policy.params", actor.parameters());
        b.put("ppo.critic", critic.parameters());
        b.put("ppo.actor.adam.m", actorAdam.firstMoments());
        b.put("ppo.actor.adam.v", actorAdam.secondMoments());
        b.put("ppo.critic.adam.m", criticAdam.firstMoments());
        b.put("ppo.critic.adam.v", criticAdam.secondMoments());
        b.put("ppo.counters", new long[]{steps, episodes, actorAdam.steps(), criticAdam.steps()});
        b.put("ppo.rng", Rngs.save(rng));
        cursor.save(b, "ppo.");
    }

    @Override
    public void restore(ArrayBundle b) {
        int p = actor.parameterCount();
        int q = critic.parameterCount();
        long[] c = b.longs("ppo.counters");
        actor.setParameters(b.doubles("policy.params", p));
        critic.setParameters(b.doubles("ppo.critic", q));
        actorAdam.restore(b.doubles("ppo.actor.adam.m", p), b.doubles("ppo.actor.adam.v", p), c[2]);
        criticAdam.restore(b.doubles("ppo.critic.adam.m", q), b.doubles("ppo.critic.adam.v", q), c[3]);
        steps = c[0];
        episodes = c[1];
        cursor.restore(b, "ppo.");
        Rngs.restore(rng, b.bytes("ppo.rng"));
    }
}

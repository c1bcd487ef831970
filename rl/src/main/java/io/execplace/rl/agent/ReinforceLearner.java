package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.nn.Adam;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Network;

import java.util.Arrays;

/**
 * REINFORCE (Williams 1992; TPDS §5.2, Algorithm 2, Eq. 17–19): each iteration samples
 * {@code episodesPerIteration} whole episodes from the masked softmax policy, computes every step's
 * discounted reward-to-go {@code G_t}, optionally subtracts a learned baseline {@code V(s_t)} and
 * standardises, then takes one Adam step on {@code −mean_t(log π(a_t|s_t) · A_t)}.
 */
public final class ReinforceLearner extends RolloutLearner {

    private final ReinforceConfig config;
    private final Network value;
    private final Adam valueAdam;
    private double[] returns = new double[0];
    private double[] advantages = new double[0];

    public ReinforceLearner(ReinforceConfig config, Env env, long seed) {
        super(env, seed, config.hidden(), config.learningRate(), config.gradientClip());
        this.config = config;
        if (config.baseline()) {
            this.value = valueNetwork(config.hidden());
            this.valueAdam = new Adam(value.parameterCount(), config.learningRate(), config.gradientClip());
        } else {
            this.value = null;
            this.valueAdam = null;
        }
    }

    @Override
    public Algorithm algorithm() {
        return Algorithm.REINFORCE;
    }

    @Override
    public IterationStats iterate() {
        int n = collect(config.episodesPerIteration(), config.rewardScale());
        if (returns.length < n) {
            returns = new double[2 * n];
            advantages = new double[2 * n];
        }
        rollout.discountedReturns(config.gamma(), returns);
        System.arraycopy(returns, 0, advantages, 0, n);
        double valueError = Double.NaN;
        if (value != null) {
            pg.values(value, rollout, advantages);
            for (int t = 0; t < n; t++) {
                advantages[t] = returns[t] - advantages[t];
            }
            value.zeroGradients();
            valueError = 0;
            for (int from = 0; from < n; from += PolicyGradient.CHUNK) {
                valueError += pg.valueLoss(value, rollout, null, from, Math.min(PolicyGradient.CHUNK, n - from), returns, 1, n);
            }
            valueError /= n;
            valueAdam.step(value.parameters(), value.gradients());
        }
        if (config.normalizeReturns()) {
            PolicyGradient.standardise(advantages, n);
        }
        actor.zeroGradients();
        double loss = 0;
        double entropy = 0;
        for (int from = 0; from < n; from += PolicyGradient.CHUNK) {
            int m = Math.min(PolicyGradient.CHUNK, n - from);
            pg.gather(rollout, null, from, m);
            double[] logits = actor.forward(pg.rows, m);
            for (int i = 0; i < m; i++) {
                weights[i] = advantages[from + i];
                loss -= rollout.logProbability[from + i] * weights[i];
            }
            entropy += pg.logProbabilityGradient(rollout, null, from, m, logits, weights, config.entropyCoef(), n);
            actor.backward(pg.dOutput, m);
        }
        actorAdam.step(actor.parameters(), actor.gradients());
        Diagnostics d = Diagnostics.NONE.withEntropy(entropy / n).withValueLoss(valueError);
        return new IterationStats(n, rollout.episodes, rollout.returnSum / rollout.episodes, loss / n, d);
    }

    @Override
    public void save(ArrayBundle b) {
        b.put("policy.params", actor.parameters());
        b.put("reinforce.adam.m", actorAdam.firstMoments());
        b.put("reinforce.adam.v", actorAdam.secondMoments());
        long valueSteps = 0;
        if (value != null) {
            b.put("reinforce.value", value.parameters());
            b.put("reinforce.value.adam.m", valueAdam.firstMoments());
            b.put("reinforce.value.adam.v", valueAdam.secondMoments());
            valueSteps = valueAdam.steps();
        }
        b.put("reinforce.counters", new long[]{steps, episodes, actorAdam.steps(), valueSteps});
        b.put("reinforce.rng", Rngs.save(rng));
        cursor.save(b, "reinforce.");
    }

    @Override
    public void restore(ArrayBundle b) {
        int p = actor.parameterCount();
        actor.setParameters(b.doubles("policy.params", p));
        long[] c = b.longs("reinforce.counters");
        actorAdam.restore(b.doubles("reinforce.adam.m", p), b.doubles("reinforce.adam.v", p), c[2]);
        if (value != null) {
            int q = value.parameterCount();
            value.setParameters(b.doubles("reinforce.value", q));
            valueAdam.restore(b.doubles("reinforce.value.adam.m", q), b.doubles("reinforce.value.adam.v", q), c[3]);
        }
        steps = c[0];
        episodes = c[1];
        cursor.restore(b, "reinforce.");
        Rngs.restore(rng, b.bytes("reinforce.rng"));
        Arrays.fill(weights, 0);
    }
}

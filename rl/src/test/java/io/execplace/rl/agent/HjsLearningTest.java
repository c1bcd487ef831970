package io.execplace.rl.agent;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.HjsEnv;
import io.execplace.rl.env.HjsEnvConfig;
import io.execplace.rl.env.StepResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * REINFORCE with a baseline (the HJS agent) finds the known optimum of a tiny HJS instance.
 *
 * <p>Two nodes of 4 cores / 8 GB, the first at price 1/s, the second at 3/s. Three untyped jobs of one
 * executor of 2 cores / 2 GB and 10 s arrive at t = 0: J0 and J1 with deadline 10 (they must start at
 * once), J2 without one. hjs-weight offers J0, J1, then J2. Best: J0 and J1 on the cheap node, skip J2
 * (−1) until they finish at t = 10 (+20), then J2 on the cheap node (done at 20, +10): cost 20,
 * {@code C_max} = 3 × 10 s × 4/s = 120, Target = 100 × (100/120 + 1) = 183.33; return
 * 1 + 1 + 19 + 1 + 10 + 183.33 = 215.33. Putting J2 on the dear node at once costs 40 (Target 166.67,
 * return 199.67); anything on the dear node or a missed deadline earns less.
 */
class HjsLearningTest {

    private static final Cluster TWO = Cluster.builder("two").add(new VmType("cheap", 4, 8), Site.CLOUD, 1, 1)
            .add(new VmType("dear", 4, 8), Site.CLOUD, 1, 3).build();

    private static final Workload W = new Workload("tiny", List.of(
            new Job(0, JobType.GENERIC, 0, 1, 2, 2, 10, 10),
            new Job(1, JobType.GENERIC, 0, 1, 2, 2, 10, 10),
            new Job(2, JobType.GENERIC, 0, 1, 2, 2, 10, Job.NO_DEADLINE)));

    private static final double OPTIMUM = 1 + 1 + 19 + 1 + 10 + 100 * (100.0 / 120 + 1);

    private static HjsEnv env() {
        return new HjsEnv(TWO, List.of(W), DurationModel.none(), HjsEnvConfig.of(0.5), null);
    }

    private static double greedyReturn(Env env, GreedyPolicy policy) {
        double[] obs = env.reset(0);
        double total = 0;
        StepResult r;
        do {
            r = env.step(policy.act(obs, env.actionMask()));
            obs = r.observation();
            total += r.reward();
        } while (!r.done());
        return total;
    }

    @Test
    void theOptimumIsWhatTheDocSays() {
        HjsEnv env = env();
        env.reset(0);
        double total = 0;
        for (int a : new int[]{1, 1, 0, 1}) {
            total += env.step(a).reward();
        }
        assertThat(total).isCloseTo(OPTIMUM, within(1e-9));
        assertThat(env.lastEpisode().target().target()).isCloseTo(100 * (100.0 / 120 + 1), within(1e-9));
    }

    @Test
    void reinforceWithBaselineReachesTheOptimum() {
        ReinforceConfig config = new ReinforceConfig(List.of(32), 1e-2, 1.0, 10, true, true, 0, 0, 0.01);
        Learner learner = new ReinforceLearner(config, env().wrapped(), 1);
        for (int i = 0; i < 150; i++) {
            learner.iterate();
        }
        assertThat(greedyReturn(env().wrapped(), new GreedyPolicy(learner.policyNetwork()))).isCloseTo(OPTIMUM,
                within(1e-9));
    }
}

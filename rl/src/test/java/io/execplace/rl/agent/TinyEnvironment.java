package io.execplace.rl.agent;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.rl.TestClusters;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;

import java.util.ArrayList;
import java.util.List;

import static io.execplace.rl.TestClusters.job;

/**
 * A TPDS environment small enough to solve exactly: three cheap small VMs (room for two executors
 * each) and one expensive large VM; a PageRank job (runs best consolidated) then a WordCount job
 * (runs best spread), two executors each, both arriving at 0. The best episode puts the PageRank
 * job on one cheap VM and spreads the WordCount job over the two others; the optimal return is found
 * by exhaustive search, so a learning test can check that an agent's greedy policy reaches exactly
 * it. Without the mask the agent must also learn which actions are valid; a uniformly random policy
 * earns the optimum in about 1% of episodes.
 */
public final class TinyEnvironment {

    private TinyEnvironment() {
    }

    public static TpdsEnv create(boolean masking) {
        return create(masking, false);
    }

    public static TpdsEnv create(boolean masking, boolean normalised) {
        Cluster cluster = Cluster.builder("tiny")
                .add(new VmType("small", 4, 8), Site.CLOUD, 3, 1)
                .add(new VmType("large", 8, 16), Site.CLOUD, 1, 5)
                .build();
        var workload = TestClusters.workload(
                job(1, JobType.PAGERANK, 0, 2, 2, 4, 100),
                job(2, JobType.WORDCOUNT, 0, 2, 2, 4, 50));
        return new TpdsEnv(cluster, List.of(workload), TestClusters.typePenalty(),
                TpdsEnvConfig.paper(0.5).withMasking(masking).withNormalised(normalised));
    }

    /** The best return of any action sequence, rewards discounted by {@code gamma} per step. */
    public static double optimalReturn(TpdsEnv env, double gamma) {
        return search(env, new ArrayList<>(), gamma);
    }

    /** Best final return over all continuations of {@code prefix}, replaying it from the start each time. */
    private static double search(TpdsEnv env, List<Integer> prefix, double gamma) {
        double best = Double.NEGATIVE_INFINITY;
        for (int a = 0; a < env.actionCount(); a++) {
            prefix.add(a);
            env.reset(0);
            double total = 0;
            double discount = 1;
            boolean done = false;
            for (int p : prefix) {
                StepResult r = env.step(p);
                total += discount * r.reward();
                discount *= gamma;
                done = r.done();
            }
            best = Math.max(best, done ? total : search(env, prefix, gamma));
            prefix.remove(prefix.size() - 1);
        }
        return best;
    }

    /** Discounted return of the greedy policy in one episode. */
    public static double greedyReturn(TpdsEnv env, GreedyPolicy policy, double gamma) {
        double[] obs = env.reset(0);
        double total = 0;
        double discount = 1;
        while (true) {
            StepResult r = env.step(policy.act(obs, env.actionMask()));
            total += discount * r.reward();
            discount *= gamma;
            obs = r.observation();
            if (r.done()) {
                return total;
            }
        }
    }
}

package io.execplace.rl.train;

import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.EpisodeStatistics;
import io.execplace.rl.env.EpisodeStats;
import io.execplace.rl.env.StepResult;

import java.util.ArrayList;
import java.util.List;

/**
 * Greedy episodes of a policy in the environment: episode {@code k} runs {@code reset(k)}, so the
 * episodes take the environment's workloads in turn and the result is deterministic.
 */
public final class Evaluation {

    private Evaluation() {
    }

    /**
     * Summary of greedy episodes.
     *
     * @param meanReturn   mean undiscounted return
     * @param completed    fraction of episodes that placed every job
     * @param meanCost     mean VM cost over completed episodes (NaN if none)
     * @param meanDuration mean job duration over completed episodes (NaN if none)
     * @param meanGood     mean good placements over completed episodes (NaN if none)
     * @param episodes     each episode's outcome
     */
    public record Result(double meanReturn, double completed, double meanCost, double meanDuration, double meanGood,
                         List<EpisodeStats> episodes) {
    }

    /** Runs {@code count} greedy episodes of any environment; results come from its {@link Env#outcome()}. */
    public static Result run(GreedyPolicy policy, Env env, int count) {
        EpisodeStatistics recorded = EpisodeStatistics.of(env);
        List<EpisodeStats> all = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            all.add(episode(policy, recorded, k));
        }
        double ret = 0;
        int done = 0;
        double cost = 0;
        double duration = 0;
        double good = 0;
        for (EpisodeStats s : all) {
            ret += s.totalReward();
            if (s.completed()) {
                done++;
                cost += s.cost();
                duration += s.meanDuration();
                good += s.goodPlacements();
            }
        }
        return new Result(ret / count, (double) done / count, done == 0 ? Double.NaN : cost / done,
                done == 0 ? Double.NaN : duration / done, done == 0 ? Double.NaN : good / done, all);
    }

    /** One greedy episode started with {@code reset(seed)}. */
    public static EpisodeStats episode(GreedyPolicy policy, Env env, long seed) {
        EpisodeStatistics recorded = EpisodeStatistics.of(env);
        double[] obs = recorded.reset(seed);
        while (true) {
            StepResult r = recorded.step(policy.act(obs, recorded.actionMask()));
            if (r.done()) {
                return recorded.lastEpisode();
            }
            obs = r.observation();
        }
    }
}

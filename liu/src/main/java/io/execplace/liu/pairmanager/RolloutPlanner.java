package io.execplace.liu.pairmanager;

import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;

/**
 * The counterfactual teacher of the improvement stage: at a decision it plays every candidate
 * (waiting application, cluster) pair forward on a copy of the simulation — the same future
 * arrivals for every candidate — with {@code outlook} deciding from then on for {@code horizon}
 * decisions, and counts the deadlines missed from now on: during the rollout, plus what the
 * clusters' committed work still projects at its end ({@link LiuSimulation#outlook}). The pair with
 * the fewest is the label (ties: the pair {@code outlook} itself takes, so the planner departs
 * from it only where the rollouts show a difference). The difference between two candidates'
 * counts is exactly the misses one dispatch causes to everyone, the application itself and the
 * others, against the other: the counterfactual form of the harm-to-others target. It sees the
 * training workload's true arrivals, which only a training teacher may: the learner that imitates
 * it sees the pair features alone.
 */
final class RolloutPlanner {

    private final LiuSimulation scratch;
    private final LiuManager rollout = LiuReferenceManagers.of("outlook");
    private final int horizon;
    private final boolean clairvoyant;

    /**
     * @param clairvoyant true: the rollouts see the workload's true future arrivals; false: no
     *                    application arrives after now (the planner knows what a manager can know)
     */
    RolloutPlanner(LiuSimulation like, int horizon, boolean clairvoyant) {
        this.scratch = new LiuSimulation(like.clusters(), like.minShare());
        this.horizon = horizon;
        this.clairvoyant = clairvoyant;
    }

    boolean fits(LiuSimulation sim) {
        return sim.minShare() == scratch.minShare() && java.util.Arrays.equals(sim.clusters().slots(), scratch.clusters().slots());
    }

    /** Misses from now on if pair {@code pair} is dispatched now (see the class comment). */
    int cost(LiuSimulation from, int pair) {
        int c = from.clusterCount();
        if (clairvoyant) {
            scratch.copyFrom(from);
        } else {
            scratch.copyWithoutArrivals(from);
        }
        int before = from.missedDeadlines();
        scratch.dispatch(pair / c, pair % c);
        for (int h = 0; h < horizon && scratch.decisionPending(); h++) {
            LiuManager.Dispatch d = rollout.decide(scratch);
            scratch.dispatch(d.waiting(), d.cluster());
        }
        int misses = scratch.missedDeadlines() - before;
        if (scratch.decisionPending()) {
            for (int k = 0; k < c; k++) {
                misses += scratch.outlook(k, null).misses();
            }
        }
        return misses;
    }

    /** The pair with the fewest misses from now on; ties go to {@code preferred}, then to the lowest pair. */
    int label(LiuSimulation from, int preferred) {
        return fewest(p -> cost(from, p), from.waitingCount() * from.clusterCount(), preferred);
    }

    /** Of {@code rows} pairs, the one of least {@code cost}; ties go to {@code preferred}, then to the lowest pair. */
    static int fewest(java.util.function.IntUnaryOperator cost, int rows, int preferred) {
        int best = preferred;
        int bestCost = cost.applyAsInt(preferred);
        for (int p = 0; p < rows; p++) {
            if (p != preferred) {
                int c = cost.applyAsInt(p);
                if (c < bestCost) {
                    best = p;
                    bestCost = c;
                }
            }
        }
        return best;
    }
}

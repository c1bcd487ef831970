package io.execplace.schedulers.elastic;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.WaitForRoom;

import java.util.HashMap;
import java.util.Map;

/**
 * The simulator's model of {@code k8s-scheduler --wait-for-room SECONDS} over another policy's
 * placement: where that placement would buy a node, the job waits while the running jobs' ends make
 * room for it on the bought nodes ({@link RoomForecast}) within its patience, by the scheduler's own
 * rule ({@link WaitForRoom}: {@code SECONDS} in all from its first wait, its deadline still met by a
 * node bought when the patience runs out); then it is placed as the policy places it. The simulator
 * asks again when a patience runs out ({@link #askAgainAt}), as the scheduler's next cycle buys. Run it
 * with backfilling, as the scheduler runs with {@code --backfill}: a later job may take the room a
 * waiting one was promised, where {@code finish-together-patient}'s waiting head holds the queue.
 *
 * <p>The forecast reads the bought nodes of the placement's capacity type and counts the placement's
 * executors on them as their room now: exact for a placement that fills the bought nodes before it buys
 * (as {@link FinishTogether}'s, what the testbed's scheduler runs), short of the room otherwise. Mutable:
 * one per run.
 */
public final class RoomWaitModel implements PlacementPolicy {

    private final PlacementPolicy placement;
    private final WaitForRoom rule;
    private final RoomForecast forecast = new RoomForecast();
    /** When each waiting job first waited, by job id. */
    private final Map<Integer, Double> firstWaited = new HashMap<>();
    /** The clock at the last decision: a patience that ran out by then is not asked for again. */
    private double lastNow = Double.NEGATIVE_INFINITY;

    /**
     * @param placement   the scheduler's policy
     * @param waitSeconds {@code SECONDS} in the simulator's clock (real seconds × the replay's time scale); 0: never waits
     */
    public RoomWaitModel(PlacementPolicy placement, double waitSeconds) {
        this.placement = placement;
        this.rule = new WaitForRoom(waitSeconds);
    }

    @Override
    public String name() {
        return placement.name() + " waiting for room";
    }

    @Override
    public boolean namesProtections() {
        return placement.namesProtections();
    }

    @Override
    public String neverPlaces(Job job, Cluster cluster) {
        return placement.neverPlaces(job, cluster);
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        double now = view.now();
        lastNow = now;
        Placement chosen = placement.place(job, view);
        if (chosen.isNone() || !buys(chosen, view)) {
            firstWaited.remove(job.id());
            return chosen;
        }
        double first = firstWaited.getOrDefault(job.id(), now);
        double patience = rule.patience(first, now);
        // the forecast reads only the ends before its horizon; the rule waits for room at the patience itself
        double room = patience > 0 ? forecast.secondsUntilRoom(job, view, chosen, Math.nextUp(patience)) : Double.POSITIVE_INFINITY;
        if (rule.waits(patience, now, job.deadline(), job.baseDuration(), room)) {
            firstWaited.put(job.id(), first);
            return Placement.none();
        }
        firstWaited.remove(job.id());
        return chosen;
    }

    /** When the first patience still running out after the last decision ends, or what the placement asks for. */
    @Override
    public double askAgainAt() {
        double at = placement.askAgainAt();
        for (double first : firstWaited.values()) {
            double end = first + rule.waitSeconds();
            if (end > lastNow) {
                at = Math.min(at, end);
            }
        }
        return at;
    }

    private static boolean buys(Placement chosen, ClusterView view) {
        for (int e = 0; e < chosen.executors(); e++) {
            if (!view.isProvisioned(chosen.vm(e))) {
                return true;
            }
        }
        return chosen.hasDriver() && !view.isProvisioned(chosen.driverVm());
    }
}

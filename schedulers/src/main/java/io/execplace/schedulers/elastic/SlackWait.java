package io.execplace.schedulers.elastic;

import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;

/**
 * How long a job whose placement would buy a node may wait instead for room that the running jobs
 * will free: a node bought for one job bills its launch (60-120 s on the presets), its minimum and
 * its empty tail before consolidation, a wait bills nothing. A job spends deadline slack it does not
 * need: it waits as long as a launch started at the end of the wait would still meet its deadline
 * (slack less one launch), so that a job whose room does not come — a job with an earlier deadline
 * took it — can still buy in time. A job that even the pools' shortest launch would make miss its
 * deadline is lost to a purchase: it waits up to {@code lostLaunches} launches for room (the deadline
 * is missed either way; the node is not bought). Jobs without a deadline wait no longer than a launch.
 *
 * <p>A waiting job holds the queue: without backfilling the jobs behind it wait too, spending their
 * own slack. So a wait longer than a launch is taken only while fewer than {@code queueArrivals} jobs
 * are expected to arrive during it, at the arrival rate seen so far ({@link ArrivalRate}).
 */
final class SlackWait {

    private final double lostLaunches;
    private final double queueArrivals;
    private final ArrivalRate arrivals = new ArrivalRate();

    /**
     * @param lostLaunches  how many launches a job that a purchase cannot save waits for room
     * @param queueArrivals arrivals expected during a wait beyond which the job does not wait
     */
    SlackWait(double lostLaunches, double queueArrivals) {
        this.lostLaunches = lostLaunches;
        this.queueArrivals = queueArrivals;
    }

    /** Records the job's arrival (once per job). */
    void observe(Job job) {
        arrivals.observe(job);
    }

    /**
     * Seconds from now the job may wait for room, given the placement that would buy and the launch it
     * would wait for; 0 or less: none.
     */
    double patience(Job job, ClusterView view, Placement buying, double launchSeconds) {
        if (!job.hasDeadline()) {
            return 0;
        }
        double slack = job.deadline() - view.now() - job.baseDuration();
        double patience = lost(job, view, buying) ? Math.max(slack, lostLaunches * launchSeconds) : slack - launchSeconds;
        return Math.min(patience, queueArrivals / arrivals.perSecond());
    }

    /** True when the job's slack is shorter than the shortest launch of the nodes the placement would buy. */
    boolean lost(Job job, ClusterView view, Placement buying) {
        return job.hasDeadline() && job.deadline() - view.now() - job.baseDuration() < shortestLaunch(view, buying);
    }

    private static double shortestLaunch(ClusterView view, Placement buying) {
        NodePools pools = view.cluster().pools();
        double shortest = Double.POSITIVE_INFINITY;
        for (int e = 0; e < buying.executors(); e++) {
            if (!view.isProvisioned(buying.vm(e))) {
                shortest = Math.min(shortest, pools.pool(buying.vm(e)).launchDelay().minSeconds());
            }
        }
        if (buying.hasDriver() && !view.isProvisioned(buying.driverVm())) {
            shortest = Math.min(shortest, pools.pool(buying.driverVm()).launchDelay().minSeconds());
        }
        return shortest == Double.POSITIVE_INFINITY ? 0 : shortest;
    }
}

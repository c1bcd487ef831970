package io.execplace.schedulers.elastic;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code finish-together-spot}: {@link FinishTogether}'s placement, with each job put on spot where its
 * deadline slack covers what an interruption is expected to cost it, on on-demand otherwise. The
 * expected cost is the probability that the spot nodes it would use are interrupted while it runs
 * ({@link SpotRisk#interruptionProbability}: published hazard and the trace's average frequency) times
 * the restart ({@link SpotRisk#restartSeconds}). Where Uniform Progress guards against the worst case,
 * this takes spot whenever the expected delay fits; when neither capacity type meets the deadline, the
 * cheaper spot. Jobs without a deadline take spot, on-demand when spot is full. A stopped job decides
 * again when it is placed again.
 *
 * <p>Where the placement would buy a node, the job waits instead when the running jobs' ends give it
 * room on the bought nodes of that capacity type sooner than the node would launch, and still within
 * its deadline, on pools without spot as well ({@link RoomForecast}): a launch bills its boot, its
 * empty tail and its minimum, and a wait bills nothing. Karpenter buys for every pending pod; this is the change that pays. Chosen on
 * seeds 1-3 (docs/elastic.md): on {@code elastic-spot-published}, {@code hybrid-medium} 18.0 without
 * the wait against 16.2 with it, {@code hybrid-day} (3,000 jobs) 42.4 against 27; buying the largest
 * type for headroom instead cost 18.7 (and 16.6 with the wait) for 1.5 points more deadlines met.
 *
 * <p>On pools with driver pods the driver goes with the executors on spot only while the slack also
 * covers the expected cost of losing it — its node's interruption probability times a restart from
 * scratch — else on on-demand beside spot executors (when their own risk fits), else the whole job on
 * on-demand.
 */
public final class FinishTogetherSpot implements PlacementPolicy {

    public static final String NAME = "finish-together-spot";

    private final FinishTogether placement;
    private final String name;
    private final SpotRisk risk = new SpotRisk();
    private final RoomForecast forecast = new RoomForecast();
    /** How far a job may wait for room past a launch ({@link SlackWait}), or null: only for room sooner than a launch. */
    private final SlackWait slackWait;

    public FinishTogetherSpot() {
        this(new FinishTogether(), NAME);
    }

    /** The same rules over a variant of {@link FinishTogether}'s placement, under another name. */
    FinishTogetherSpot(FinishTogether placement, String name) {
        this(placement, name, null);
    }

    /** The same rules, a job also waiting for room as long as {@code slackWait} allows (null: no longer than a launch). */
    FinishTogetherSpot(FinishTogether placement, String name, SlackWait slackWait) {
        this.placement = placement;
        this.name = name;
        this.slackWait = slackWait;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        if (!view.cluster().isElastic()) {
            return placement.place(job, view);
        }
        if (slackWait != null) {
            slackWait.observe(job);
        }
        Placement chosen = SpotRisk.hasSpot(view.cluster().pools()) ? choose(job, view) : placement.place(job, view);
        return worthWaiting(job, view, chosen) ? Placement.none() : chosen;
    }

    /**
     * True when the placement buys a node but the bought nodes of its capacity type will hold the job
     * sooner than that node launches, within the job's slack: waiting costs no node time. With a
     * {@link SlackWait}, also when they hold it later than that but within what its slack allows.
     */
    private boolean worthWaiting(Job job, ClusterView view, Placement chosen) {
        if (chosen.isNone()) {
            return false;
        }
        boolean buys = false;
        for (int e = 0; e < chosen.executors() && !buys; e++) {
            buys = !view.isProvisioned(chosen.vm(e));
        }
        buys |= chosen.hasDriver() && !view.isProvisioned(chosen.driverVm());
        if (!buys) {
            return false;
        }
        double launch = SpotRisk.waitFor(chosen, view);
        double patience = slackWait == null ? 0 : slackWait.patience(job, view, chosen, launch);
        double room = forecast.secondsUntilRoom(job, view, chosen, Math.max(launch, patience));
        if (room < launch && (slackWait == null || !slackWait.lost(job, view, chosen))) {
            return !job.hasDeadline() || job.deadline() - view.now() - room - job.baseDuration() >= 0;
        }
        return slackWait != null && room <= patience;
    }

    /**
     * Expected seconds a driver on spot adds: the probability its node is interrupted within {@code
     * seconds} times a restart from scratch (a new node's launch and all the work the job first had).
     */
    private double driverRisk(Job job, Placement p, NodePools pools, double seconds) {
        if (!p.hasDriver() || pools.capacityType(p.driverVm()) != CapacityType.SPOT) {
            return 0;
        }
        return SpotRisk.interruptionProbability(Placement.of(p.driverVm()), pools, seconds)
                * (SpotRisk.onDemandLaunchSeconds(pools) + risk.initialWork(job));
    }

    private Placement choose(Job job, ClusterView view) {
        NodePools pools = view.cluster().pools();
        Placement spot = placement.placeOn(job, view, CapacityType.SPOT);
        if (!job.hasDeadline()) {
            return spot.isNone() ? placement.placeOn(job, view, CapacityType.ON_DEMAND) : spot;
        }
        double left = job.baseDuration();
        double timeToDeadline = job.deadline() - view.now();
        if (!spot.isNone()) {
            double wait = SpotRisk.waitFor(spot, view);
            double slack = timeToDeadline - wait - left;
            double expectedDelay = SpotRisk.interruptionProbability(spot, pools, wait + left)
                    * SpotRisk.restartSeconds(job, pools) + driverRisk(job, spot, pools, wait + left);
            if (slack >= expectedDelay) {
                return spot;
            }
            if (spot.hasDriver()) {
                // The driver's restart from scratch is what spot risks most: keep it on on-demand.
                Placement spotExecutors = placement.placeOn(job, view, CapacityType.SPOT, CapacityType.ON_DEMAND);
                double spotWait = spotExecutors.isNone() ? 0 : SpotRisk.waitFor(spotExecutors, view);
                if (!spotExecutors.isNone() && timeToDeadline - spotWait - left
                        >= SpotRisk.interruptionProbability(spotExecutors, pools, spotWait + left)
                        * SpotRisk.restartSeconds(job, pools)) {
                    return spotExecutors;
                }
            }
        }
        Placement onDemand = placement.placeOn(job, view, CapacityType.ON_DEMAND);
        if (onDemand.isNone()) {
            return spot;
        }
        boolean onDemandInTime = timeToDeadline - SpotRisk.waitFor(onDemand, view) - left >= 0;
        return onDemandInTime || spot.isNone() ? onDemand : spot;
    }
}

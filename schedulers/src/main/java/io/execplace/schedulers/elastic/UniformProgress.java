package io.execplace.schedulers.elastic;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * Can't Be Late's Uniform Progress (Wu et al., NSDI '24, §5.2), adapted per Spark application to the
 * whole-job model: a job holds its executors from start to finish, so it decides spot or on-demand
 * each time it is placed — when it arrives and again when an interruption stopped it — and keeps that
 * choice until it ends or is stopped again. The paper's rules at an idle job, with C(t) the work left,
 * R(t) the time to the deadline and d the changeover delay:
 * <ol>
 *   <li>Taking Risks: spot whenever spot is available — here: the spot pools can hold the job now;</li>
 *   <li>Safety Net: on-demand when R(t) &lt; C(t) + 2d — here: on-demand unless the slack left after
 *       waiting for the spot nodes covers one restart ({@link SpotRisk#restartSeconds}: a new node's
 *       launch and, without graceful decommissioning, the run's work again, since a Spark job has no
 *       checkpoint to resume from);</li>
 *   <li>Uniform Progress: spot unavailable and cp(t) &lt; ep(t) = C(0)·t/R(0) — behind the line that
 *       finishes exactly at the deadline — go on-demand; ahead of it (and safe), wait for spot: for
 *       spot nodes to free up, or for an availability trace's window without capacity to end.</li>
 * </ol>
 * The Hysteresis rule (stay on on-demand until cp(t) &ge; ep(t + 2d)) holds by construction: a job
 * on on-demand stays there to its end. Jobs without a deadline take spot, on-demand when spot is full.
 * Placement within the chosen capacity type is kube-scheduler's scoring with the Karpenter-like
 * provisioner ({@link KubeProvisioned}): Can't Be Late chooses capacity, not nodes. On pools with
 * driver pods the driver goes with the executors' capacity type, except that on spot the Safety Net
 * must also cover a restart from scratch (a launch and all of C(0)), else the driver goes on-demand.
 */
public final class UniformProgress implements PlacementPolicy {

    /** Uniform Progress over kube-scheduler's default scoring (spreading). */
    public static final String NAME = "uniform-progress";
    /** Uniform Progress over MostAllocated scoring (packing). */
    public static final String PACKING_NAME = "uniform-progress-most";

    private final String name;
    private final KubeProvisioned kube;
    private final SpotRisk risk = new SpotRisk();

    /** @param packing MostAllocated within a capacity type instead of the default LeastAllocated */
    public UniformProgress(boolean packing) {
        this.name = packing ? PACKING_NAME : NAME;
        this.kube = new KubeProvisioned(packing ? KubeProvisioned.Scoring.MOST_ALLOCATED
                : KubeProvisioned.Scoring.LEAST_ALLOCATED);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        if (!view.cluster().isElastic() || !SpotRisk.hasSpot(view.cluster().pools())) {
            return kube.place(job, view);
        }
        NodePools pools = view.cluster().pools();
        double initialWork = risk.initialWork(job);
        Placement spot = kube.placeOn(job, view, CapacityType.SPOT);
        if (!job.hasDeadline()) {
            return spot.isNone() ? kube.placeOn(job, view, CapacityType.ON_DEMAND) : spot;
        }
        double left = job.baseDuration();
        double timeToDeadline = job.deadline() - view.now();
        if (!spot.isNone()) {
            double wait = SpotRisk.waitFor(spot, view);
            if (timeToDeadline >= wait + left + SpotRisk.restartSeconds(job, pools)) {
                if (spot.hasDriver() && timeToDeadline < wait + left + SpotRisk.onDemandLaunchSeconds(pools) + initialWork) {
                    // The Safety Net does not cover the driver's restart from scratch: driver on on-demand.
                    Placement driverSafe = kube.placeOn(job, view, CapacityType.SPOT, CapacityType.ON_DEMAND);
                    return driverSafe.isNone() ? kube.placeOn(job, view, CapacityType.ON_DEMAND) : driverSafe;
                }
                return spot;
            }
            return kube.placeOn(job, view, CapacityType.ON_DEMAND);
        }
        double window = job.deadline() - job.arrival();
        double expected = window > 0 ? initialWork * Math.min(1, (view.now() - job.arrival()) / window) : initialWork;
        double done = initialWork - left;
        boolean safe = timeToDeadline >= left + SpotRisk.restartSeconds(job, pools);
        // Waiting is for spot to free up: only while spot nodes run executors or an availability trace
        // keeps a spot pool closed (either way an event will come).
        boolean spotMayReturn = spotRunning(view, pools) || spotClosed(view, pools);
        return done < expected || !safe || !spotMayReturn ? kube.placeOn(job, view, CapacityType.ON_DEMAND)
                : Placement.none();
    }

    private static boolean spotClosed(ClusterView view, NodePools pools) {
        for (int p = 0; p < pools.pools().size(); p++) {
            if (pools.pools().get(p).capacityType() == CapacityType.SPOT && !view.poolOpen(p)) {
                return true;
            }
        }
        return false;
    }

    private static boolean spotRunning(ClusterView view, NodePools pools) {
        for (int vm = 0; vm < pools.slotCount(); vm++) {
            if (pools.capacityType(vm) == CapacityType.SPOT && view.executorsOn(vm) > 0) {
                return true;
            }
        }
        return false;
    }
}

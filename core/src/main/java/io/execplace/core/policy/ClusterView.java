package io.execplace.core.policy;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Vm;
import io.execplace.core.rules.DurationModel;

import java.util.List;
import java.util.Optional;

/**
 * A read-only view of the cluster at the moment a placement decision is made: what each VM has
 * free, whether it is busy and for how much longer. Policies read it; only the simulator changes it.
 */
public interface ClusterView {

    /** The static cluster description (VM types, sites, prices). */
    Cluster cluster();

    /** The simulation clock in seconds. */
    double now();

    /** How job durations follow from placements in this run (penalties switched on or off). */
    DurationModel durationModel();

    int freeCores(int vm);

    double freeMemoryGb(int vm);

    /**
     * Writes {@link #freeCores} and {@link #freeMemoryGb} of every VM into the arrays (at least
     * {@link #vmCount()} long): one call for a policy that reads every slot of a large pool per decision.
     */
    default void copyFreeResources(int[] cores, double[] memoryGb) {
        for (int vm = 0; vm < vmCount(); vm++) {
            cores[vm] = freeCores(vm);
            memoryGb[vm] = freeMemoryGb(vm);
        }
    }

    /** Number of executors (of any job) the VM hosts now. */
    int executorsOn(int vm);

    /** Seconds until the last job with an executor on this VM finishes (HYB {@code T_vm}); 0 when idle. */
    double remainingBusyTime(int vm);

    /**
     * The jobs running now, when this view knows them (the simulator's and the environments' views
     * do); empty when it only knows resources (a view built from a real cluster's nodes). A policy
     * that plans ahead can start from them instead of inferring them from its own past placements.
     * The list never changes once handed out; the simulator hands out the same list again while no job
     * started, ended or moved and the clock stood still, so a policy may keep what it derived from a
     * list and recognise the list by identity.
     */
    default Optional<List<RunningJob>> runningJobs() {
        return Optional.empty();
    }

    /**
     * {@link #runningJobs()} for a reader of where the jobs run and when they end only: the placements
     * may carry their protections as placed instead of the time left, so the simulator hands out the
     * same list again while no job started, ended or moved, even as the clock advances while
     * protections run (when {@link #runningJobs()} must make a new one).
     */
    default Optional<List<RunningJob>> runningLayout() {
        return runningJobs();
    }

    default int vmCount() {
        return cluster().size();
    }

    default Vm vm(int id) {
        return cluster().vm(id);
    }

    /**
     * True when the VM is being paid for now: it hosts at least one executor, or (elastic clusters) it
     * is a live node that is empty but not yet consolidated away. An active VM is {@link #isProvisioned
     * provisioned} (policies look for the active VMs among {@link #provisionedVms} only).
     */
    default boolean isActive(int vm) {
        return executorsOn(vm) > 0;
    }

    /**
     * False for an elastic cluster's node slot whose node is not bought: placing an executor there buys
     * it (then it is ready after {@link #readyIn}). True for every VM of a fixed cluster.
     */
    default boolean isProvisioned(int vm) {
        return true;
    }

    /** False while an availability trace keeps the elastic cluster's pool ({@code NodePools} index) from buying nodes. */
    default boolean poolOpen(int pool) {
        return true;
    }

    /**
     * Writes the VMs that are {@link #isProvisioned provisioned}, in id order, into {@code out} (at
     * least {@link #vmCount()} long) and returns how many: a policy reads a large pool's few live nodes
     * without scanning every slot.
     */
    default int provisionedVms(int[] out) {
        int count = 0;
        for (int vm = 0; vm < vmCount(); vm++) {
            if (isProvisioned(vm)) {
                out[count++] = vm;
            }
        }
        return count;
    }

    /**
     * Seconds until the VM can run executors: 0 for a fixed cluster's VMs and ready nodes; a launching
     * node's remaining launch time; for a slot not bought, its pool's mean launch delay.
     */
    default double readyIn(int vm) {
        return 0;
    }

    /** How many more executors of the given size the VM can take now. */
    default int executorsThatFit(int vm, int cores, double memoryGb) {
        return Capacity.executorsThatFit(freeCores(vm), freeMemoryGb(vm), cores, memoryGb);
    }

    /**
     * True when Karpenter's under-used consolidation ({@code WhenEmptyOrUnderutilized}) may drain the VM's
     * node while it runs executors: an elastic cluster's pool's rule; false for a fixed cluster's VMs. A
     * view of a real cluster reads it from the node's NodePool.
     */
    default boolean drainsUnderused(int vm) {
        NodePools pools = cluster().pools();
        return pools != null && pools.pool(vm).consolidationPolicy() == ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED;
    }

    /** Seconds a job a drain stopped waits for a new node: {@link NodePools#onDemandLaunchSeconds()}; 0 for a fixed cluster. */
    default double relaunchSeconds() {
        NodePools pools = cluster().pools();
        return pools == null ? 0 : pools.onDemandLaunchSeconds();
    }

    /** Whether Spark's graceful decommissioning keeps a drained executor's finished work ({@link NodePools#gracefulDecommission()}). */
    default boolean gracefulDecommission() {
        NodePools pools = cluster().pools();
        return pools != null && pools.gracefulDecommission();
    }
}

package io.execplace.core.sim;

import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Vm;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.RunningJob;
import io.execplace.core.rules.DurationModel;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The mutable state of a cluster during a run: free resources, hosted executors, busy horizon and
 * the busy intervals of every VM. It is the single implementation of the placement physics, shared
 * by the simulator and the RL environments.
 */
public final class ClusterState implements ClusterView {

    private final Cluster cluster;
    private final DurationModel durationModel;
    private final int n;
    private final int[] capacityCores;
    private final double[] capacityMemory;
    private final int[] freeCores;
    private final double[] freeMemory;
    /** Pods per VM: executors, and driver pods where drivers are modelled. */
    private final int[] executors;
    private final double[] busyUntil;
    private final double[] busySince;
    private final BusyIntervals intervals;
    private final PlacementCheck check;
    private int activeVms;
    private double now;
    /** The kernel that drives this state (it knows the running jobs), or null. */
    private EventKernel kernel;
    /** The node lives of an elastic cluster; null for a fixed one. */
    private final NodeLifecycle nodes;
    /** Placeholder pods on an elastic cluster's nodes (none until a placement sets some); null when fixed. */
    private final Placeholders placeholders;

    public ClusterState(Cluster cluster, DurationModel durationModel) {
        this.cluster = cluster;
        this.durationModel = durationModel;
        this.n = cluster.size();
        capacityCores = new int[n];
        capacityMemory = new double[n];
        freeCores = new int[n];
        freeMemory = new double[n];
        executors = new int[n];
        busyUntil = new double[n];
        busySince = new double[n];
        intervals = new BusyIntervals(n);
        for (int i = 0; i < n; i++) {
            Vm vm = cluster.vm(i);
            capacityCores[i] = vm.cores();
            capacityMemory[i] = vm.memoryGb();
        }
        nodes = cluster.isElastic() ? new NodeLifecycle(cluster) : null;
        placeholders = nodes == null ? null : new Placeholders(this, nodes);
        check = new PlacementCheck(this, nodes);
        reset();
    }

    /** The kernel that drives this state: {@link #runningJobs()} reports its jobs, a look-ahead resumes its run ({@link ResumedRun}). */
    void drivenBy(EventKernel kernel) {
        this.kernel = kernel;
    }

    EventKernel kernel() {
        return kernel;
    }

    @Override
    public Optional<List<RunningJob>> runningJobs() {
        return kernel == null ? Optional.empty() : Optional.of(kernel.runningJobs());
    }

    @Override
    public Optional<List<RunningJob>> runningLayout() {
        return kernel == null ? Optional.empty() : Optional.of(kernel.runningLayout());
    }

    /** Back to an empty cluster at time 0 (an elastic cluster with no node bought, capacity seed 0). */
    public void reset() {
        reset(0);
    }

    /** Back to an empty cluster at time 0; an elastic cluster's random draws come from {@code capacitySeed}. */
    public void reset(long capacitySeed) {
        if (nodes != null) {
            nodes.reset(capacitySeed);
            placeholders.reset();
        }
        System.arraycopy(capacityCores, 0, freeCores, 0, n);
        System.arraycopy(capacityMemory, 0, freeMemory, 0, n);
        Arrays.fill(executors, 0);
        Arrays.fill(busyUntil, 0);
        Arrays.fill(busySince, 0);
        intervals.reset();
        activeVms = 0;
        now = 0;
    }

    @Override
    public Cluster cluster() {
        return cluster;
    }

    @Override
    public double now() {
        return now;
    }

    @Override
    public DurationModel durationModel() {
        return durationModel;
    }

    @Override
    public int vmCount() {
        return n;
    }

    @Override
    public int freeCores(int vm) {
        return nodes == null || nodes.available(vm) ? freeCores[vm] : 0;
    }

    @Override
    public double freeMemoryGb(int vm) {
        return nodes == null || nodes.available(vm) ? freeMemory[vm] : 0;
    }

    /** The arrays as they are, then a slot that cannot take an executor now (see {@link #freeCores}) set to none. */
    @Override
    public void copyFreeResources(int[] cores, double[] memoryGb) {
        System.arraycopy(freeCores, 0, cores, 0, n);
        System.arraycopy(freeMemory, 0, memoryGb, 0, n);
        if (nodes != null) {
            nodes.clearUnavailable(cores, memoryGb);
        }
    }

    /** An elastic cluster's live node that is empty but not yet consolidated is paid for, hence active. */
    @Override
    public boolean isActive(int vm) {
        return executors[vm] > 0 || (nodes != null && (nodes.warm(vm, now) || placeholders.holds(vm)));
    }

    @Override
    public boolean isProvisioned(int vm) {
        return nodes == null || nodes.alive(vm);
    }

    @Override
    public boolean poolOpen(int pool) {
        return nodes == null || nodes.poolOpen(pool);
    }

    @Override
    public int provisionedVms(int[] out) {
        return nodes == null ? ClusterView.super.provisionedVms(out) : nodes.aliveSlots(out);
    }

    /** A slot not bought answers its pool's mean launch delay: a policy cannot know the next launch's draw. */
    @Override
    public double readyIn(int vm) {
        if (nodes == null) {
            return 0;
        }
        return nodes.alive(vm) ? Math.max(0, nodes.readyAt(vm, now) - now)
                : nodes.pools().pool(vm).launchDelay().meanSeconds();
    }

    /** The node lives of an elastic cluster (package-private: the kernel runs their events); null when fixed. */
    NodeLifecycle nodes() {
        return nodes;
    }

    @Override
    public int executorsOn(int vm) {
        return executors[vm];
    }

    @Override
    public double remainingBusyTime(int vm) {
        return executors[vm] == 0 ? 0 : Math.max(0, busyUntil[vm] - now);
    }

    /** Number of VMs hosting at least one executor. */
    public int activeVms() {
        return activeVms;
    }

    /** True when no VM hosts an executor. */
    public boolean idle() {
        return activeVms == 0;
    }

    /** Moves the clock forward. */
    public void advanceTo(double time) {
        if (time < now) {
            throw new IllegalStateException("clock would go back from " + now + " to " + time);
        }
        now = time;
    }

    /** True when one more executor of the job fits on the VM. */
    public boolean fits(int vm, Job job) {
        return freeCores(vm) >= job.coresPerExecutor()
                && freeMemoryGb(vm) + Capacity.EPSILON >= job.memoryGbPerExecutor();
    }

    /** Checks that a placement is well formed and fits the free resources now: null when valid, else what is wrong. */
    public String validate(Job job, Placement placement) {
        return check.validate(job, placement);
    }

    /** Places one executor of the job on the VM, busy until {@code finish}. The caller has checked it fits. */
    public void addExecutor(int vm, Job job, double finish) {
        addPod(vm, job.coresPerExecutor(), job.memoryGbPerExecutor(), finish);
    }

    /** Places a pod of the given request on the VM, busy until {@code finish} (an executor, or a driver pod). */
    void addPod(int vm, int cores, double memoryGb, double finish) {
        if (executors[vm] == 0) {
            if (nodes == null) {
                busySince[vm] = now;
            } else {
                if (!nodes.alive(vm)) {
                    launch(vm);
                }
                nodes.filled(vm);
            }
            busyUntil[vm] = finish;
            activeVms++;
        } else if (finish > busyUntil[vm]) {
            busyUntil[vm] = finish;
        }
        executors[vm]++;
        freeCores[vm] -= cores;
        freeMemory[vm] -= memoryGb;
        if (nodes != null) {
            nodes.podEvent(vm, now);
            placeholders.afterPod(vm);
        }
    }

    /** Extends the VM's busy horizon to at least {@code until} (executors placed before their job's finish is known). */
    public void extendBusyUntil(int vm, double until) {
        if (executors[vm] > 0 && until > busyUntil[vm]) {
            busyUntil[vm] = until;
        }
    }

    /** Places all executors of a validated placement (its driver is {@link DriverPods}'). */
    public void start(Job job, Placement placement, double finish) {
        for (int i = 0; i < placement.executors(); i++) {
            addExecutor(placement.vm(i), job, finish);
        }
        if (placement.placeholders() != null && placeholders != null) {
            placeholders.request(placement.placeholders());
        }
    }

    /** Releases one executor of the job from the VM at the current time. */
    public void removeExecutor(int vm, Job job) {
        removePod(vm, job.coresPerExecutor(), job.memoryGbPerExecutor());
    }

    /** Releases a pod of the given request from the VM now. */
    void removePod(int vm, int cores, double memoryGb) {
        executors[vm]--;
        if (executors[vm] == 0) {
            // Reset exactly so that decimal memory sizes cannot drift over a long run.
            freeCores[vm] = capacityCores[vm];
            freeMemory[vm] = capacityMemory[vm];
            activeVms--;
            if (nodes == null) {
                closeInterval(vm);
            } else if (!placeholders.holds(vm)) {
                nodes.emptied(vm, now);
            } else {
                nodes.podEvent(vm, now);
            }
        } else {
            freeCores[vm] += cores;
            freeMemory[vm] += memoryGb;
            if (nodes != null) {
                nodes.podEvent(vm, now);
            }
        }
    }

    /** Releases all executors of a finished job. */
    public void finish(Job job, Placement placement) {
        for (int i = 0; i < placement.executors(); i++) {
            removeExecutor(placement.vm(i), job);
        }
    }

    /** True when the placement would buy nodes beyond a pool's limit (elastic clusters). */
    boolean overPoolLimit(Placement placement) {
        return nodes != null && nodes.checkLaunches(placement) != null;
    }

    /** Buys an elastic slot's node now: its billed lifetime opens. */
    void launch(int vm) {
        nodes.launch(vm, now);
        busySince[vm] = now;
    }

    /** An elastic node is gone now (consolidated or interrupted), its billed lifetime closed; true when
     *  this gave back capacity its pool's limit held back. */
    boolean terminate(int vm) {
        boolean freed = nodes.terminate(vm);
        placeholders.nodeGone(vm);
        closeInterval(vm);
        return freed;
    }

    private void closeInterval(int vm) {
        intervals.close(vm, busySince[vm], now);
    }

    /** The placeholder pods of an elastic cluster (package-private: the kernel keeps them); null when fixed. */
    Placeholders placeholders() {
        return placeholders;
    }

    /** A resumed run ({@link ResumedRun}, after {@link #reset}) starts at {@code source}'s time with its nodes. */
    void resumeFrom(ClusterState source, boolean sameFuture, boolean drawTraces) {
        advanceTo(source.now);
        if (nodes != null) {
            nodes.resumeFrom(source.nodes, now, sameFuture, drawTraces);
        }
    }

    /**
     * Once a resumed run's running jobs are back: every billed interval open now opened when it did in
     * {@code source}; on an elastic cluster the placeholders are {@code source}'s, and each node's last pod
     * event (under-used consolidation's clock) is when it was there.
     */
    void keepOpeningTimes(ClusterState source) {
        System.arraycopy(source.busySince, 0, busySince, 0, n);
        if (nodes != null) {
            placeholders.copyFrom(source.placeholders);
            nodes.keepPodEvents(source.nodes);
        }
    }

    /** Busy seconds of a VM so far, counting an open interval up to now. */
    public double busySeconds(int vm) {
        double total = intervals.closedSeconds(vm);
        if (nodes == null ? executors[vm] > 0 : nodes.alive(vm)) {
            total += now - busySince[vm];
        }
        return total;
    }

    /** Total exact cost so far (price × busy seconds), counting open intervals up to now. */
    public double costSoFar() {
        double cost = 0;
        for (int i = 0; i < n; i++) {
            cost += busySeconds(i) * cluster.vm(i).pricePerSecond();
        }
        return cost;
    }

    /** The cost already certain now: everything billed so far plus, for every busy VM, its price × the time it
     *  stays busy with the jobs it hosts (their durations are fixed when they start). */
    public double committedCost() {
        double cost = costSoFar();
        for (int i = 0; i < n; i++) {
            cost += cluster.vm(i).pricePerSecond() * remainingBusyTime(i);
        }
        return cost;
    }

    /** The closed busy intervals of every VM (call when all jobs are done). */
    public List<VmRecord> vmRecords() {
        return intervals.records(cluster);
    }
}

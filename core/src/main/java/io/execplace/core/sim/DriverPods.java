package io.execplace.core.sim;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.rules.KubeScores;

import java.util.Arrays;

/**
 * The applications' driver pods on an elastic cluster that models them ({@link NodePools#drivers()}):
 * each application's driver is placed with its executors — on the node its placement names, or by
 * kube-scheduler's default rule when the policy names none — holds its room from the decision to the
 * application's end (so its node stays alive and billed), and when its node is taken back the
 * application fails and restarts from scratch: Spark on Kubernetes has no driver recovery, so the
 * executors' work of that run is lost and the application is queued again with all its work and its
 * original deadline. Off (every method a no-op) on fixed clusters and pools without drivers.
 */
final class DriverPods {

    private final ClusterState state;
    private final NodePools pools;
    /** The driver pod of every application, or null when drivers are not modelled. */
    private final DriverPod pod;
    private final int[] used;
    /** Driver pods per VM now. */
    private final int[] driversOn;
    private int[] live = new int[0];
    /** Per job: its driver's VM while it runs (-1 otherwise), and its whole work (a restart's). */
    private int[] driverVm = new int[0];
    private double[] wholeWork = new double[0];
    private int restarts;

    DriverPods(ClusterState state, Cluster cluster) {
        this.state = state;
        this.pools = cluster.isElastic() ? cluster.pools() : null;
        this.pod = pools == null ? null : pools.drivers();
        this.used = new int[cluster.size()];
        this.driversOn = new int[cluster.size()];
    }

    boolean on() {
        return pod != null;
    }

    /** A run of {@code jobs} starts; the first {@code n} are the workload's applications. */
    void reset(Job[] jobs, int n) {
        restarts = 0;
        if (pod == null) {
            return;
        }
        Arrays.fill(driversOn, 0);
        if (driverVm.length < jobs.length) {
            driverVm = new int[jobs.length];
            wholeWork = new double[jobs.length];
        }
        Arrays.fill(driverVm, -1);
        for (int j = 0; j < n; j++) {
            wholeWork[j] = jobs[j].baseDuration();
        }
    }

    /**
     * The placement with its driver: as the policy gave it when it names one, else the driver on the
     * node kube-scheduler's default profile scores best (LeastAllocated plus BalancedAllocation) among
     * the live nodes and the placement's own purchases, with room after the executors; when none has
     * room, a new node, as Karpenter buys for a pending pod: the first pool that can buy, its cheapest
     * type that holds the driver. Null when no node can take the driver now (the job stays pending).
     */
    Placement complete(Job job, Placement p) {
        if (pod == null || p.hasDriver()) {
            return p;
        }
        mark(p, job, 1);
        int best = bestNode(p);
        mark(p, job, -1);
        return best < 0 ? null : p.withDriver(best);
    }

    /**
     * The node for the driver of {@code job} whose executors were placed one by one and hold their room
     * already (their nodes bought): {@link #complete}'s rule over the live nodes, so a job placed
     * executor by executor gets the driver node the same executors placed whole would. -1 when no node
     * can take the driver now.
     */
    int nodeFor(Job job) {
        usedJob = job; // nothing marked: the executors are in the state's free room
        int best = bestNode(null);
        usedJob = null;
        return best;
    }

    /** The best-scored node with room among the live ones and {@code p}'s (may be null), else a new one; -1 when none. */
    private int bestNode(Placement p) {
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        if (live.length < state.vmCount()) {
            live = new int[state.vmCount()];
        }
        int count = state.provisionedVms(live);
        int candidates = count + (p == null ? 0 : p.executors());
        for (int k = 0; k < candidates; k++) {
            int vm = k < count ? live[k] : p.vm(k - count);
            double score = fits(vm) ? score(vm) : Double.NEGATIVE_INFINITY;
            if (score > bestScore || (score == bestScore && score > Double.NEGATIVE_INFINITY && vm < best)) {
                bestScore = score;
                best = vm;
            }
        }
        return best >= 0 ? best : newNode();
    }

    /** Null when the placement's driver fits its node after the placement's executors, else what is wrong. */
    String check(Job job, Placement p) {
        if (pod == null || !p.hasDriver()) {
            return null;
        }
        int vm = p.driverVm();
        if (vm >= state.vmCount()) {
            return "driver of job " + job.id() + " placed on unknown VM " + vm;
        }
        mark(p, job, 1);
        boolean fits = fits(vm);
        mark(p, job, -1);
        return fits ? null : "VM " + vm + " has no room for the driver of job " + job.id() + " after its executors";
    }

    /** Counts ({@code sign} 1) or uncounts the placement's executors in {@link #used}, cores per node. */
    private void mark(Placement p, Job job, int sign) {
        for (int i = 0; i < p.executors(); i++) {
            used[p.vm(i)] += sign;
        }
        usedJob = sign > 0 ? job : null;
    }

    private Job usedJob;

    private int freeCoresAfter(int vm) {
        return state.freeCores(vm) - used[vm] * usedJob.coresPerExecutor();
    }

    private double freeMemoryAfter(int vm) {
        return state.freeMemoryGb(vm) - used[vm] * usedJob.memoryGbPerExecutor();
    }

    private boolean fits(int vm) {
        return freeCoresAfter(vm) >= pod.cores() && freeMemoryAfter(vm) + Capacity.EPSILON >= pod.memoryGb();
    }

    /** kube-scheduler's default profile: NodeResourcesFit LeastAllocated plus BalancedAllocation, weight 1 each. */
    private double score(int vm) {
        double cpuUsed = 1 - (freeCoresAfter(vm) - pod.cores()) / (double) state.cluster().vm(vm).cores();
        double memUsed = 1 - (freeMemoryAfter(vm) - pod.memoryGb()) / state.cluster().vm(vm).memoryGb();
        return KubeScores.leastAllocated(cpuUsed, memUsed) + KubeScores.balanced(cpuUsed, memUsed);
    }

    /** The slot Karpenter would buy for the driver alone, or -1. */
    private int newNode() {
        for (int p = 0; p < pools.pools().size(); p++) {
            NodePool pool = pools.pools().get(p);
            int bestSlot = -1;
            double bestPrice = Double.POSITIVE_INFINITY;
            for (int t = 0; t < pool.instanceTypes().size(); t++) {
                InstanceType type = pool.instanceTypes().get(t);
                double price = pool.pricePerSecond(type);
                if (type.cores() < pod.cores() || type.memoryGb() + Capacity.EPSILON < pod.memoryGb() || !(price < bestPrice)) {
                    continue;
                }
                for (int vm = pools.firstSlot(p, t); vm < pools.endSlot(p, t); vm++) {
                    if (!state.isProvisioned(vm) && used[vm] == 0 && state.freeCores(vm) > 0) {
                        bestPrice = price;
                        bestSlot = vm;
                        break;
                    }
                }
            }
            if (bestSlot >= 0) {
                return bestSlot;
            }
        }
        return -1;
    }

    /** Application {@code j} starts with its driver on {@code vm} until {@code finish}. */
    void start(int j, int vm, double finish) {
        state.addPod(vm, pod.cores(), pod.memoryGb(), finish);
        driversOn[vm]++;
        driverVm[j] = vm;
    }

    /** Application {@code j} now ends at {@code finish}: its driver's node stays busy as long. */
    void extend(int j, double finish) {
        if (pod != null && driverVm[j] >= 0) {
            state.extendBusyUntil(driverVm[j], finish);
        }
    }

    /** Application {@code j} ended or was stopped: its driver goes. */
    void free(int j) {
        if (pod != null && j < driverVm.length && driverVm[j] >= 0) {
            driversOn[driverVm[j]]--;
            state.removePod(driverVm[j], pod.cores(), pod.memoryGb());
            driverVm[j] = -1;
        }
    }

    /** True when application {@code j}'s driver runs on a slot marked in {@code taken}. */
    boolean on(int j, boolean[] taken) {
        return pod != null && j < driverVm.length && driverVm[j] >= 0 && taken[driverVm[j]];
    }

    /** Application {@code j} restarts from scratch: {@code job} with all its work again (its deadline kept). */
    Job restart(int j, Job job) {
        restarts++;
        return job.withBaseDuration(wholeWork[j]);
    }

    /** True when an application's driver runs on the VM. */
    boolean hostsDriver(int vm) {
        return driversOn[vm] > 0;
    }

    int restarts() {
        return restarts;
    }
}

package io.execplace.kubernetes.cluster;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.Vm;
import io.execplace.core.model.VmType;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.DurationModel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster as one scheduling cycle sees it: every usable node is a VM (in node-name order), with
 * what its allocatable resources leave after the requests of all pods bound there (by any scheduler)
 * and of the pods this scheduler has just bound but the informer has not shown yet. Resources are
 * counted exactly (millicores, bytes); policies see CPU in whole <em>units</em> (free CPU rounded down)
 * and memory in GB. The unit is 1 core unless a pending request is fractional: then it is the
 * greatest common divisor of 1000 m and every pending request ({@link #cpuUnitFor}), so that a
 * request is a whole number of units and rounding the free CPU down loses nothing (a 3500m executor
 * fits a node with 3920m free; seven 500m executors fit 4 cores).
 *
 * <p>Within a cycle the scheduler {@link #commit commits} each placement it binds, so the next
 * application in the queue sees the cluster as the simulator would.
 */
public final class ClusterSnapshot implements ClusterView {

    private final Cluster cluster;
    private final String[] nodeNames;
    private final Map<String, Integer> vmOfNode;
    private final long[] freeCpuMillis;
    private final long[] freeMemoryBytes;
    private final long[] freePods;
    /** Free amount per node of each resource besides CPU and memory that some node has (GPUs, storage). */
    private final Map<String, long[]> freeOther = new HashMap<>();
    private final int[] activePods;
    private final double[] busyUntil;
    private final double now;
    private final DurationModel durationModel;
    private final long cpuUnitMillis;
    /** Per VM: Karpenter's under-used consolidation may drain the node (its NodePool's rule); none unless {@link #drainRule} says. */
    private boolean[] drainsUnderused;
    private double relaunchSeconds;

    private ClusterSnapshot(List<NodeInfo> nodes, double now, long cpuUnitMillis) {
        this.cpuUnitMillis = cpuUnitMillis;
        Cluster.Builder b = Cluster.builder("kubernetes");
        int n = nodes.size();
        nodeNames = new String[n];
        vmOfNode = new HashMap<>();
        freeCpuMillis = new long[n];
        freeMemoryBytes = new long[n];
        freePods = new long[n];
        activePods = new int[n];
        busyUntil = new double[n];
        drainsUnderused = new boolean[n];
        for (int i = 0; i < n; i++) {
            NodeInfo node = nodes.get(i);
            nodeNames[i] = node.name();
            vmOfNode.put(node.name(), i);
            freeCpuMillis[i] = node.allocatableCpuMillis();
            freeMemoryBytes[i] = node.allocatableMemoryBytes();
            freePods[i] = node.podLimit();
            for (Map.Entry<String, Long> e : node.otherAllocatable().entrySet()) {
                freeOther.computeIfAbsent(e.getKey(), k -> new long[n])[i] = e.getValue();
            }
            busyUntil[i] = now;
            VmType type = new VmType(node.instanceType(), (int) Math.min(Integer.MAX_VALUE, node.allocatableCpuMillis() / cpuUnitMillis),
                    node.allocatableMemoryBytes() / Resources.BYTES_PER_GB);
            b.add(type, node.site(), 1, node.pricePerSecond());
        }
        this.cluster = n == 0 ? null : b.build();
        this.now = now;
        this.durationModel = new DurationModel(true, cluster != null && cluster.hasSite(Site.LOCAL),
                DurationModel.PAPER_PENALTY);
    }

    /**
     * Starts a snapshot of the given usable nodes (the order of the list is the VM order).
     *
     * @param now the clock in epoch seconds
     */
    public static ClusterSnapshot of(List<NodeInfo> nodes, double now) {
        return new ClusterSnapshot(nodes, now, 1000);
    }

    /** As {@link #of(List, double)}, CPU counted in units of {@code cpuUnitMillis} ({@link #cpuUnitFor}). */
    public static ClusterSnapshot of(List<NodeInfo> nodes, double now, long cpuUnitMillis) {
        if (cpuUnitMillis < 1) {
            throw new IllegalArgumentException("the CPU unit must be at least 1 m, got " + cpuUnitMillis);
        }
        return new ClusterSnapshot(nodes, now, cpuUnitMillis);
    }

    /** The CPU unit for these pending requests: gcd(1000 m, every request); 1000 m when all are whole cores. */
    public static long cpuUnitFor(List<Long> requestMillis) {
        long unit = 1000;
        for (long r : requestMillis) {
            if (r > 0) {
                unit = gcd(unit, r);
            }
        }
        return unit;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * What Karpenter's consolidation does to these nodes, for the policies that guard executors from it
     * ({@link ClusterView#drainsUnderused}): per VM whether under-used consolidation may drain it, and the
     * seconds a job a drain stopped waits for a new node.
     */
    public void drainRule(boolean[] drainsUnderusedByVm, double relaunchSeconds) {
        if (drainsUnderusedByVm.length != nodeNames.length) {
            throw new IllegalArgumentException(drainsUnderusedByVm.length + " drain rules for " + nodeNames.length + " nodes");
        }
        this.drainsUnderused = drainsUnderusedByVm.clone();
        this.relaunchSeconds = relaunchSeconds;
    }

    @Override
    public boolean drainsUnderused(int vm) {
        return drainsUnderused[vm];
    }

    @Override
    public double relaunchSeconds() {
        return relaunchSeconds;
    }

    /** Millicores per CPU unit the policies see. */
    public long cpuUnitMillis() {
        return cpuUnitMillis;
    }

    /**
     * Counts a pod bound to {@code node} (ignored when the node is not usable).
     *
     * @param active    the pod makes the node paid for (any pod but DaemonSet pods)
     * @param busyUntil epoch second until which the pod is expected to run, or NaN when unknown
     */
    public void addPod(String node, long cpuMillis, long memoryBytes, boolean active, double busyUntil) {
        addPod(node, cpuMillis, memoryBytes, Map.of(), active, busyUntil);
    }

    /** As {@link #addPod(String, long, long, boolean, double)}, with the pod's other requests (GPUs, storage). */
    public void addPod(String node, long cpuMillis, long memoryBytes, Map<String, Long> otherRequests, boolean active,
                       double busyUntil) {
        addPods(node, 1, active ? 1 : 0, cpuMillis, memoryBytes, otherRequests, busyUntil);
    }

    /**
     * Counts {@code pods} pods bound to {@code node} at once, with the sums of their requests (a node's
     * totals kept from informer events); ignored when the node is not usable.
     *
     * @param active    how many of them make the node paid for
     * @param busyUntil the latest epoch second until which one of them is expected to run, or NaN
     */
    public void addPods(String node, int pods, int active, long cpuMillis, long memoryBytes, Map<String, Long> otherRequests,
                        double busyUntil) {
        Integer vm = vmOfNode.get(node);
        if (vm == null) {
            return;
        }
        freeCpuMillis[vm] -= cpuMillis;
        freeMemoryBytes[vm] -= memoryBytes;
        freePods[vm] -= pods;
        for (Map.Entry<String, Long> e : otherRequests.entrySet()) {
            long[] free = freeOther.get(e.getKey());
            if (free != null) {
                free[vm] -= e.getValue();
            }
        }
        activePods[vm] += active;
        keepBusyUntil(node, busyUntil);
    }

    /** The node stays busy at least until {@code busyUntil} (NaN: no change), its pods already counted. */
    public void keepBusyUntil(String node, double busyUntil) {
        Integer vm = vmOfNode.get(node);
        if (vm != null && !Double.isNaN(busyUntil) && busyUntil > this.busyUntil[vm]) {
            this.busyUntil[vm] = busyUntil;
        }
    }

    /**
     * Gives back what {@link #addPod(String, long, long, boolean, double)} took for a pod added as not
     * active and without a busy time (room held for executors that are not there yet, {@code --driver-gang}).
     */
    public void removePod(String node, long cpuMillis, long memoryBytes) {
        Integer vm = vmOfNode.get(node);
        if (vm == null) {
            return;
        }
        freeCpuMillis[vm] += cpuMillis;
        freeMemoryBytes[vm] += memoryBytes;
        freePods[vm]++;
    }

    /** True when no node is usable (the policy cannot be asked). */
    public boolean isEmpty() {
        return cluster == null;
    }

    public int vmOf(String node) {
        Integer vm = vmOfNode.get(node);
        return vm == null ? -1 : vm;
    }

    public String nodeName(int vm) {
        return nodeNames[vm];
    }

    public long freeCpuMillis(int vm) {
        return freeCpuMillis[vm];
    }

    public long freeMemoryBytes(int vm) {
        return freeMemoryBytes[vm];
    }

    /** How many executors of the given exact size the node can still take. */
    public long executorsThatFitExactly(int vm, long cpuMillis, long memoryBytes) {
        return fitting(freeCpuMillis[vm], freeMemoryBytes[vm], cpuMillis, memoryBytes);
    }

    /** How many requests of {@code cpuMillis} and {@code memoryBytes} this much free CPU and memory holds. */
    public static long fitting(long freeCpuMillis, long freeMemoryBytes, long cpuMillis, long memoryBytes) {
        long byCpu = cpuMillis <= 0 ? Long.MAX_VALUE : Math.max(0, freeCpuMillis) / cpuMillis;
        long byMemory = memoryBytes <= 0 ? Long.MAX_VALUE : Math.max(0, freeMemoryBytes) / memoryBytes;
        return Math.min(byCpu, byMemory);
    }

    /**
     * How many more pods of this exact request the node can take now, counting CPU, memory, every
     * other requested resource and the node's pod limit (kube-scheduler's NodeResourcesFit).
     */
    public long podsThatFit(int vm, long cpuMillis, long memoryBytes, Map<String, Long> otherRequests) {
        long fit = Math.min(executorsThatFitExactly(vm, cpuMillis, memoryBytes), Math.max(0, freePods[vm]));
        for (Map.Entry<String, Long> e : otherRequests.entrySet()) {
            long[] free = freeOther.get(e.getKey());
            long have = free == null ? 0 : Math.max(0, free[vm]);
            fit = Math.min(fit, have / e.getValue());
        }
        return fit;
    }

    /** What limits the node for this request, in kube-scheduler's words ("Insufficient cpu"), or null when one fits. */
    public String insufficient(int vm, long cpuMillis, long memoryBytes, Map<String, Long> otherRequests) {
        if (freePods[vm] < 1) {
            return "Too many pods";
        }
        if (freeCpuMillis[vm] < cpuMillis) {
            return "Insufficient cpu";
        }
        if (freeMemoryBytes[vm] < memoryBytes) {
            return "Insufficient memory";
        }
        for (Map.Entry<String, Long> e : otherRequests.entrySet()) {
            long[] free = freeOther.get(e.getKey());
            if (free == null || free[vm] < e.getValue()) {
                return "Insufficient " + e.getKey();
            }
        }
        return null;
    }

    /**
     * Why the placement does not fit the exact free resources, or null when it fits. A policy that
     * over-commits a node (a bug) is caught here, before anything is bound.
     */
    public String validate(Placement p, int executors, long cpuMillis, long memoryBytes) {
        if (p.executors() != executors) {
            return "placement has " + p.executors() + " executors, the application " + executors;
        }
        int[] count = new int[nodeNames.length];
        for (int i = 0; i < p.executors(); i++) {
            int vm = p.vm(i);
            if (vm < 0 || vm >= nodeNames.length) {
                return "executor " + i + " placed on VM " + vm + ", which does not exist";
            }
            count[vm]++;
        }
        for (int vm = 0; vm < count.length; vm++) {
            if (count[vm] > 0 && (count[vm] * cpuMillis > freeCpuMillis[vm] || count[vm] * memoryBytes > freeMemoryBytes[vm])) {
                return count[vm] + " executors do not fit node " + nodeNames[vm] + " (free " + freeCpuMillis[vm]
                        + "m cpu, " + freeMemoryBytes[vm] + " bytes)";
            }
        }
        return null;
    }

    /** Records a placement the scheduler is binding: resources taken, node busy for {@code durationSeconds} more. */
    public void commit(Placement p, long cpuMillis, long memoryBytes, double durationSeconds) {
        commit(p, cpuMillis, memoryBytes, Map.of(), durationSeconds);
    }

    /** As {@link #commit(Placement, long, long, double)}, with the executors' other requests. */
    public void commit(Placement p, long cpuMillis, long memoryBytes, Map<String, Long> otherRequests,
                       double durationSeconds) {
        for (int i = 0; i < p.executors(); i++) {
            addPod(nodeNames[p.vm(i)], cpuMillis, memoryBytes, otherRequests, true, now + durationSeconds);
        }
    }

    /**
     * The extra cost of running {@code durationSeconds} on the placement's nodes: each node's price
     * times the time it runs beyond its present busy time (HYB Eq. 16's per-VM term).
     */
    public double extraCost(Placement p, double durationSeconds) {
        double[] seen = new double[nodeNames.length];
        Arrays.fill(seen, -1);
        double cost = 0;
        for (int i = 0; i < p.executors(); i++) {
            int vm = p.vm(i);
            if (seen[vm] < 0) {
                seen[vm] = 1;
                cost += cluster.vm(vm).pricePerSecond() * Math.max(0, durationSeconds - remainingBusyTime(vm));
            }
        }
        return cost;
    }

    /** Sum of the prices per second of the nodes that run at least one pod (besides DaemonSets). */
    public double activeCostRatePerSecond() {
        double sum = 0;
        for (int vm = 0; vm < nodeNames.length; vm++) {
            if (activePods[vm] > 0) {
                sum += cluster.vm(vm).pricePerSecond();
            }
        }
        return sum;
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
    public int freeCores(int vm) {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, freeCpuMillis[vm] / cpuUnitMillis));
    }

    @Override
    public double freeMemoryGb(int vm) {
        return Math.max(0, freeMemoryBytes[vm]) / Resources.BYTES_PER_GB;
    }

    @Override
    public int executorsOn(int vm) {
        return activePods[vm];
    }

    @Override
    public double remainingBusyTime(int vm) {
        return Math.max(0, busyUntil[vm] - now);
    }

    @Override
    public int vmCount() {
        return nodeNames.length;
    }

    @Override
    public Vm vm(int id) {
        return cluster.vm(id);
    }
}

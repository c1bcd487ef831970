package io.execplace.schedulers.elastic;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code finish-together}: execplace's placement for elastic clusters, which knows how long jobs run
 * and what a node costs while it lives. Each executor goes to the live node where it adds the least
 * node time per executor the node can take — none at all on a node that stays busy at least as long
 * as the job, and among those the one whose jobs end closest to this one's, so that nodes empty
 * together and are consolidated; ties go to the fullest node. Only when no live node can take it is
 * a node bought, the one Karpenter would buy for the executors still to place (its cheapest type
 * that holds them). On a fixed cluster every VM is live: a duration-aware packing.
 *
 * <p>Buying whenever a new node cost less per executor than extending a live one (launch wait and
 * the empty tail before consolidation counted) was tried and cost more: 226.5 against 221.4 on
 * {@code elastic-ondemand} with {@code hybrid-day}, seed 1 (docs/elastic.md).
 */
public final class FinishTogether implements PlacementPolicy {

    public static final String NAME = "finish-together";

    private final TentativeRoom room = new TentativeRoom();
    private boolean[] chosen = new boolean[0];
    /** Nodes bought by this decision whose rest is kept as headroom (no more of the job's executors). */
    private boolean[] closed = new boolean[0];
    /** The under-used consolidation's exposure of the live nodes, or null when it is not weighed. */
    private final QuietNodes quiet;
    /** What a second of exposure costs, in seconds of the executor's share of the node ({@link #liveCost}'s unit). */
    private final double exposureWeight;
    private boolean weighExposure;
    /**
     * Per node, what its cost reads from the view, read once per decision ({@link #readNode}): it depends
     * on the node and the job's run only, and the best node is sought again for each executor. Its
     * price, remaining busy time, price times the node time the job adds, and the exposure the job
     * adds there ({@link QuietNodes#added}) when weighed.
     */
    private double[] nodePrice = new double[0];
    private double[] nodeBusy = new double[0];
    private double[] nodeExtraCost = new double[0];
    private double[] exposureAdded = new double[0];
    private long[] nodeDecision = new long[0];
    private long decision;
    /** Room kept for short jobs ({@link Headroom}), or null when none is kept. */
    private final Headroom headroom;
    /** True: a node bought is of the type holding the most of the job's executors ({@link NodeClaims#of}). */
    private final boolean buysLargest;
    /** The cluster {@link #hybrid} was read from (a large pool's slots are not rescanned per decision). */
    private Cluster hybridOf;
    private boolean hybrid;

    /** The rule as named {@link #NAME}: no regard for under-used consolidation. */
    public FinishTogether() {
        this(0);
    }

    /**
     * With {@code exposureWeight} > 0, each live node's cost for an executor also counts the exposure to
     * under-used consolidation the executor adds ({@link QuietNodes}) at that weight.
     */
    FinishTogether(double exposureWeight) {
        this(exposureWeight, null);
    }

    /**
     * With a {@link Headroom}: when a job buys nodes and the live ready nodes have less free room than
     * the headroom, the nodes bought for it are chosen for its executors and the missing room together,
     * and that room is left free beside its executors for the short jobs to come.
     */
    FinishTogether(double exposureWeight, Headroom headroom) {
        this(exposureWeight, headroom, false);
    }

    private FinishTogether(double exposureWeight, Headroom headroom, boolean buysLargest) {
        this.buysLargest = buysLargest;
        this.exposureWeight = exposureWeight;
        this.quiet = exposureWeight > 0 ? new QuietNodes() : null;
        this.headroom = headroom;
    }

    /**
     * The rule as named {@link #NAME}, but a node it buys is of the instance type that holds the most of
     * the job's executors, not Karpenter's cheapest type for those left to place: the room left on it
     * takes the next jobs without a launch.
     */
    static FinishTogether buyingLargest() {
        return new FinishTogether(0, null, true);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        return placeOn(job, view, null);
    }

    /**
     * The placement this rule gives the job on nodes of one capacity type ({@code only}; null: any);
     * {@link Placement#none()} when the pools of that type cannot hold it now.
     */
    public Placement placeOn(Job job, ClusterView view, CapacityType only) {
        return placeOn(job, view, only, only);
    }

    /**
     * {@link #placeOn(Job, ClusterView, CapacityType)} with the application's driver pod, where the
     * pools model one, on capacity type {@code driverOnly} (null: any), by the same rule as an
     * executor: the node where it adds the least node time (one of the job's own nodes adds none),
     * else the node Karpenter would buy for it.
     */
    public Placement placeOn(Job job, ClusterView view, CapacityType only, CapacityType driverOnly) {
        room.load(view);
        if (chosen.length < view.vmCount()) {
            chosen = new boolean[view.vmCount()];
            closed = new boolean[view.vmCount()];
        }
        weighExposure = quiet != null && quiet.load(view);
        if (nodeDecision.length < view.vmCount()) {
            nodePrice = new double[view.vmCount()];
            nodeBusy = new double[view.vmCount()];
            nodeExtraCost = new double[view.vmCount()];
            exposureAdded = new double[view.vmCount()];
            nodeDecision = new long[view.vmCount()];
        }
        decision++;
        Cluster cluster = view.cluster();
        if (hybridOf != cluster) {
            hybrid = cluster.isHybrid();
            hybridOf = cluster;
        }
        NodeClaims claims = cluster.isElastic() ? NodeClaims.of(cluster.pools(), room, buysLargest) : null;
        // Elastic pools are all cloud; the hybrid penalty applies only to hybrid clusters.
        double duration = job.baseDuration()
                * (hybrid && view.durationModel().hybridPenalty() ? view.durationModel().penaltyFactor() : 1);
        double keep = headroom == null || claims == null ? 0 : headroom.cores(view);
        int[] vms = new int[job.executors()];
        int placed = 0;
        int spare = keep > 0 ? -1 : 0; // executors' worth of room to leave free; -1: not counted yet
        while (placed < vms.length) {
            int left = vms.length - placed;
            int live = bestLiveNode(job, view, duration, left, only);
            if (live < 0 && spare < 0) {
                spare = (int) Math.ceil(Math.max(0, keep - freeReadyCores(view, only))
                        / Headroom.executorCores(job, cluster.pools()));
            }
            int buy = live >= 0 || claims == null ? -1 : claims.claim(job, left + Math.max(0, spare), only);
            if (live < 0 && buy >= 0) {
                chosen[buy] = true;
                int holds = room.holds(buy, job);
                int kept = Math.min(Math.max(0, spare), holds - 1); // at least one executor of the job per node
                spare -= kept;
                closed[buy] = kept > 0;
                for (int n = 0; n < holds - kept && placed < vms.length; n++) {
                    room.take(vms, placed++, buy, job);
                }
            } else if (live >= 0) {
                chosen[live] = true;
                room.take(vms, placed++, live, job);
            } else {
                unchoose(vms, placed);
                return Placement.none();
            }
        }
        DriverPod pod = claims == null ? null : cluster.pools().drivers();
        int driver = pod == null ? -1 : bestLiveNode(pod.asJob(job), view, duration, 1, driverOnly);
        if (pod != null && driver < 0) {
            driver = claims.claim(pod.asJob(job), 1, driverOnly);
        }
        unchoose(vms, placed);
        if (pod == null) {
            return Placement.of(vms);
        }
        return driver < 0 ? Placement.none() : Placement.of(vms).withDriver(driver);
    }

    /**
     * Free room, in cores (memory counted as cores where it binds), on the ready live nodes of one
     * capacity type (null: any) that this decision has not chosen.
     */
    private double freeReadyCores(ClusterView view, CapacityType only) {
        double perCore = Headroom.memoryPerCore(view.cluster().pools());
        double free = 0;
        for (int k = 0; k < room.liveCount; k++) {
            int vm = room.live[k];
            if (!chosen[vm] && view.isProvisioned(vm) && view.readyIn(vm) <= 0
                    && (only == null || view.cluster().pools().capacityType(vm) == only)) {
                free += Math.min(room.freeCores[vm], room.freeMemory[vm] / perCore);
            }
        }
        return free;
    }

    /** Clears the marks of this decision only (clearing every slot would cost a large pool's size per decision). */
    private void unchoose(int[] vms, int placed) {
        for (int e = 0; e < placed; e++) {
            chosen[vms[e]] = false;
            closed[vms[e]] = false;
        }
    }

    /**
     * Node time a live node adds per executor it takes (0 once chosen for this job: its further executors
     * there add neither node time nor pod events), plus, when weighed, the exposure to under-used
     * consolidation the job adds to the node, priced at the executor's share of the node.
     */
    private double liveCost(ClusterView view, int vm, Job job, double duration, int left) {
        if (chosen[vm]) {
            return 0;
        }
        double cost = nodeExtraCost[vm] / Math.min(room.holds(vm, job), left);
        if (weighExposure) {
            cost += exposureWeight * exposureAdded[vm] * nodePrice[vm] * job.coresPerExecutor() / view.vm(vm).cores();
        }
        return cost;
    }

    /** Reads what the node's {@link #liveCost} takes from the view, once per decision (the job's run is the same throughout). */
    private void readNode(ClusterView view, int vm, double duration) {
        if (nodeDecision[vm] == decision) {
            return;
        }
        nodePrice[vm] = view.vm(vm).pricePerSecond();
        nodeBusy[vm] = view.remainingBusyTime(vm);
        nodeExtraCost[vm] = nodePrice[vm] * Math.max(0, view.readyIn(vm) + duration - nodeBusy[vm]);
        if (weighExposure) {
            exposureAdded[vm] = quiet.added(view, vm, duration);
        }
        nodeDecision[vm] = decision;
    }

    /** The live node with the least cost per executor; ties: busy closest to the job's end, then fullest. */
    private int bestLiveNode(Job job, ClusterView view, double duration, int left, CapacityType only) {
        Cluster cluster = view.cluster();
        int best = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        double bestGap = Double.POSITIVE_INFINITY;
        int bestFree = Integer.MAX_VALUE;
        for (int k = 0; k < room.liveCount; k++) {
            int vm = room.live[k];
            if (room.holds(vm, job) == 0 || (only != null && cluster.pools().capacityType(vm) != only)
                    || closed[vm]) {
                continue;
            }
            readNode(view, vm, duration);
            double cost = liveCost(view, vm, job, duration, left);
            double busy = nodeBusy[vm];
            double gap = busy >= duration ? busy - duration : Double.MAX_VALUE / 2 - busy;
            boolean better = cost < bestCost - 1e-15
                    || (cost <= bestCost + 1e-15 && (gap < bestGap || (gap == bestGap && room.freeCores[vm] < bestFree)));
            if (better) {
                best = vm;
                bestCost = cost;
                bestGap = gap;
                bestFree = room.freeCores[vm];
            }
        }
        return best;
    }
}

package io.execplace.schedulers.elastic;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.PlaceholderRoom;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

import java.util.List;

/**
 * A policy's placements with Kubernetes' overprovisioning pattern beside them: placeholder pods
 * ({@link PlaceholderRoom}) that hold room on live nodes for the jobs whose deadline slack is shorter
 * than a launch. The room is sized from what {@link Headroom} measures — the short jobs' median demand,
 * kept only while they arrive often enough, from the arrivals seen so far — times {@link #ROOM_FACTOR},
 * in pods of {@link #POD_CORES} core (memory at the pools' ratio), on spot nodes where the pools have
 * spot (where the spot rules put a short job when spot has room), else on any. Each placement the base
 * policy makes carries the replicas for that moment (what the cluster-proportional-autoscaler does for
 * a placeholder Deployment in practice); the kernel keeps the pods: a real executor pre-empts them at
 * once and the provisioner buys a node for the pre-empted ones, so the room outlives the job that took it.
 *
 * <p>Chosen on seeds 1-5 of {@code hybrid-medium} on {@code elastic-spot+drivers} (docs/elastic.md,
 * "Placeholder pods"): the largest room whose cost stayed within 0.85 x {@code kube-spot}'s. One median
 * demand in 4-core pods cost 0.97 x at 1.3 points fewer misses; a quarter of it in 1-core pods 0.838 x
 * at 1.0 point fewer (half of it 0.89 x at 2.5 fewer, a fifth 0.815 x at 0.4 fewer). Small pods fill the fragments
 * live nodes leave, where the room costs nothing until it keeps a node from emptying.
 *
 * <p>{@link #following} is the variant whose placeholders follow the capacity short jobs can get: on
 * spot nodes while a spot pool may buy, on on-demand nodes while availability windows keep every spot
 * pool closed (where the spot rules then send every job), and a room of {@link #FOLLOWING_ROOM_FACTOR}
 * median demands, beside a placement that buys nodes of the largest type ({@link FinishTogether#buyingLargest})
 * (docs/elastic.md, "Large nodes and placeholders that follow spot availability").
 */
final class Overprovisioned implements PlacementPolicy {

    /** Cores per placeholder pod (memory at the pools' ratio): small pods fit the room live nodes have left. */
    static final int POD_CORES = 1;
    /** The room held, in short jobs' median demands. */
    static final double ROOM_FACTOR = 0.25;
    /**
     * The following variant's room, in short jobs' median demands: chosen on seeds 1-5 of the four {@code
     * hybrid-medium} spot cells (0.1, 0.15, 0.2 over nodes of the largest type; 0.2, 0.25, 0.3 over
     * Karpenter's types) as the variant meeting both goal conditions on the most cells, ties to the lowest
     * worst-cell cost (docs/elastic.md, "Large nodes and placeholders that follow spot availability").
     */
    static final double FOLLOWING_ROOM_FACTOR = 0.1;

    private final PlacementPolicy base;
    private final String name;
    private final double roomFactor;
    /** True: the placeholders' node selector follows the spot pools' availability ({@link #following}). */
    private final boolean followsSpot;
    private final Headroom headroom = new Headroom();

    Overprovisioned(PlacementPolicy base, String name) {
        this(base, name, ROOM_FACTOR, false);
    }

    private Overprovisioned(PlacementPolicy base, String name, double roomFactor, boolean followsSpot) {
        this.base = base;
        this.name = name;
        this.roomFactor = roomFactor;
        this.followsSpot = followsSpot;
    }

    /**
     * The base policy's placements with {@link #FOLLOWING_ROOM_FACTOR} median demands of placeholders,
     * on spot nodes while a spot pool may buy and on on-demand nodes while none may.
     */
    static Overprovisioned following(PlacementPolicy base, String name) {
        return new Overprovisioned(base, name, FOLLOWING_ROOM_FACTOR, true);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        if (!view.cluster().isElastic()) {
            return base.place(job, view);
        }
        headroom.observe(job, view);
        Placement p = base.place(job, view);
        return p.isNone() ? p : p.withPlaceholders(room(view));
    }

    /** The base policy's own instants (a job it left waiting for a time of its own). */
    @Override
    public double askAgainAt() {
        return base.askAgainAt();
    }

    /** The placeholder room to hold now. */
    PlaceholderRoom room(ClusterView view) {
        double cores = roomFactor * headroom.cores(view);
        int pods = (int) Math.ceil(cores / POD_CORES - 1e-9);
        NodePools pools = view.cluster().pools();
        PlaceholderRoom room = PlaceholderRoom.of(pods, POD_CORES, POD_CORES * Headroom.memoryPerCore(pools));
        if (!SpotRisk.hasSpot(pools)) {
            return room;
        }
        return room.on(followsSpot && !spotOpen(view) ? CapacityType.ON_DEMAND : CapacityType.SPOT);
    }

    /** True when a spot pool may buy now (no availability window keeps it closed). */
    private static boolean spotOpen(ClusterView view) {
        List<NodePool> pools = view.cluster().pools().pools();
        for (int p = 0; p < pools.size(); p++) {
            if (pools.get(p).capacityType() == CapacityType.SPOT && view.poolOpen(p)) {
                return true;
            }
        }
        return false;
    }
}

package io.execplace.schedulers.elastic;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.InstanceChoice;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;

/**
 * Karpenter's choice of a new node for pending executors (its provisioning scheduler, as documented):
 * the first node pool (highest weight) that can still buy a node, as many pending executors as that
 * pool's largest instance type holds, and the cheapest instance type that holds them. One instance
 * per placement decision; the slots it buys are marked in the placement's {@link TentativeRoom}.
 * {@link #largest} claims instead the type that holds the most executors of the job, even for fewer
 * pending ones: placement-aware provisioning that leaves room on the new node for the jobs to come.
 */
final class NodeClaims {

    private final NodePools pools;
    private final TentativeRoom room;
    private final boolean[] bought;
    private final int[] poolRoom;
    /** True: claim the type holding the most of the job's executors, not the cheapest holding those pending. */
    private final boolean largest;

    /** @param room the placement's tentative room (its bought slots are read; this object buys new ones there) */
    NodeClaims(NodePools pools, TentativeRoom room) {
        this(pools, room, false);
    }

    /** Karpenter's claims ({@code largest} false) or claims of the type that holds the most of the job's executors. */
    static NodeClaims of(NodePools pools, TentativeRoom room, boolean largest) {
        return new NodeClaims(pools, room, largest);
    }

    private NodeClaims(NodePools pools, TentativeRoom room, boolean largest) {
        this.largest = largest;
        this.pools = pools;
        this.room = room;
        this.bought = room.bought;
        this.poolRoom = new int[pools.pools().size()];
        for (int p = 0; p < poolRoom.length; p++) {
            poolRoom[p] = pools.pools().get(p).limitCores();
        }
        for (int k = 0; k < room.liveCount; k++) {
            int vm = room.live[k];
            poolRoom[pools.poolIndex(vm)] -= pools.instanceType(vm).cores();
        }
        for (int p = 0; p < poolRoom.length; p++) {
            if (!room.poolOpen[p]) {
                poolRoom[p] = 0; // an availability trace's window: no capacity to buy
            }
        }
    }

    /**
     * The slot Karpenter would buy for up to {@code pending} executors of the job among the pools of
     * one capacity type ({@code only}; null: any); -1 when no such pool can buy one.
     */
    int candidate(Job job, int pending, CapacityType only) {
        for (int p = 0; p < poolRoom.length; p++) {
            if (only != null && pools.pools().get(p).capacityType() != only) {
                continue;
            }
            int slot = cheapestHolding(job, p, pending);
            if (slot >= 0) {
                return slot;
            }
        }
        return -1;
    }

    /** Buys {@link #candidate} among all pools: marks it bought; -1 when no pool can buy one. */
    int claim(Job job, int pending) {
        return claim(job, pending, null);
    }

    /** Buys {@link #candidate}; -1 when no pool of that type can buy one. */
    int claim(Job job, int pending, CapacityType only) {
        int slot = candidate(job, pending, only);
        if (slot >= 0) {
            room.buy(slot);
            poolRoom[pools.poolIndex(slot)] -= pools.instanceType(slot).cores();
        }
        return slot;
    }

    /**
     * A free slot of the cheapest instance type of pool {@code p} that holds as many of the {@code
     * pending} executors as the pool's largest type it can still buy (with {@link #largest}: as many of
     * the job's executors as that type holds, pending or not; {@link InstanceChoice}); -1 when the pool
     * can buy none.
     */
    private int cheapestHolding(Job job, int p, int pending) {
        NodePool pool = pools.pools().get(p);
        InstanceChoice.Types types = new InstanceChoice.Types() {
            @Override
            public int count() {
                return pool.instanceTypes().size();
            }

            @Override
            public long holds(int t) {
                InstanceType type = pool.instanceTypes().get(t);
                return type.cores() <= poolRoom[p] ? NodeClaims.holds(type, job) : 0;
            }

            @Override
            public double price(int t) {
                return pool.pricePerSecond(pool.instanceTypes().get(t));
            }

            @Override
            public boolean available(int t) {
                return firstFree(p, t) >= 0;
            }
        };
        int t = InstanceChoice.cheapest(types, InstanceChoice.wanted(types, largest ? Long.MAX_VALUE : pending));
        return t < 0 ? -1 : firstFree(p, t);
    }

    /** Each type's slots are one run, in type order: its first slot not bought is the one to buy; -1 when all are. */
    private int firstFree(int p, int t) {
        for (int vm = pools.firstSlot(p, t); vm < pools.endSlot(p, t); vm++) {
            if (!bought[vm]) {
                return vm;
            }
        }
        return -1;
    }

    static int holds(InstanceType type, Job job) {
        return Capacity.executorsThatFit(type.cores(), type.memoryGb(), job.coresPerExecutor(), job.memoryGbPerExecutor());
    }
}

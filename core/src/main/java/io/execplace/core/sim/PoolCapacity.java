package io.execplace.core.sim;

import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;

import java.util.Arrays;

/**
 * What the node pools of an elastic cluster may still buy during a run: each pool's cores bought
 * against its limit, whether an availability trace's window keeps it closed, and per (pool, instance
 * type) group how many of its slots are bought — so that "could waiting give capacity back?" is
 * answered in O(groups), not O(slots). Whether a group's slots could be bought now is kept per group
 * as the pools change, so that {@link #canBuy}, read for every slot of every decision of a policy
 * that scans all slots, is one array read: small enough that the JIT inlines it wherever it is
 * called, whatever the profile other policies left (a larger {@code canBuy} stayed out of line after
 * a run of {@code finish-together-spot} and made {@code first-fit} 2-3 times slower; docs/elastic.md,
 * "Speed").
 */
final class PoolCapacity {

    private final NodePools pools;
    private final int[] slotCores;
    private final int[] limit;
    private final int[] cores;
    /** Per pool, true inside an availability trace's window: it cannot buy. */
    private final boolean[] closed;
    /** Per slot its (pool, instance type) group, a run of consecutive slots; per group its first slot, its slots and how many are alive. */
    private final int[] groupOf;
    private final int[] groupFirst;
    private final int[] groupSlots;
    private final int[] groupAlive;
    private final int[] groupPool;
    private final int[] groupCores;
    /** Per group: its pool is open and one more of its slots stays within the pool's limit. */
    private final boolean[] groupBuyable;

    PoolCapacity(NodePools pools, int[] slotCores) {
        this.pools = pools;
        this.slotCores = slotCores;
        int n = slotCores.length;
        limit = new int[pools.pools().size()];
        for (int p = 0; p < limit.length; p++) {
            limit[p] = pools.pools().get(p).limitCores();
        }
        cores = new int[limit.length];
        closed = new boolean[limit.length];
        groupOf = new int[n];
        int groups = 0;
        for (int i = 0; i < n; i++) {
            boolean sameAsPrevious = i > 0 && pools.poolIndex(i) == pools.poolIndex(i - 1)
                    && pools.instanceType(i).equals(pools.instanceType(i - 1)) && slotCores[i] == slotCores[i - 1];
            groupOf[i] = sameAsPrevious ? groupOf[i - 1] : groups++;
        }
        groupFirst = new int[groups];
        groupSlots = new int[groups];
        groupAlive = new int[groups];
        groupPool = new int[groups];
        groupCores = new int[groups];
        groupBuyable = new boolean[groups];
        for (int i = n - 1; i >= 0; i--) {
            groupFirst[groupOf[i]] = i;
        }
        for (int i = 0; i < n; i++) {
            groupSlots[groupOf[i]]++;
            groupPool[groupOf[i]] = pools.poolIndex(i);
            groupCores[groupOf[i]] = slotCores[i];
        }
        refreshAll();
    }

    int poolCount() {
        return limit.length;
    }

    void reset() {
        Arrays.fill(cores, 0);
        Arrays.fill(closed, false);
        Arrays.fill(groupAlive, 0);
        refreshAll();
    }

    void bought(int vm) {
        int p = pools.poolIndex(vm);
        cores[p] += slotCores[vm];
        groupAlive[groupOf[vm]]++;
        refresh(p);
    }

    void gone(int vm) {
        int p = pools.poolIndex(vm);
        cores[p] -= slotCores[vm];
        groupAlive[groupOf[vm]]--;
        refresh(p);
    }

    /** True when the slot, not bought, could be bought now: its pool is open and within its limit. */
    boolean canBuy(int vm) {
        return groupBuyable[groupOf[vm]];
    }

    /** Sets to none the room of every slot not bought ({@code alive}) whose group cannot buy now. */
    void clearUnbuyable(boolean[] alive, int[] cores, double[] memoryGb) {
        for (int g = 0; g < groupBuyable.length; g++) {
            if (groupBuyable[g] || groupAlive[g] == groupSlots[g]) {
                continue;
            }
            for (int vm = groupFirst[g]; vm < groupFirst[g] + groupSlots[g]; vm++) {
                if (!alive[vm]) {
                    cores[vm] = 0;
                    memoryGb[vm] = 0;
                }
            }
        }
    }

    /** Pool {@code pool}'s cores bought or its closure changed: its groups' {@link #groupBuyable} again. */
    private void refresh(int pool) {
        for (int g = 0; g < groupBuyable.length; g++) {
            if (groupPool[g] == pool) {
                groupBuyable[g] = !closed[pool] && cores[pool] + groupCores[g] <= limit[pool];
            }
        }
    }

    private void refreshAll() {
        for (int p = 0; p < limit.length; p++) {
            refresh(p);
        }
    }

    /**
     * True when some slot not bought cannot be bought now because its pool is at its limit or closed:
     * capacity that a consolidation, an interruption or a window's end in that pool would give back.
     */
    boolean blocked(int pool) {
        if (closed[pool]) {
            return true;
        }
        for (int g = 0; g < groupSlots.length; g++) {
            if (groupPool[g] == pool && groupAlive[g] < groupSlots[g] && cores[pool] + groupCores[g] > limit[pool]) {
                return true;
            }
        }
        return false;
    }

    /** Which pools are closed, as in {@code source} (a resumed run's start). */
    void copyClosures(PoolCapacity source) {
        System.arraycopy(source.closed, 0, closed, 0, closed.length);
        refreshAll();
    }

    boolean open(int pool) {
        return !closed[pool];
    }

    void close(int pool, boolean isClosed) {
        closed[pool] = isClosed;
        refresh(pool);
    }

    /**
     * Null when buying every absent slot of the placement (each counted once) stays within its pool's
     * limit and no pool is closed, else what is wrong.
     *
     * @param alive which slots are bought now
     */
    String checkLaunches(Placement placement, boolean[] alive) {
        int[] extra = null;
        int pods = placement.executors() + (placement.hasDriver() ? 1 : 0);
        for (int i = 0; i < pods; i++) {
            int vm = slotOf(placement, i);
            if (alive[vm] || firstIndexOf(placement, i, vm) < i) {
                continue;
            }
            if (extra == null) {
                extra = new int[limit.length];
            }
            int p = pools.poolIndex(vm);
            if (closed[p]) {
                return "node pool " + pools.pools().get(p).name() + " cannot buy now (its availability trace has no capacity)";
            }
            extra[p] += slotCores[vm];
            if (cores[p] + extra[p] > limit[p]) {
                return "node pool " + pools.pools().get(p).name() + " would exceed its limit of " + limit[p] + " cores";
            }
        }
        return null;
    }

    /** Pod {@code i} of the placement: its executors, then its driver when it names one. */
    private static int slotOf(Placement placement, int i) {
        return i < placement.executors() ? placement.vm(i) : placement.driverVm();
    }

    private static int firstIndexOf(Placement placement, int upTo, int vm) {
        for (int i = 0; i < upTo; i++) {
            if (slotOf(placement, i) == vm) {
                return i;
            }
        }
        return upTo;
    }
}

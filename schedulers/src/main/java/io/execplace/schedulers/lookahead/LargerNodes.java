package io.execplace.schedulers.lookahead;

import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;

/**
 * A candidate for {@code lookahead} on elastic clusters: another placement with each node it buys
 * replaced by one of the next larger instance type of the same pool, the same pods on it. The rules
 * buy the cheapest type that holds the job (Karpenter's choice); a larger node costs more per second
 * but may take the next jobs without a launch wait, a minimum bill and an empty tail of their own — a
 * trade only the rollouts can price. Bought as a rule every time, the largest type cost more
 * (docs/elastic.md, {@code finish-together-spot}).
 */
final class LargerNodes {

    private LargerNodes() {
    }

    /**
     * {@code placement} with its bought nodes one type larger; null when it buys none, none has a larger
     * type with a free slot, or the result does not fit now (a pool's limit, a closed pool).
     */
    static Placement of(Job job, ClusterState state, Placement placement) {
        if (placement.isNone()) {
            return null;
        }
        NodePools pools = state.cluster().pools();
        int pods = placement.executors() + (placement.hasDriver() ? 1 : 0);
        int[] from = new int[pods];
        int[] to = new int[pods];
        int mapped = 0;
        for (int i = 0; i < pods; i++) {
            int vm = slot(placement, i);
            if (state.isProvisioned(vm) || indexOf(from, mapped, vm) >= 0) {
                continue;
            }
            int larger = freeLargerSlot(pools, state, placement, to, mapped, vm);
            if (larger >= 0) {
                from[mapped] = vm;
                to[mapped++] = larger;
            }
        }
        if (mapped == 0) {
            return null;
        }
        int[] vms = new int[placement.executors()];
        for (int e = 0; e < vms.length; e++) {
            int k = indexOf(from, mapped, placement.vm(e));
            vms[e] = k >= 0 ? to[k] : placement.vm(e);
        }
        Placement larger = Placement.of(vms);
        if (placement.hasDriver()) {
            int k = indexOf(from, mapped, placement.driverVm());
            larger = larger.withDriver(k >= 0 ? to[k] : placement.driverVm());
        }
        return state.validate(job, larger) == null ? larger : null;
    }

    /**
     * A slot not bought and not used by the placement (nor already chosen, {@code taken[0..count)}) of
     * the smallest type of {@code vm}'s pool with more cores than {@code vm}'s; -1 when there is none.
     */
    private static int freeLargerSlot(NodePools pools, ClusterState state, Placement placement, int[] taken, int count,
                                      int vm) {
        int p = pools.poolIndex(vm);
        NodePool pool = pools.pools().get(p);
        int cores = pools.instanceType(vm).cores();
        int type = -1;
        for (int t = 0; t < pool.instanceTypes().size(); t++) {
            InstanceType candidate = pool.instanceTypes().get(t);
            if (candidate.cores() > cores && (type < 0 || candidate.cores() < pool.instanceTypes().get(type).cores())) {
                type = t;
            }
        }
        if (type < 0) {
            return -1;
        }
        for (int slot = pools.firstSlot(p, type); slot < pools.endSlot(p, type); slot++) {
            if (!state.isProvisioned(slot) && !uses(placement, slot) && indexOf(taken, count, slot) < 0) {
                return slot;
            }
        }
        return -1;
    }

    private static boolean uses(Placement placement, int vm) {
        int pods = placement.executors() + (placement.hasDriver() ? 1 : 0);
        for (int i = 0; i < pods; i++) {
            if (slot(placement, i) == vm) {
                return true;
            }
        }
        return false;
    }

    /** Pod {@code i}: its executors, then its driver. */
    private static int slot(Placement placement, int i) {
        return i < placement.executors() ? placement.vm(i) : placement.driverVm();
    }

    private static int indexOf(int[] values, int count, int value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }
}

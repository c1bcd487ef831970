package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Job;
import io.execplace.core.model.Site;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.ExtraCost;

/**
 * The packing strategies several policies share (round robin spreads for {@code round-robin} and
 * {@code aep}, consolidation for {@code round-robin-consolidate} and {@code aep}, first fit for
 * {@code first-fit}, GIO's extra-cost order for {@code gio} and {@code asq}). Each works on a {@link PlacementBuilder} that has been
 * {@linkplain PlacementBuilder#begin begun} for the job, and stops as soon as all executors are
 * placed; a strategy that runs out of room simply leaves the builder incomplete.
 */
final class Packing {

    private Packing() {
    }

    /** True when {@code site} is null (meaning every VM) or the VM is at that site. */
    static boolean inSite(ClusterView view, int vm, Site site) {
        return site == null || view.vm(vm).site() == site;
    }

    /**
     * How many executors the VMs of {@code site} (null: all VMs) can still take, counting at most up
     * to {@code enough} (the scan stops there, as callers only ask "does the job fit").
     */
    static int room(PlacementBuilder b, ClusterView view, Site site, int enough) {
        int total = 0;
        for (int vm = 0; vm < b.vmCount() && total < enough; vm++) {
            if (inSite(view, vm, site)) {
                total += b.room(vm);
            }
        }
        return total;
    }

    /**
     * Spark standalone "spread out": the VMs that can take one more executor, most free cores first
     * (ties by id), receive one executor each per pass; passes repeat over the VMs that still have
     * room until all executors are placed or no VM has room. Sorting once is enough: every VM in a
     * pass loses the same number of cores, so the free-core order never changes between passes.
     */
    static void spread(PlacementBuilder b) {
        int[] order = b.order();
        int len = 0;
        for (int vm = 0; vm < b.vmCount(); vm++) {
            if (b.room(vm) > 0) {
                b.keys(vm, -b.freeCores(vm), 0);
                order[len++] = vm;
            }
        }
        b.sortOrder(len);
        onePerPass(b, order, len);
    }

    /**
     * Spark "consolidate": VMs already hosting executors first, then idle VMs; inside each group the
     * VM with the fewest free cores first (the HYB reference's order; its comparator is not a total
     * order), equally full VMs cheapest first, then by id, each filled as far as it goes before the
     * next, so that idle VMs are turned on only when needed and the smallest idle VM first. The price
     * tie-break is execplace's: by id alone a cloud-first preset would fill the dearer cloud VM
     * first. {@code byId}: inside each group by id instead (execplace's earlier rule, kept for {@code
     * aep-spark}).
     */
    static void consolidate(PlacementBuilder b, ClusterView view, boolean byId) {
        int[] order = b.order();
        int len = 0;
        for (int vm = 0; vm < b.vmCount(); vm++) {
            if (b.room(vm) > 0) {
                b.keys(vm, view.isActive(vm) ? 0 : 1, byId ? 0 : b.freeCores(vm),
                        byId ? 0 : view.vm(vm).pricePerSecond());
                order[len++] = vm;
            }
        }
        fillSorted(b, len);
    }

    /** Weight of free memory (GB) against free cores in the HYB reference's "resource total" tie key. */
    static final double MEMORY_WEIGHT = 0.2;

    /**
     * The HYB reference's tie key among equally priced VMs, smallest first: {@code 0.8 × free cores +
     * 0.2 × free memory (GB)} (its {@code resourceTotal} with {@code resourceSplitThreshold = 0.2}).
     */
    static double resourceTotal(PlacementBuilder b, int vm) {
        return b.freeCores(vm) * (1 - MEMORY_WEIGHT) + b.freeMemoryGb(vm) * MEMORY_WEIGHT;
    }

    /** The order in which first fit walks the VMs. */
    enum ActiveOrder {
        /**
         * The HYB reference's order: cheapest first, then the smallest {@link #resourceTotal}, then
         * id, for the active VMs and then for the idle ones.
         */
        CHEAPEST,
        /** Active VMs fewest free cores first, then least free memory, then id, whatever the price. */
        FULLEST
    }

    /**
     * HYB Algorithm 1 over all VMs: the active VMs in {@code activeOrder}, each packed with as many
     * executors as fit; then the idle VMs that can take an executor, cheapest first (ties: {@code
     * CHEAPEST} by {@link #resourceTotal}, {@code FULLEST} by free cores; then id), each packed in
     * turn. An idle VM's room does not change until it is packed, so walking the idle VMs in price
     * order is the same as repeatedly turning on the cheapest idle VM that fits.
     */
    static void firstFit(PlacementBuilder b, ClusterView view, ActiveOrder activeOrder) {
        int[] order = b.order();
        // On an elastic cluster only its bought nodes can be active: the first pass reads those, not every slot.
        int provisioned = view.cluster().isElastic() ? b.readProvisioned(view) : -1;
        for (int pass = 0; pass < 2 && !b.complete(); pass++) {
            boolean wantActive = pass == 0;
            int len = 0;
            if (wantActive && provisioned >= 0) {
                for (int k = 0; k < provisioned; k++) {
                    int vm = b.provisioned(k);
                    if (view.isActive(vm) && b.room(vm) > 0) {
                        order[len++] = firstFitKeys(b, view, vm, true, activeOrder);
                    }
                }
            } else {
                for (int vm = 0; vm < b.vmCount(); vm++) {
                    boolean active = (provisioned < 0 || b.isProvisioned(vm)) && view.isActive(vm);
                    if (active == wantActive && b.room(vm) > 0) {
                        order[len++] = firstFitKeys(b, view, vm, wantActive, activeOrder);
                    }
                }
            }
            fillSorted(b, len);
        }
    }

    /** Sets the VM's sort keys for {@link #firstFit}'s pass over the active ({@code active}) or the idle VMs; returns the VM. */
    private static int firstFitKeys(PlacementBuilder b, ClusterView view, int vm, boolean active, ActiveOrder activeOrder) {
        if (activeOrder == ActiveOrder.CHEAPEST) {
            b.keys(vm, view.vm(vm).pricePerSecond(), resourceTotal(b, vm));
        } else if (active) {
            b.keys(vm, b.freeCores(vm), b.freeMemoryGb(vm));
        } else {
            b.keys(vm, view.vm(vm).pricePerSecond(), b.freeCores(vm));
        }
        return vm;
    }

    /**
     * HYB Algorithm 2's packing (GIO) restricted to {@code site} (null: all VMs): the VMs with room,
     * sorted by the extra cost of running one more executor there, {@code price × max(0, tc − T_vm)}
     * ({@code T_vm} = remaining busy time), ties active VMs before idle ones and then by id, each
     * filled as far as it goes before the next.
     */
    static void byExtraCost(PlacementBuilder b, ClusterView view, Site site, double tc) {
        int[] order = b.order();
        int len = 0;
        for (int vm = 0; vm < b.vmCount(); vm++) {
            if (b.room(vm) > 0 && inSite(view, vm, site)) {
                double extraCost = ExtraCost.of(view.vm(vm).pricePerSecond(), tc, view.remainingBusyTime(vm));
                b.keys(vm, extraCost, view.isActive(vm) ? 0 : 1);
                order[len++] = vm;
            }
        }
        fillSorted(b, len);
    }

    /**
     * HYB's local-first rule ({@code gio}, {@code asq}): the whole job on the local VMs, at its local
     * completion time, when they can hold it now; otherwise on {@code otherwise} (null: all VMs) at its
     * hybrid completion time; packed {@link #byExtraCost by extra cost} either way.
     */
    static void localFirst(PlacementBuilder b, ClusterView view, Job job, Site otherwise) {
        int e = job.executors();
        boolean local = room(b, view, Site.LOCAL, e) >= e;
        byExtraCost(b, view, local ? Site.LOCAL : otherwise, view.durationModel().estimate(job, local));
    }

    /**
     * The VMs that can take an executor, cheapest first (ties by id; whether a VM is active does not
     * matter). {@code spread}: one executor per VM per pass, passes repeating over the VMs that still
     * have room, so every executor lands on a different VM while VMs last; otherwise each VM is
     * filled as far as it goes before the next.
     */
    static void cheapestFirst(PlacementBuilder b, ClusterView view, boolean spread) {
        int[] order = b.order();
        int len = 0;
        for (int vm = 0; vm < b.vmCount(); vm++) {
            if (b.room(vm) > 0) {
                b.keys(vm, view.vm(vm).pricePerSecond(), 0);
                order[len++] = vm;
            }
        }
        if (spread) {
            b.sortOrder(len);
            onePerPass(b, order, len);
        } else {
            fillSorted(b, len);
        }
    }

    /**
     * Sorts the first {@code len} VMs of the builder's order by their keys and fills each as far as it
     * goes before the next, until the job is placed or the VMs are used up.
     */
    private static void fillSorted(PlacementBuilder b, int len) {
        b.sortOrder(len);
        int[] order = b.order();
        for (int i = 0; i < len && !b.complete(); i++) {
            b.fill(order[i]);
        }
    }

    /**
     * One executor on each of the first {@code len} VMs of {@code order} per pass, in that order,
     * passes repeating over the VMs that still have room until the job is placed or none has room.
     */
    private static void onePerPass(PlacementBuilder b, int[] order, int len) {
        while (len > 0 && !b.complete()) {
            int kept = 0;
            for (int i = 0; i < len && !b.complete(); i++) {
                int vm = order[i];
                b.placeOne(vm); // every listed VM has room for one more
                if (b.room(vm) > 0) {
                    order[kept++] = vm;
                }
            }
            len = kept;
        }
    }
}

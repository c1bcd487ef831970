package io.execplace.kubernetes.provision;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The NodeClaims execplace made that have no node taking pods yet, with the pods each was bought for
 * and the room it has left, and the choice of new ones. No API calls: the {@link NodeClaimProvisioner}
 * writes what this decides.
 *
 * <p>The choice is the elastic model's {@code finish-together} buying (schedulers.elastic {@code
 * NodeClaims}): for the executors of one application that no node holds, the largest number any
 * offered type holds, capped at those pending, and the cheapest type that holds that many; again for
 * the rest. Room a claim still launching has left takes the next applications' pods first, as the
 * model's launching nodes do, so two small applications share a node rather than buy one each.
 */
public final class ClaimBook {

    /** A claim to write: its name, type and capacity type, the pods it was bought for (slots) and their total requests. */
    public record Bought(String name, InstanceShape type, String capacityType, int pods, long cpuMillis, long memoryBytes) {
    }

    private static final class Open {
        final String name;
        final String capacityType;
        final double since;
        long freeCpu;
        long freeMemory;
        /**
         * Slots kept for each application's executors, by application key: pods are alike within an
         * application, so the next cycle may bind any of them to this node and the rest wait for the others.
         */
        final Map<String, Integer> slots = new HashMap<>();

        Open(String name, InstanceShape type, String capacityType, double since) {
            this.name = name;
            this.capacityType = capacityType;
            this.since = since;
            this.freeCpu = type.allocatableCpuMillis();
            this.freeMemory = type.allocatableMemoryBytes();
        }

        void keep(String appKey, int n, long cpuMillis, long memoryBytes) {
            slots.merge(appKey, n, Integer::sum);
            freeCpu -= n * cpuMillis;
            freeMemory -= n * memoryBytes;
        }
    }

    private final List<InstanceShape> shapes;
    private final double launchTimeoutSeconds;
    private final Map<String, Open> open = new LinkedHashMap<>();

    /** @param launchTimeoutSeconds a claim with no node taking pods after this long is given up (its pods bought for again) */
    public ClaimBook(List<InstanceShape> shapes, double launchTimeoutSeconds) {
        this.shapes = List.copyOf(shapes);
        this.launchTimeoutSeconds = launchTimeoutSeconds;
    }

    /** Slots the claims still launching keep for the application. */
    public int kept(String appKey) {
        return open.values().stream().mapToInt(o -> o.slots.getOrDefault(appKey, 0)).sum();
    }

    /** Names of the claims still open. */
    public Set<String> openClaims() {
        return open.keySet();
    }

    /**
     * Buys room for the {@code pending} pods of one application no node holds now (one request each)
     * on nodes of one capacity type, and for {@code toCome} more of its executors not created yet
     * (Spark asks for them a few at a time, so a cycle sees some of them): the pods beyond the slots
     * claims still launching keep for it take those claims' free room first, then new claims sized for
     * them and those to come. Empty when nothing new was bought; null when no type offered with that
     * capacity type holds one pod (nothing is bought).
     */
    public List<Bought> buy(String appKey, int pending, int toCome, long cpuMillis, long memoryBytes, String capacityType,
                            double now, Supplier<String> names) {
        List<InstanceShape> offered = shapes.stream().filter(s -> s.pricePerHour().containsKey(capacityType)).toList();
        long most = offered.stream().mapToLong(s -> s.holds(cpuMillis, memoryBytes)).max().orElse(0);
        if (most < 1) {
            return null;
        }
        int left = pending - kept(appKey);
        for (Open o : open.values()) {
            while (left > 0 && o.capacityType.equals(capacityType) && o.freeCpu >= cpuMillis && o.freeMemory >= memoryBytes) {
                o.keep(appKey, 1, cpuMillis, memoryBytes);
                left--;
            }
        }
        List<Bought> bought = new ArrayList<>();
        int more = Math.max(0, toCome);
        while (left > 0) {
            long want = Math.min(most, left + more);
            InstanceShape type = null;
            for (InstanceShape s : offered) {
                if (s.holds(cpuMillis, memoryBytes) >= want
                        && (type == null || s.pricePerHour().get(capacityType) < type.pricePerHour().get(capacityType))) {
                    type = s;
                }
            }
            Open claim = new Open(names.get(), type, capacityType, now);
            open.put(claim.name, claim);
            int slots = (int) Math.min(type.holds(cpuMillis, memoryBytes), left + more);
            claim.keep(appKey, slots, cpuMillis, memoryBytes);
            more -= Math.max(0, slots - left);
            left -= slots;
            bought.add(new Bought(claim.name, type, capacityType, slots, slots * cpuMillis, slots * memoryBytes));
        }
        return bought;
    }

    /**
     * Closes the claims whose node now takes pods ({@code ready}, by claim name) and those open longer
     * than the launch time-out: their pods are the scheduler's again (placed, or bought for anew).
     *
     * @return the claims given up for their time-out
     */
    public List<String> settle(Set<String> ready, double now) {
        List<String> timedOut = new ArrayList<>();
        for (Iterator<Open> it = open.values().iterator(); it.hasNext(); ) {
            Open o = it.next();
            boolean late = now - o.since > launchTimeoutSeconds;
            if (ready.contains(o.name) || late) {
                if (late && !ready.contains(o.name)) {
                    timedOut.add(o.name);
                }
                it.remove();
            }
        }
        return timedOut;
    }

    /** Forgets a claim whose creation failed. */
    public void drop(String name) {
        open.remove(name);
    }
}

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

    /** A claim to write: its name, type and capacity type, and the pods (by uid) with their total requests. */
    public record Bought(String name, InstanceShape type, String capacityType, List<String> podUids, long cpuMillis, long memoryBytes) {
    }

    private static final class Open {
        final String name;
        final String capacityType;
        final double since;
        long freeCpu;
        long freeMemory;
        final List<String> pods = new ArrayList<>();
        /** Slots kept for executors of an application not created yet, by application key. */
        final Map<String, Integer> promised = new HashMap<>();

        Open(String name, InstanceShape type, String capacityType, double since) {
            this.name = name;
            this.capacityType = capacityType;
            this.since = since;
            this.freeCpu = type.allocatableCpuMillis();
            this.freeMemory = type.allocatableMemoryBytes();
        }
    }

    private final List<InstanceShape> shapes;
    private final double launchTimeoutSeconds;
    private final Map<String, Open> open = new LinkedHashMap<>();
    private final Map<String, String> claimOfPod = new HashMap<>();

    /** @param launchTimeoutSeconds a claim with no node taking pods after this long is given up (its pods bought for again) */
    public ClaimBook(List<InstanceShape> shapes, double launchTimeoutSeconds) {
        this.shapes = List.copyOf(shapes);
        this.launchTimeoutSeconds = launchTimeoutSeconds;
    }

    /** Whether the pod waits for a claim made for it. */
    public boolean waiting(String podUid) {
        return claimOfPod.containsKey(podUid);
    }

    /** Names of the claims still open. */
    public Set<String> openClaims() {
        return open.keySet();
    }

    /**
     * Buys room for pods of one application (one request each) on nodes of one capacity type, and for
     * {@code toCome} more of its executors not created yet (Spark asks for them one by one, so a cycle
     * sees a few at a time): the slots claims still launching keep for the application first, then
     * their free room, then new claims sized for the pods and those to come. Empty when nothing new was
     * bought; null when no type offered with that capacity type holds one pod (nothing is bought).
     */
    public List<Bought> buy(String appKey, List<String> podUids, int toCome, long cpuMillis, long memoryBytes, String capacityType,
                            double now, Supplier<String> names) {
        List<InstanceShape> offered = shapes.stream().filter(s -> s.pricePerHour().containsKey(capacityType)).toList();
        long most = offered.stream().mapToLong(s -> s.holds(cpuMillis, memoryBytes)).max().orElse(0);
        if (most < 1) {
            return null;
        }
        List<String> left = new ArrayList<>();
        for (String uid : podUids) {
            if (claimOfPod.containsKey(uid)) {
                continue;
            }
            Open kept = open.values().stream().filter(o -> o.promised.getOrDefault(appKey, 0) > 0).findFirst().orElse(null);
            if (kept != null) {
                kept.promised.merge(appKey, -1, Integer::sum);
                take(kept, uid, 0, 0);
                continue;
            }
            Open room = open.values().stream().filter(o -> o.capacityType.equals(capacityType)
                    && o.freeCpu >= cpuMillis && o.freeMemory >= memoryBytes).findFirst().orElse(null);
            if (room != null) {
                take(room, uid, cpuMillis, memoryBytes);
            } else {
                left.add(uid);
            }
        }
        List<Bought> bought = new ArrayList<>();
        int more = Math.max(0, toCome);
        while (!left.isEmpty()) {
            long want = Math.min(most, left.size() + more);
            InstanceShape type = null;
            for (InstanceShape s : offered) {
                if (s.holds(cpuMillis, memoryBytes) >= want
                        && (type == null || s.pricePerHour().get(capacityType) < type.pricePerHour().get(capacityType))) {
                    type = s;
                }
            }
            Open claim = new Open(names.get(), type, capacityType, now);
            open.put(claim.name, claim);
            long slots = Math.min(type.holds(cpuMillis, memoryBytes), left.size() + more);
            int n = (int) Math.min(slots, left.size());
            List<String> pods = new ArrayList<>(left.subList(0, n));
            pods.forEach(uid -> take(claim, uid, cpuMillis, memoryBytes));
            int promised = (int) (slots - n);
            if (promised > 0) {
                claim.promised.put(appKey, promised);
                claim.freeCpu -= promised * cpuMillis;
                claim.freeMemory -= promised * memoryBytes;
                more -= promised;
            }
            left = new ArrayList<>(left.subList(n, left.size()));
            bought.add(new Bought(claim.name, type, capacityType, List.copyOf(pods), slots * cpuMillis, slots * memoryBytes));
        }
        return bought;
    }

    private void take(Open claim, String uid, long cpuMillis, long memoryBytes) {
        claim.freeCpu -= cpuMillis;
        claim.freeMemory -= memoryBytes;
        claim.pods.add(uid);
        claimOfPod.put(uid, claim.name);
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
                o.pods.forEach(claimOfPod::remove);
                it.remove();
            }
        }
        return timedOut;
    }

    /** Forgets a claim whose creation failed. */
    public void drop(String name) {
        Open o = open.remove(name);
        if (o != null) {
            o.pods.forEach(claimOfPod::remove);
        }
    }
}

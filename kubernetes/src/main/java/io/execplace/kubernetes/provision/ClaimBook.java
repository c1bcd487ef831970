package io.execplace.kubernetes.provision;

import io.execplace.core.model.InstanceChoice;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
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
 *
 * <p>Applications waiting at the same time are bought for together ({@link #buyTogether}), longest run
 * first, so that the shorter ones take the room left on the longer ones' claims (a pod there adds no
 * node time, the model's rule); and an application whose rest fits one of the batch's new claims made
 * larger goes there when the larger type costs less over that claim's run than buying its own nodes over
 * its run — which holds only for runs that end nearly together. Karpenter's provisioner likewise packs
 * the pods of one batch window into shared claims (sigs.k8s.io/karpenter v1.15.0, {@code
 * pkg/controllers/provisioning/scheduling/scheduler.go}), without regard to when they end.
 */
public final class ClaimBook {

    /**
     * A claim to write: its name, type and capacity type, the slots it keeps per application and their
     * total requests.
     */
    public record Bought(String name, InstanceShape type, String capacityType, Map<String, Integer> slots, long cpuMillis,
                         long memoryBytes) {

        /** Pods the claim was bought for. */
        public int pods() {
            return slots.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** Pods of one application that no node holds, as one batch offers them ({@link #buyTogether}). */
    public record Want(String appKey, int pending, int toCome, long cpuMillis, long memoryBytes, String capacityType,
                       double runSeconds) {
    }

    /** What a batch bought: the claims to write, and the applications no offered type holds (nothing bought). */
    public record Purchase(List<Bought> claims, List<String> unheld) {
    }

    private static final class Open {
        final String name;
        final String capacityType;
        final double since;
        /** The longest run of the applications it was bought for: how long its node is busy. */
        double runSeconds;
        InstanceShape type;
        long usedCpu;
        long usedMemory;
        /**
         * Slots kept for each application's executors, by application key: pods are alike within an
         * application, so the next cycle may bind any of them to this node and the rest wait for the others.
         */
        final Map<String, Integer> slots = new LinkedHashMap<>();

        Open(String name, InstanceShape type, String capacityType, double since, double runSeconds) {
            this.name = name;
            this.type = type;
            this.capacityType = capacityType;
            this.since = since;
            this.runSeconds = runSeconds;
        }

        boolean fits(long n, long cpuMillis, long memoryBytes, InstanceShape as) {
            return usedCpu + n * cpuMillis <= as.allocatableCpuMillis() && usedMemory + n * memoryBytes <= as.allocatableMemoryBytes();
        }

        void keep(String appKey, int n, long cpuMillis, long memoryBytes) {
            slots.merge(appKey, n, Integer::sum);
            usedCpu += n * cpuMillis;
            usedMemory += n * memoryBytes;
        }

        Bought bought() {
            return new Bought(name, type, capacityType, Map.copyOf(slots), usedCpu, usedMemory);
        }
    }

    /** A new claim the rule would buy for one application: its type and the slots it keeps. */
    private record Sized(InstanceShape type, int slots) {
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
        Purchase p = buyTogether(List.of(new Want(appKey, pending, toCome, cpuMillis, memoryBytes, capacityType, 0)), now,
                c -> names.get());
        return p.unheld().isEmpty() ? p.claims() : null;
    }

    /**
     * Buys room for several applications waiting at the same time, as {@link #buy} does for one, longest
     * run first; an application's rest goes onto one of the batch's new claims, that claim's type made
     * larger, when the larger type's extra price over the claim's run is less than its own new claims'
     * price over its run.
     *
     * @param names a new claim's name, given its capacity type
     */
    public Purchase buyTogether(List<Want> wants, double now, Function<String, String> names) {
        List<Open> fresh = new ArrayList<>();
        List<String> unheld = new ArrayList<>();
        List<Want> order = new ArrayList<>(wants);
        order.sort(Comparator.comparingDouble(Want::runSeconds).reversed());
        for (Want w : order) {
            List<InstanceShape> offered = shapes.stream().filter(s -> s.pricePerHour().containsKey(w.capacityType())).toList();
            long most = offered.stream().mapToLong(s -> s.holds(w.cpuMillis(), w.memoryBytes())).max().orElse(0);
            if (most < 1) {
                unheld.add(w.appKey());
                continue;
            }
            int left = w.pending() - kept(w.appKey());
            for (Open o : open.values()) {
                while (left > 0 && o.capacityType.equals(w.capacityType()) && o.fits(1, w.cpuMillis(), w.memoryBytes(), o.type)) {
                    o.keep(w.appKey(), 1, w.cpuMillis(), w.memoryBytes());
                    left--;
                }
            }
            if (left <= 0) {
                continue;
            }
            List<Sized> alone = sizes(offered, left, Math.max(0, w.toCome()), w);
            int slots = alone.stream().mapToInt(Sized::slots).sum();
            double aloneCost = alone.stream().mapToDouble(s -> price(s.type(), w.capacityType())).sum() * w.runSeconds();
            Open shared = null;
            InstanceShape larger = null;
            double extra = Double.POSITIVE_INFINITY;
            for (Open g : fresh) {
                if (!g.capacityType.equals(w.capacityType())) {
                    continue;
                }
                InstanceShape t = cheapest(offered, w.capacityType(), s -> g.fits(slots, w.cpuMillis(), w.memoryBytes(), s));
                double e = t == null ? Double.POSITIVE_INFINITY
                        : (price(t, w.capacityType()) - price(g.type, w.capacityType())) * Math.max(g.runSeconds, w.runSeconds());
                if (e < extra) {
                    shared = g;
                    larger = t;
                    extra = e;
                }
            }
            if (shared != null && extra < aloneCost) {
                shared.type = larger;
                shared.runSeconds = Math.max(shared.runSeconds, w.runSeconds());
                shared.keep(w.appKey(), slots, w.cpuMillis(), w.memoryBytes());
                continue;
            }
            for (Sized s : alone) {
                Open claim = new Open(names.apply(w.capacityType()), s.type(), w.capacityType(), now, w.runSeconds());
                open.put(claim.name, claim);
                fresh.add(claim);
                claim.keep(w.appKey(), s.slots(), w.cpuMillis(), w.memoryBytes());
            }
        }
        return new Purchase(fresh.stream().map(Open::bought).toList(), unheld);
    }

    /**
     * The model's new claims for {@code left} pods of the want and {@code more} to come ({@link
     * InstanceChoice}, the rule of schedulers.elastic {@code NodeClaims}): as many as the largest offered
     * type holds, capped at those, on the cheapest type that holds that many; again until the pending
     * ones are covered.
     */
    private static List<Sized> sizes(List<InstanceShape> offered, int left, int more, Want w) {
        InstanceChoice.Types types = new InstanceChoice.Types() {
            @Override
            public int count() {
                return offered.size();
            }

            @Override
            public long holds(int t) {
                return offered.get(t).holds(w.cpuMillis(), w.memoryBytes());
            }

            @Override
            public double price(int t) {
                return ClaimBook.price(offered.get(t), w.capacityType());
            }
        };
        List<Sized> claims = new ArrayList<>();
        while (left > 0) {
            InstanceShape type = offered.get(InstanceChoice.cheapest(types, InstanceChoice.wanted(types, left + more)));
            int slots = (int) Math.min(type.holds(w.cpuMillis(), w.memoryBytes()), left + more);
            claims.add(new Sized(type, slots));
            more -= Math.max(0, slots - left);
            left -= slots;
        }
        return claims;
    }

    private static InstanceShape cheapest(List<InstanceShape> offered, String capacityType, Predicate<InstanceShape> holds) {
        InstanceShape best = null;
        for (InstanceShape s : offered) {
            if (holds.test(s) && (best == null || price(s, capacityType) < price(best, capacityType))) {
                best = s;
            }
        }
        return best;
    }

    private static double price(InstanceShape s, String capacityType) {
        return s.pricePerHour().get(capacityType);
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

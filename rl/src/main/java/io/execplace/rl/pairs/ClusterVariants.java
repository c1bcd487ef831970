package io.execplace.rl.pairs;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Vm;
import io.execplace.rl.agent.Rngs;
import org.apache.commons.rng.UniformRandomProvider;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Randomised clusters for training the size-free agent. Variant {@code i < bases} is base cluster
 * {@code i} itself; every further variant takes a base in turn and redraws it group by group (a
 * group: the base's consecutive VMs of one type, site and price): its VM count uniformly in
 * {@code 0 .. 2 × count} (at least one VM of the base's largest type is kept, so every job the base
 * can run still fits) and its price times a factor uniform in {@code [1 − jitter, 1 + jitter]}.
 * Seeded: the same arguments give the same clusters.
 */
public final class ClusterVariants {

    /** One variant: the cluster and the index of the base it was drawn from. */
    public record Variant(Cluster cluster, int base) {
    }

    private ClusterVariants() {
    }

    /**
     * @param bases  the base clusters (at least one)
     * @param count  variants to make, at least {@code bases.size()}
     * @param jitter price jitter in [0, 1)
     * @param seed   the generator's seed
     */
    public static List<Variant> sample(List<Cluster> bases, int count, double jitter, long seed) {
        if (bases.isEmpty()) {
            throw new IllegalArgumentException("randomised clusters need at least one base cluster");
        }
        if (count < bases.size()) {
            throw new IllegalArgumentException("cluster variants must be at least the " + bases.size()
                    + " base clusters, got " + count);
        }
        if (!(jitter >= 0 && jitter < 1)) {
            throw new IllegalArgumentException("price jitter must be in [0, 1), got " + jitter);
        }
        UniformRandomProvider rng = Rngs.create(seed);
        List<Variant> out = new ArrayList<>(count);
        for (int i = 0; i < bases.size(); i++) {
            out.add(new Variant(bases.get(i), i));
        }
        for (int i = bases.size(); i < count; i++) {
            int b = i % bases.size();
            out.add(new Variant(redraw(bases.get(b), i, jitter, rng), b));
        }
        return List.copyOf(out);
    }

    private static Cluster redraw(Cluster base, int index, double jitter, UniformRandomProvider rng) {
        int largest = 0;
        for (Vm vm : base.vms()) {
            largest = Math.max(largest, vm.cores());
        }
        Cluster.Builder b = Cluster.builder(String.format(Locale.ROOT, "%s~%d", base.name(), index));
        boolean keptLargest = false;
        int from = 0;
        List<int[]> groups = new ArrayList<>();
        while (from < base.size()) {
            int to = from + 1;
            while (to < base.size() && sameGroup(base.vm(from), base.vm(to))) {
                to++;
            }
            groups.add(new int[]{from, to - from});
            from = to;
        }
        int total = 0;
        int[] counts = new int[groups.size()];
        double[] factors = new double[groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            counts[g] = rng.nextInt(2 * groups.get(g)[1] + 1);
            factors[g] = 1 + jitter * (2 * rng.nextDouble() - 1);
            total += counts[g];
            keptLargest |= counts[g] > 0 && base.vm(groups.get(g)[0]).cores() == largest;
        }
        for (int g = 0; g < groups.size(); g++) {
            Vm vm = base.vm(groups.get(g)[0]);
            int n = counts[g];
            if (!keptLargest && vm.cores() == largest) {
                n = Math.max(n, 1);
                keptLargest = true;
            }
            if (total == 0 && n == 0) {
                n = 1;
            }
            b.add(vm.type(), vm.site(), n, vm.pricePerSecond() * factors[g]);
        }
        return b.build();
    }

    private static boolean sameGroup(Vm a, Vm b) {
        return a.type().equals(b.type()) && a.site() == b.site() && a.pricePerSecond() == b.pricePerSecond();
    }
}

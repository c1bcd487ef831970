package io.execplace.core.metrics;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.model.Vm;
import io.execplace.core.rules.DurationCase;
import io.execplace.core.rules.DurationModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A lower bound on the total VM cost that <em>any</em> scheduler can reach when it runs a given set
 * of jobs on a cluster: no placement policy, queue order, waiting strategy or clairvoyance can
 * schedule those jobs for less.
 *
 * <h2>Why it is valid</h2>
 * Give every VM {@code i} a split {@code λ_i ∈ [0, 1]} of its price into a rate per busy core,
 * {@code a_i = λ_i p_i / C_i}, and a rate per busy GB, {@code b_i = (1 − λ_i) p_i / M_i}. At any
 * instant the executors on a busy VM hold at most {@code C_i} cores and {@code M_i} GB, so they are
 * charged at most {@code λ_i p_i + (1 − λ_i) p_i = p_i}: the VM's real bill rate; an idle VM hosts
 * nothing and is charged nothing. Integrating over time, the total cost is at least the sum over
 * jobs of {@code d_j × Σ_executors (a_i c_j + b_i m_j)}, where {@code d_j} is the job's duration and
 * {@code i} the VM of each executor (executors never move). A job's placement belongs to one of its
 * {@linkplain DurationModel#cases duration cases}, whose duration it runs exactly, and it must fit
 * the cluster's VMs even when they are empty. So each job's term is at least
 * {@code min over cases of (case duration × cheapest way to put E executors on the case's VMs at
 * those rates, at most as many per VM as fit an empty VM)}, a small greedy computation. Any choice
 * of the splits gives a valid bound, so the largest bound found over a grid of splits (one per VM
 * shape, found by coordinate ascent) is valid too. Billing rules that round up only charge more.
 *
 * <p>What it leaves out, and why it can be loose: it lets every job use the cheapest VMs as if no
 * other job competed for them (a scheduler that made every job wait for the cheapest VMs could in
 * principle approach that), and it charges no idle gaps. With free VMs (HYB pricing model 3) every
 * job that fits them is bounded by zero.
 */
public final class CostLowerBound {

    /** Grid of price splits tried per VM shape: 0, 0.05, ..., 1. */
    private static final int GRID = 20;
    private static final int SWEEPS = 2;

    private final Shape[] shapes;
    private final Profile[] profiles;
    private final List<Demand> demands;

    /**
     * VMs that are interchangeable for the bound: same cores, memory, site and price ({@code count} of them).
     * Map keys here spell out {@code equals} and {@code hashCode}: a record's generated ones bootstrap
     * method handles on first use, about 10 ms of a short command's start-up (README, start-up).
     */
    private record Shape(int cores, double memoryGb, boolean local, double price, int count) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Shape s && cores == s.cores && Double.compare(memoryGb, s.memoryGb) == 0
                    && local == s.local && Double.compare(price, s.price) == 0 && count == s.count;
        }

        @Override
        public int hashCode() {
            return ((31 * cores + Double.hashCode(memoryGb)) * 31 + Boolean.hashCode(local)) * 31
                    + Double.hashCode(price) * 31 + count;
        }
    }

    /**
     * Jobs that ask for the same executors and have the same duration cases up to their base
     * duration: the bound of the group is the sum of their base durations times one per-second term.
     * Per duration case: its duration factor, whether it keeps all executors on one VM, and how
     * many executors each shape can take ({@link #rooms}). {@code profile} indexes the executor
     * size ({@link Profile}) whose rates it is charged at.
     */
    private record Demand(int executors, int profile, double[] caseFactor, boolean[] consolidate, int[][] rooms,
                          double baseSum) {
    }

    /**
     * One executor size (cores, memory): its rate on each shape depends on the splits only, so one
     * evaluation of the bound computes the rates and their order once per size rather than once
     * per demand and case (the bound is a third of a short {@code simulate}'s CPU otherwise).
     */
    private record Profile(int cores, double memoryGb) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Profile p && cores == p.cores && Double.compare(memoryGb, p.memoryGb) == 0;
        }

        @Override
        public int hashCode() {
            return 31 * cores + Double.hashCode(memoryGb);
        }
    }

    private record DemandKey(int executors, int cores, double memoryGb, PlacementPreference preference) {
        @Override
        public boolean equals(Object o) {
            return o instanceof DemandKey k && executors == k.executors && cores == k.cores
                    && Double.compare(memoryGb, k.memoryGb) == 0 && preference == k.preference;
        }

        @Override
        public int hashCode() {
            return ((31 * executors + cores) * 31 + Double.hashCode(memoryGb)) * 31 + preference.hashCode();
        }
    }

    private CostLowerBound(Cluster cluster, DurationModel model, Collection<Job> jobs) {
        Map<Shape, int[]> shapeCounts = new LinkedHashMap<>();
        for (Vm vm : cluster.vms()) {
            shapeCounts.computeIfAbsent(new Shape(vm.cores(), vm.memoryGb(), vm.isLocal(), vm.pricePerSecond(), 0),
                    k -> new int[1])[0]++;
        }
        List<Shape> s = new ArrayList<>();
        shapeCounts.forEach((k, c) -> s.add(new Shape(k.cores(), k.memoryGb(), k.local(), k.price(), c[0])));
        shapes = s.toArray(new Shape[0]);

        Map<DemandKey, Job> representative = new LinkedHashMap<>();
        Map<DemandKey, double[]> baseSums = new LinkedHashMap<>();
        for (Job job : jobs) {
            DemandKey key = new DemandKey(job.executors(), job.coresPerExecutor(), job.memoryGbPerExecutor(),
                    job.type().preference());
            representative.putIfAbsent(key, job);
            baseSums.computeIfAbsent(key, k -> new double[1])[0] += job.baseDuration();
        }
        demands = new ArrayList<>();
        Map<Profile, Integer> profileIndex = new LinkedHashMap<>();
        representative.forEach((key, job) -> {
            // Case durations are the base duration times penalty factors: keep the factors only.
            List<DurationCase> unit = new ArrayList<>();
            for (DurationCase c : model.cases(job)) {
                unit.add(new DurationCase(c.localOnly(), c.layout(), c.duration() / job.baseDuration()));
            }
            DurationCase[] cases = unit.toArray(new DurationCase[0]);
            double[] factor = new double[cases.length];
            boolean[] consolidate = new boolean[cases.length];
            for (int c = 0; c < cases.length; c++) {
                factor[c] = cases[c].duration();
                consolidate[c] = cases[c].layout() == PlacementPreference.CONSOLIDATE;
            }
            int profile = profileIndex.computeIfAbsent(new Profile(key.cores(), key.memoryGb()), k -> profileIndex.size());
            demands.add(new Demand(key.executors(), profile, factor, consolidate,
                    rooms(key.executors(), key.cores(), key.memoryGb(), cases), baseSums.get(key)[0]));
        });
        profiles = profileIndex.keySet().toArray(new Profile[0]);
    }

    /**
     * The bound for running {@code jobs} on {@code cluster} with durations from {@code model}. Jobs
     * that cannot fit the empty cluster never run and add nothing.
     */
    public static double of(Cluster cluster, DurationModel model, Collection<Job> jobs) {
        return new CostLowerBound(cluster, model, jobs).maximise();
    }

    /**
     * The bound for the jobs a run completed, under the run's duration model: what any scheduler
     * would at least pay to run the same jobs. (A run that drops jobs is compared with the cheapest
     * way to run the jobs it did run.)
     */
    public static double ofRun(RunResult run) {
        List<Job> completed = new ArrayList<>();
        for (JobRecord r : run.jobs()) {
            if (r.completed()) {
                completed.add(r.job());
            }
        }
        return of(run.cluster(), run.config().durationModel(), completed);
    }

    private double maximise() {
        if (demands.isEmpty()) {
            return 0;
        }
        double[] lambda = new double[shapes.length];
        double best = Double.NEGATIVE_INFINITY;
        double bestCommon = 0;
        for (int g = 0; g <= GRID; g++) {
            Arrays.fill(lambda, (double) g / GRID);
            double v = total(lambda);
            if (v > best) {
                best = v;
                bestCommon = lambda[0];
            }
        }
        Arrays.fill(lambda, bestCommon);
        for (int sweep = 0; sweep < SWEEPS && shapes.length > 1; sweep++) {
            for (int s = 0; s < shapes.length; s++) {
                double keep = lambda[s];
                for (int g = 0; g <= GRID; g++) {
                    lambda[s] = (double) g / GRID;
                    double v = total(lambda);
                    if (v > best) {
                        best = v;
                        keep = lambda[s];
                    }
                }
                lambda[s] = keep;
            }
        }
        return Math.max(0, best);
    }

    /**
     * The bound for one choice of price splits: per demand, the least over its duration cases of
     * the case's factor times the cheapest charge per second for its executors at the rates of its
     * size, filling the shapes the case can use cheapest first (all executors on one VM for a
     * consolidating case); a case that cannot hold them does not count. One loop without calls:
     * the bound is computed before the JIT compiler has warmed up, on the interpreter's time.
     */
    private double total(double[] lambda) {
        double[][] rate = new double[profiles.length][shapes.length];
        int[][] order = new int[profiles.length][];
        for (int p = 0; p < profiles.length; p++) {
            order[p] = rates(profiles[p], lambda, rate[p]);
        }
        double sum = 0;
        for (Demand d : demands) {
            double[] r = rate[d.profile()];
            int[] o = order[d.profile()];
            double[] factor = d.caseFactor();
            double perBaseSecond = Double.POSITIVE_INFINITY;
            for (int c = 0; c < factor.length; c++) {
                int[] room = d.rooms()[c];
                double charge;
                if (d.consolidate()[c]) {
                    charge = Double.POSITIVE_INFINITY;
                    for (int s = 0; s < room.length; s++) {
                        if (room[s] > 0) {
                            charge = Math.min(charge, r[s] * d.executors());
                        }
                    }
                } else {
                    // Filling in the order of all shapes, skipping those without room, is the
                    // stable order of the usable ones.
                    int left = d.executors();
                    charge = 0;
                    for (int i = 0; i < o.length && left > 0; i++) {
                        int k = Math.min(left, room[o[i]]);
                        if (k > 0) {
                            charge += k * r[o[i]];
                            left -= k;
                        }
                    }
                    if (left > 0) {
                        charge = Double.POSITIVE_INFINITY;
                    }
                }
                perBaseSecond = Math.min(perBaseSecond, factor[c] * charge);
            }
            if (Double.isFinite(perBaseSecond)) {
                sum += d.baseSum() * perBaseSecond;
            }
        }
        return sum;
    }

    /**
     * Fills {@code rate} with one executor's charge per second on each shape at the splits and
     * returns the shapes from cheapest to dearest, equal rates in shape order.
     */
    private int[] rates(Profile p, double[] lambda, double[] rate) {
        int[] order = new int[shapes.length];
        for (int s = 0; s < shapes.length; s++) {
            Shape sh = shapes[s];
            rate[s] = lambda[s] * sh.price() * p.cores() / sh.cores()
                    + (1 - lambda[s]) * sh.price() * p.memoryGb() / sh.memoryGb();
            // Stable insertion sort (a handful of shapes).
            int j = s - 1;
            while (j >= 0 && rate[order[j]] > rate[s]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = s;
        }
        return order;
    }

    /**
     * How many of the demand's executors each shape can take in each duration case, independent of
     * the price splits: at most as many per VM as fit it empty (one for spread, all on one VM for
     * consolidate), zero where the case cannot use the shape.
     */
    private int[][] rooms(int executors, int cores, double memoryGb, DurationCase[] cases) {
        int[][] rooms = new int[cases.length][shapes.length];
        for (int c = 0; c < cases.length; c++) {
            for (int s = 0; s < shapes.length; s++) {
                Shape sh = shapes[s];
                int fit = Capacity.executorsThatFit(sh.cores(), sh.memoryGb(), cores, memoryGb);
                if (fit == 0 || (cases[c].localOnly() && !sh.local())) {
                    continue;
                }
                rooms[c][s] = switch (cases[c].layout()) {
                    case SPREAD -> sh.count();
                    case CONSOLIDATE -> fit >= executors ? executors : 0;
                    case ANY -> (int) Math.min(Integer.MAX_VALUE, (long) fit * sh.count());
                };
            }
        }
        return rooms;
    }
}

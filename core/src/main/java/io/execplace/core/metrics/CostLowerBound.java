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
     */
    private record Demand(int executors, int cores, double memoryGb, DurationCase[] cases, int[][] rooms,
                          double baseSum) {
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
        representative.forEach((key, job) -> {
            // Case durations are the base duration times penalty factors: keep the factors only.
            List<DurationCase> unit = new ArrayList<>();
            for (DurationCase c : model.cases(job)) {
                unit.add(new DurationCase(c.localOnly(), c.layout(), c.duration() / job.baseDuration()));
            }
            DurationCase[] cases = unit.toArray(new DurationCase[0]);
            demands.add(new Demand(key.executors(), key.cores(), key.memoryGb(), cases,
                    rooms(key.executors(), key.cores(), key.memoryGb(), cases), baseSums.get(key)[0]));
        });
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

    /** The bound for one choice of price splits. */
    private double total(double[] lambda) {
        double[] rate = new double[shapes.length];
        int[] order = new int[shapes.length];
        double sum = 0;
        for (Demand d : demands) {
            double perBaseSecond = Double.POSITIVE_INFINITY;
            for (int c = 0; c < d.cases().length; c++) {
                perBaseSecond = Math.min(perBaseSecond, d.cases()[c].duration() * cheapestRate(d, c, lambda, rate, order));
            }
            if (Double.isFinite(perBaseSecond)) {
                sum += d.baseSum() * perBaseSecond;
            }
        }
        return sum;
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

    /**
     * The least charge per second for the demand's executors in case {@code c} at the split rates;
     * infinite if the case cannot hold them. {@code rate} and {@code order} are scratch arrays (this
     * runs some 10^5 times per bound, so it allocates nothing).
     */
    private double cheapestRate(Demand d, int c, double[] lambda, double[] rate, int[] order) {
        int[] room = d.rooms()[c];
        int len = 0;
        for (int s = 0; s < shapes.length; s++) {
            if (room[s] > 0) {
                Shape sh = shapes[s];
                rate[s] = lambda[s] * sh.price() * d.cores() / sh.cores()
                        + (1 - lambda[s]) * sh.price() * d.memoryGb() / sh.memoryGb();
                order[len++] = s;
            }
        }
        if (d.cases()[c].layout() == PlacementPreference.CONSOLIDATE) {
            double min = Double.POSITIVE_INFINITY;
            for (int i = 0; i < len; i++) {
                min = Math.min(min, rate[order[i]] * d.executors());
            }
            return min;
        }
        // Stable insertion sort by rate (a handful of shapes): equal rates keep shape order.
        for (int i = 1; i < len; i++) {
            int x = order[i];
            int j = i - 1;
            while (j >= 0 && rate[order[j]] > rate[x]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
        int left = d.executors();
        double charge = 0;
        for (int i = 0; i < len && left > 0; i++) {
            int k = Math.min(left, room[order[i]]);
            charge += k * rate[order[i]];
            left -= k;
        }
        return left > 0 ? Double.POSITIVE_INFINITY : charge;
    }
}

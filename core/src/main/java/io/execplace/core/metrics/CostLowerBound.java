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

    /** VMs that are interchangeable for the bound: same cores, memory, site and price ({@code count} of them). */
    private record Shape(int cores, double memoryGb, boolean local, double price, int count) {
    }

    /**
     * Jobs that ask for the same executors and have the same duration cases up to their base
     * duration: the bound of the group is the sum of their base durations times one per-second term.
     */
    private record Demand(int executors, int cores, double memoryGb, List<DurationCase> unitCases,
                          double baseSum) {
    }

    private record DemandKey(int executors, int cores, double memoryGb, PlacementPreference preference) {
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
            demands.add(new Demand(key.executors(), key.cores(), key.memoryGb(), unit, baseSums.get(key)[0]));
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
        double sum = 0;
        for (Demand d : demands) {
            double perBaseSecond = Double.POSITIVE_INFINITY;
            for (DurationCase c : d.unitCases()) {
                perBaseSecond = Math.min(perBaseSecond, c.duration() * cheapestRate(d, c, lambda));
            }
            if (Double.isFinite(perBaseSecond)) {
                sum += d.baseSum() * perBaseSecond;
            }
        }
        return sum;
    }

    /**
     * The least charge per second for the demand's executors on the case's VMs at the split rates,
     * at most as many per VM as fit it empty (one for spread, all on one VM for consolidate);
     * infinite if the case cannot hold them.
     */
    private double cheapestRate(Demand d, DurationCase c, double[] lambda) {
        int n = shapes.length;
        double[] rate = new double[n];
        int[] room = new int[n];
        Integer[] order = new Integer[n];
        int len = 0;
        for (int s = 0; s < n; s++) {
            Shape sh = shapes[s];
            int fit = Capacity.executorsThatFit(sh.cores(), sh.memoryGb(), d.cores(), d.memoryGb());
            if (fit == 0 || (c.localOnly() && !sh.local())) {
                continue;
            }
            rate[s] = lambda[s] * sh.price() * d.cores() / sh.cores()
                    + (1 - lambda[s]) * sh.price() * d.memoryGb() / sh.memoryGb();
            room[s] = switch (c.layout()) {
                case SPREAD -> sh.count();
                case CONSOLIDATE -> fit >= d.executors() ? d.executors() : 0;
                case ANY -> (int) Math.min(Integer.MAX_VALUE, (long) fit * sh.count());
            };
            if (room[s] > 0) {
                order[len++] = s;
            }
        }
        if (c.layout() == PlacementPreference.CONSOLIDATE) {
            double min = Double.POSITIVE_INFINITY;
            for (int i = 0; i < len; i++) {
                min = Math.min(min, rate[order[i]] * d.executors());
            }
            return min;
        }
        Arrays.sort(order, 0, len, (a, b) -> Double.compare(rate[a], rate[b]));
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

package io.execplace.experiments.bench;

import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.sim.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.core.policy.QueuePolicy;
import io.execplace.schedulers.Schedulers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The {@code execplace bench} measurements: placement decision latency (as the simulator measures
 * it, {@code System.nanoTime} around each call) and the wall time of whole simulations, after JIT
 * warm-up runs. Numbers depend on the machine; the README lists those of the reference machine.
 */
public final class Benchmarks {

    /**
     * One benchmark result.
     *
     * @param name        what was measured
     * @param unit        unit of the numbers
     * @param median      median
     * @param p99         99th percentile (decisions) or maximum (whole runs)
     * @param samples     decisions or runs measured
     * @param target      the target this number is held against (text)
     * @param targetValue the target median, in {@code unit}
     */
    public record Measurement(String name, String unit, double median, double p99, long samples, String target,
                              double targetValue) {

        public boolean meetsTarget() {
            return median <= targetValue;
        }
    }

    /**
     * How much to measure.
     *
     * @param warmupRuns   runs discarded before measuring
     * @param measuredRuns runs measured
     */
    public record Settings(int warmupRuns, int measuredRuns) {

        public static Settings full() {
            return new Settings(5, 10);
        }

        public static Settings quick() {
            return new Settings(2, 3);
        }
    }

    private Benchmarks() {
    }

    /** Runs every benchmark, handing each result to {@code sink} as soon as it is known. */
    public static List<Measurement> run(Settings settings, Consumer<Measurement> sink) {
        List<Measurement> out = new ArrayList<>();
        Workload high = WorkloadPresets.generate("hybrid-high", WorkloadOptions.seed(1));
        Workload day = WorkloadPresets.generate("hybrid-day", WorkloadOptions.seed(1));
        Cluster tpds = ClusterPresets.tpds();
        Cluster small = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
        Cluster large = ClusterPresets.hybridLarge(PricingModel.MODEL_1);
        for (String scheduler : List.of("first-fit", "gio")) {
            add(out, sink, decisions(scheduler, small, high, settings, 2e-3, "<= 2 us median (9-12 VMs)"));
            add(out, sink, decisions(scheduler, tpds, high, settings, 2e-3, "<= 2 us median (9-12 VMs)"));
            add(out, sink, decisions(scheduler, large, day, settings, 20e-3, "<= 20 us median (180 VMs)"));
        }
        add(out, sink, wholeRun("gio", large, day, settings, 100, "<= 100 ms"));
        add(out, sink, wholeRun("first-fit", large, day, settings, 100, "<= 100 ms"));
        return out;
    }

    private static void add(List<Measurement> out, Consumer<Measurement> sink, Measurement m) {
        out.add(m);
        sink.accept(m);
    }

    private static SimulationConfig config(Cluster c, Workload w) {
        return SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF);
    }

    /** Median and p99 of single decisions, taken as the medians over the measured runs. */
    static Measurement decisions(String scheduler, Cluster cluster, Workload workload, Settings s,
                                 double targetMs, String target) {
        SimulationConfig config = config(cluster, workload);
        for (int i = 0; i < s.warmupRuns(); i++) {
            Simulation.run(cluster, workload, Schedulers.create(scheduler, i), config);
        }
        double[] medians = new double[s.measuredRuns()];
        double[] p99s = new double[s.measuredRuns()];
        long samples = 0;
        for (int i = 0; i < s.measuredRuns(); i++) {
            RunSummary r = Simulation.run(cluster, workload, Schedulers.create(scheduler, i), config).summary();
            medians[i] = r.schedulingDelayMedianMs();
            p99s[i] = r.schedulingDelayP99Ms();
            samples += r.decisions();
        }
        return new Measurement("decision " + scheduler + " @ " + cluster.size() + " VMs (" + cluster.name() + ", "
                + workload.name() + ")", "ms", median(medians), median(p99s), samples, target, targetMs);
    }

    /** Wall time of a whole simulation run (workload generation excluded). */
    static Measurement wholeRun(String scheduler, Cluster cluster, Workload workload, Settings s,
                                double targetMs, String target) {
        SimulationConfig config = config(cluster, workload);
        for (int i = 0; i < s.warmupRuns(); i++) {
            Simulation.run(cluster, workload, Schedulers.create(scheduler, i), config);
        }
        double[] ms = new double[s.measuredRuns()];
        for (int i = 0; i < s.measuredRuns(); i++) {
            PlacementPolicy policy = Schedulers.create(scheduler, i);
            long t0 = System.nanoTime();
            Simulation.run(cluster, workload, policy, config);
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        double max = Arrays.stream(ms).max().orElse(Double.NaN);
        return new Measurement("simulation " + scheduler + ", " + workload.size() + " jobs on " + cluster.size()
                + " VMs (" + workload.name() + ")", "ms", median(ms), max, s.measuredRuns(), target, targetMs);
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}

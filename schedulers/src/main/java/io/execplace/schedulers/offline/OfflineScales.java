package io.execplace.schedulers.offline;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Vm;
import io.execplace.core.rules.DurationCase;
import io.execplace.core.rules.DurationModel;

import java.util.ArrayList;
import java.util.List;

/**
 * The integer grid {@link OfflineOptimum}'s CP-SAT model lives on: ticks per second, memory units
 * per GB, the price unit and every VM's price in it, and whether all three are exact (every time,
 * memory size and price a whole number of units) or rounded ({@link OfflineResult#exactGrid()}).
 *
 * @param time      ticks per second
 * @param memory    memory units per GB
 * @param priceUnit dollars per second that one price unit stands for
 * @param prices    every VM's price per second in price units, by VM id
 * @param exact     whether no value had to be rounded onto the grid
 */
record OfflineScales(long time, long memory, double priceUnit, long[] prices, boolean exact) {

    private static final long MAX_TIME_SCALE = 1000;
    private static final long MAX_MEMORY_SCALE = 1000;
    private static final long MAX_PRICE_MULTIPLIER = 1000;
    private static final long INEXACT_PRICE_RESOLUTION = 1_000_000;

    /** The finest exact scales up to the limits above, or the limits themselves (inexact) when none exists. */
    static OfflineScales of(Cluster cluster, DurationModel model, List<Job> jobs) {
        boolean exact = true;
        List<Double> times = new ArrayList<>();
        for (Job job : jobs) {
            times.add(job.arrival());
            for (DurationCase c : model.cases(job)) {
                times.add(c.duration());
            }
        }
        long time = IntegerGrid.exactScale(times.stream().mapToDouble(Double::doubleValue).toArray(), MAX_TIME_SCALE);
        if (time == 0) {
            time = MAX_TIME_SCALE;
            exact = false;
        }
        List<Double> sizes = new ArrayList<>();
        for (Vm vm : cluster.vms()) {
            sizes.add(vm.memoryGb());
        }
        for (Job job : jobs) {
            sizes.add(job.memoryGbPerExecutor());
        }
        long memory = IntegerGrid.exactScale(sizes.stream().mapToDouble(Double::doubleValue).toArray(), MAX_MEMORY_SCALE);
        if (memory == 0) {
            memory = MAX_MEMORY_SCALE;
            exact = false;
        }
        double[] p = new double[cluster.size()];
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (int v = 0; v < p.length; v++) {
            p[v] = cluster.vm(v).pricePerSecond();
            if (p[v] > 0) {
                min = Math.min(min, p[v]);
            }
            max = Math.max(max, p[v]);
        }
        long[] prices = new long[p.length];
        if (max == 0) {
            return new OfflineScales(time, memory, 1, prices, exact);
        }
        double unit;
        long k = IntegerGrid.exactMultiplier(p, min, MAX_PRICE_MULTIPLIER);
        if (k > 0) {
            unit = min / k;
        } else {
            unit = max / INEXACT_PRICE_RESOLUTION;
            exact = false;
        }
        for (int v = 0; v < p.length; v++) {
            prices[v] = Math.round(p[v] / unit);
        }
        return new OfflineScales(time, memory, unit, prices, exact);
    }
}

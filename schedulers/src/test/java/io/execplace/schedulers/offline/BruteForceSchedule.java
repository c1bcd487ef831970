package io.execplace.schedulers.offline;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.rules.DurationModel;

import java.util.ArrayList;
import java.util.List;

/**
 * The cheapest schedule of a tiny workload by enumeration, independent of the CP-SAT model: every
 * placement of every job (executor counts per VM) and every whole start time from arrival to a
 * horizon, capacity and cost checked second by second. Exact when arrivals and all durations are
 * whole seconds (then some optimal schedule has whole start times, see {@link OfflineOptimum}).
 */
final class BruteForceSchedule {

    private final Cluster cluster;
    private final DurationModel model;
    private final List<Job> jobs;
    private final List<List<int[]>> placements = new ArrayList<>();
    private final int horizon;
    private final int[] chosen;
    private final int[] start;
    private final int[] end;
    private double best = Double.POSITIVE_INFINITY;

    private BruteForceSchedule(Cluster cluster, DurationModel model, List<Job> jobs) {
        this.cluster = cluster;
        this.model = model;
        this.jobs = jobs;
        int h = 0;
        int sum = 0;
        for (Job job : jobs) {
            List<int[]> ps = new ArrayList<>();
            enumerate(job, 0, new int[cluster.size()], job.executors(), ps);
            placements.add(ps);
            h = Math.max(h, (int) job.arrival());
            sum += (int) Math.ceil(model.maxDuration(job));
        }
        horizon = h + sum;
        chosen = new int[jobs.size()];
        start = new int[jobs.size()];
        end = new int[jobs.size()];
    }

    /** The least cost of any schedule. */
    static double cheapest(Cluster cluster, DurationModel model, List<Job> jobs) {
        BruteForceSchedule b = new BruteForceSchedule(cluster, model, jobs);
        b.search(0);
        return b.best;
    }

    private void enumerate(Job job, int v, int[] counts, int left, List<int[]> out) {
        if (v == counts.length) {
            if (left == 0) {
                out.add(counts.clone());
            }
            return;
        }
        int fit = Capacity.executorsThatFit(cluster.vm(v).cores(), cluster.vm(v).memoryGb(),
                job.coresPerExecutor(), job.memoryGbPerExecutor());
        for (int c = 0; c <= Math.min(fit, left); c++) {
            counts[v] = c;
            enumerate(job, v + 1, counts, left - c, out);
        }
        counts[v] = 0;
    }

    private void search(int j) {
        if (j > 0 && cost(j) >= best) {
            return; // adding jobs never shrinks a VM's busy time
        }
        if (j == jobs.size()) {
            best = cost(j);
            return;
        }
        Job job = jobs.get(j);
        for (int p = 0; p < placements.get(j).size(); p++) {
            int[] counts = placements.get(j).get(p);
            int d = (int) Math.round(model.duration(job, toPlacement(counts), cluster));
            for (int s = (int) job.arrival(); s <= horizon; s++) {
                chosen[j] = p;
                start[j] = s;
                end[j] = s + d;
                if (fits(j)) {
                    search(j + 1);
                }
            }
        }
    }

    private static Placement toPlacement(int[] counts) {
        List<Integer> vms = new ArrayList<>();
        for (int v = 0; v < counts.length; v++) {
            for (int c = 0; c < counts[v]; c++) {
                vms.add(v);
            }
        }
        return Placement.wrap(vms.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Capacity in every second of job {@code j}'s run, given jobs 0..j. */
    private boolean fits(int j) {
        for (int t = start[j]; t < end[j]; t++) {
            for (int v = 0; v < cluster.size(); v++) {
                int cores = 0;
                double memory = 0;
                for (int k = 0; k <= j; k++) {
                    if (start[k] <= t && t < end[k]) {
                        int c = placements.get(k).get(chosen[k])[v];
                        cores += c * jobs.get(k).coresPerExecutor();
                        memory += c * jobs.get(k).memoryGbPerExecutor();
                    }
                }
                if (cores > cluster.vm(v).cores() || memory > cluster.vm(v).memoryGb() + 1e-9) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Cost of jobs 0..count−1, second by second. */
    private double cost(int count) {
        double total = 0;
        int last = 0;
        for (int k = 0; k < count; k++) {
            last = Math.max(last, end[k]);
        }
        for (int v = 0; v < cluster.size(); v++) {
            int busy = 0;
            for (int t = 0; t < last; t++) {
                for (int k = 0; k < count; k++) {
                    if (start[k] <= t && t < end[k] && placements.get(k).get(chosen[k])[v] > 0) {
                        busy++;
                        break;
                    }
                }
            }
            total += busy * cluster.vm(v).pricePerSecond();
        }
        return total;
    }
}

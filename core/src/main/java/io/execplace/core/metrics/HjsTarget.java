package io.execplace.core.metrics;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.rules.DurationModel;

import java.util.List;

/**
 * HJS's single score of a schedule (HJS Eq. 5):
 * {@code Target = Constant × ((C_max − C)/C_max + D_in/D_num)}, where {@code C} is the total VM cost,
 * {@code D_in} the deadline jobs that completed by their deadline and {@code D_num} the deadline jobs.
 * {@code C_max} is defined as TPDS's {@code Cost_max} (TPDS Eq. 7): every job that fits the empty
 * cluster running its longest possible duration with every VM of the cluster billed,
 * {@code Σ_j T_max^j × Σ_i price_i}. {@code Constant} is {@value #CONSTANT}, so a Target lies in
 * {@code [0, 200]}: at most 100 for cost and 100 for deadlines.
 *
 * @param cost          {@code C}, the run's total VM cost
 * @param maxCost       {@code C_max}
 * @param deadlineJobs  {@code D_num}
 * @param deadlinesMet  {@code D_in}
 * @param target        Eq. 5
 */
public record HjsTarget(double cost, double maxCost, int deadlineJobs, int deadlinesMet, double target) {

    /** {@code Constant} of Eq. 5. */
    public static final double CONSTANT = 100;

    /** Eq. 5 for the given numbers; NaN when there is no deadline job or {@code C_max} is 0. */
    public static double target(double cost, double maxCost, int deadlineJobs, int deadlinesMet) {
        if (deadlineJobs == 0 || !(maxCost > 0)) {
            return Double.NaN;
        }
        return CONSTANT * ((maxCost - cost) / maxCost + (double) deadlinesMet / deadlineJobs);
    }

    /** {@code D_in/D_num}. */
    public double deadlineSuccess() {
        return deadlineJobs == 0 ? Double.NaN : (double) deadlinesMet / deadlineJobs;
    }

    /** {@code C_max = Σ_j T_max^j × Σ_i price_i} over the jobs that fit the empty cluster. */
    public static double maxCost(List<Job> jobs, Cluster cluster, DurationModel model) {
        double sum = 0;
        for (Job job : jobs) {
            if (cluster.executorCapacityWhenEmpty(job.coresPerExecutor(), job.memoryGbPerExecutor()) >= job.executors()) {
                sum += model.maxDuration(job, cluster);
            }
        }
        return sum * cluster.totalPricePerSecond();
    }

    /** The Target of a finished run, or null when its workload has no deadline job. */
    public static HjsTarget of(RunResult run) {
        int withDeadline = 0;
        int met = 0;
        List<Job> jobs = new java.util.ArrayList<>(run.jobs().size());
        for (JobRecord r : run.jobs()) {
            jobs.add(r.job());
            if (r.job().hasDeadline()) {
                withDeadline++;
                met += r.metDeadline() ? 1 : 0;
            }
        }
        if (withDeadline == 0) {
            return null;
        }
        double maxCost = maxCost(jobs, run.cluster(), run.config().durationModel());
        double cost = run.summary().totalCost();
        return new HjsTarget(cost, maxCost, withDeadline, met, target(cost, maxCost, withDeadline, met));
    }
}

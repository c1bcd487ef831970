package io.execplace.core.rules;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Vm;

import java.util.Comparator;
import java.util.Locale;

/**
 * The HJS weight-based job order (HJS §4.1, Eqs. 6–8): at decision time {@code t} every waiting job
 * gets {@code Wei = λ·U_t + (1 − λ)·R_tot} and the highest weight goes first (ties: arrival, then id).
 *
 * <ul>
 *   <li>Eq. 6: {@code R_tot = (e_cpu/CPU_tot + e_mem/MEM_tot) × E}, the share of the cluster's cores
 *       plus the share of its memory the job holds.</li>
 *   <li>Eq. 7: {@code U_t = U_max} for a deadline job that can still meet its deadline
 *       ({@code d − (t + r) ≥ 0}), {@code 0} for a job without a deadline, and for a deadline job that
 *       can no longer meet it our reading of the garbled first case, {@code U_max / (t + r − d)}
 *       (the lateness in seconds in the denominator), capped at {@code U_max}: such a job stays ahead
 *       of regular jobs but falls behind the ones that can still make it, the more the later it is.
 *       {@code r} is the job's base duration (its run time when well placed). See docs/hjs.md.</li>
 * </ul>
 * {@code U_max = 1}, so both terms lie on similar scales (R_tot of one job is at most 2).
 *
 * @param lambda the deadline weight λ, 0..1
 */
public record HjsWeightOrder(double lambda) implements QueuePolicy {

    /** Registered name: {@code hjs-weight} (λ = {@link #DEFAULT_LAMBDA}) or {@code hjs-weight:λ}. */
    public static final String NAME = "hjs-weight";
    /** λ when none is given. */
    public static final double DEFAULT_LAMBDA = 0.5;
    /** {@code U_max} of Eq. 7. */
    public static final double U_MAX = 1.0;

    public HjsWeightOrder {
        if (!(lambda >= 0 && lambda <= 1)) {
            throw new IllegalArgumentException("weight lambda must be between 0 and 1, got " + lambda);
        }
    }

    /** Parses the λ of {@code hjs-weight:λ}. */
    static HjsWeightOrder parse(String lambdaText) {
        try {
            return new HjsWeightOrder(Double.parseDouble(lambdaText.trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("weight lambda must be a number between 0 and 1, got '" + lambdaText + "'");
        }
    }

    @Override
    public String name() {
        return lambda == DEFAULT_LAMBDA ? NAME : NAME + ":" + String.format(Locale.ROOT, "%s", lambda);
    }

    /** Without a clock and a cluster: arrival order (the order before any decision time). */
    @Override
    public Comparator<Job> order() {
        return FCFS.order();
    }

    @Override
    public boolean reordersOverTime() {
        return true;
    }

    @Override
    public Comparator<Job> orderAt(double now, Cluster cluster) {
        double cpu = totalCores(cluster);
        double mem = totalMemoryGb(cluster);
        return Comparator.comparingDouble((Job j) -> -weight(j, now, cpu, mem))
                .thenComparingDouble(Job::arrival)
                .thenComparingInt(Job::id);
    }

    /** Eq. 8: {@code λ·U_t + (1 − λ)·R_tot}. */
    public double weight(Job job, double now, double cpuTotal, double memTotalGb) {
        return lambda * urgency(job, now) + (1 - lambda) * resourceShare(job, cpuTotal, memTotalGb);
    }

    /** Eq. 6: {@code R_tot = (e_cpu/CPU_tot + e_mem/MEM_tot) × E}. */
    public static double resourceShare(Job job, double cpuTotal, double memTotalGb) {
        return (job.coresPerExecutor() / cpuTotal + job.memoryGbPerExecutor() / memTotalGb) * job.executors();
    }

    /** Eq. 7 as we read it (see the type's Javadoc). */
    public static double urgency(Job job, double now) {
        if (!job.hasDeadline()) {
            return 0;
        }
        double lateness = now + job.baseDuration() - job.deadline();
        if (lateness <= 0) {
            return U_MAX;
        }
        return Math.min(U_MAX, U_MAX / lateness);
    }

    /** {@code CPU_tot}: cores of all VMs. */
    public static double totalCores(Cluster cluster) {
        double sum = 0;
        for (Vm vm : cluster.vms()) {
            sum += vm.type().cores();
        }
        return sum;
    }

    /** {@code MEM_tot}: memory of all VMs, GB. */
    public static double totalMemoryGb(Cluster cluster) {
        double sum = 0;
        for (Vm vm : cluster.vms()) {
            sum += vm.type().memoryGb();
        }
        return sum;
    }
}

package io.execplace.schedulers.offline;

import io.execplace.core.metrics.IntervalUnion;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.rules.DurationModel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A complete clairvoyant schedule: every job's start time and placement. It knows its exact cost
 * (each VM's price times the length of the union of the intervals during which it hosts an
 * executor, the simulator's {@code exact} billing) and checks itself against the simulator's rules
 * (start not before arrival, gang start, no VM over its cores or memory at any instant).
 */
public final class OfflineSchedule {

    private final Cluster cluster;
    private final DurationModel model;
    private final List<Job> jobs;
    private final double[] start;
    private final Placement[] placement;

    /**
     * @throws IllegalArgumentException if the schedule breaks a rule (the message says which)
     */
    public OfflineSchedule(Cluster cluster, DurationModel model, List<Job> jobs, double[] start, Placement[] placement) {
        if (start.length != jobs.size() || placement.length != jobs.size()) {
            throw new IllegalArgumentException("a schedule needs one start and one placement per job");
        }
        this.cluster = cluster;
        this.model = model;
        this.jobs = List.copyOf(jobs);
        this.start = start.clone();
        this.placement = placement.clone();
        String error = check();
        if (error != null) {
            throw new IllegalArgumentException("infeasible schedule: " + error);
        }
    }

    /** The schedule a simulation run followed, over the jobs it completed (to compare, or as a hint). */
    public static OfflineSchedule of(RunResult run) {
        List<Job> done = new ArrayList<>();
        List<Double> starts = new ArrayList<>();
        List<Placement> placements = new ArrayList<>();
        for (JobRecord r : run.jobs()) {
            if (r.completed()) {
                done.add(r.job());
                starts.add(r.start());
                placements.add(r.placement());
            }
        }
        return new OfflineSchedule(run.cluster(), run.config().durationModel(), done,
                starts.stream().mapToDouble(Double::doubleValue).toArray(), placements.toArray(new Placement[0]));
    }

    public List<Job> jobs() {
        return jobs;
    }

    public double start(int j) {
        return start[j];
    }

    public Placement placement(int j) {
        return placement[j];
    }

    /** The job's run time under the duration model (penalties of its placement applied). */
    public double duration(int j) {
        return model.duration(jobs.get(j), placement[j], cluster);
    }

    public double finish(int j) {
        return start[j] + duration(j);
    }

    /** Exact total cost: Σ over VMs of price × length of the union of its busy intervals. */
    public double cost() {
        double total = 0;
        for (int v = 0; v < cluster.size(); v++) {
            total += cluster.vm(v).pricePerSecond() * busySeconds(v);
        }
        return total;
    }

    /** Seconds during which VM {@code v} hosts at least one executor. */
    public double busySeconds(int v) {
        List<double[]> intervals = new ArrayList<>();
        for (int j = 0; j < jobs.size(); j++) {
            if (hosts(j, v)) {
                intervals.add(new double[]{start[j], finish(j)});
            }
        }
        return IntervalUnion.length(intervals);
    }

    /** Mean of finish − arrival over the jobs. */
    public double meanTurnaround() {
        double sum = 0;
        for (int j = 0; j < jobs.size(); j++) {
            sum += finish(j) - jobs.get(j).arrival();
        }
        return jobs.isEmpty() ? Double.NaN : sum / jobs.size();
    }

    /** Mean run time over the jobs. */
    public double meanDuration() {
        double sum = 0;
        for (int j = 0; j < jobs.size(); j++) {
            sum += duration(j);
        }
        return jobs.isEmpty() ? Double.NaN : sum / jobs.size();
    }

    private boolean hosts(int j, int v) {
        Placement p = placement[j];
        for (int e = 0; e < p.executors(); e++) {
            if (p.vm(e) == v) {
                return true;
            }
        }
        return false;
    }

    /** The first broken rule, or null. Capacity is checked at every start instant (loads only rise there). */
    private String check() {
        for (int j = 0; j < jobs.size(); j++) {
            Job job = jobs.get(j);
            if (!(start[j] >= job.arrival())) {
                return "job " + job.id() + " starts at " + start[j] + " before its arrival " + job.arrival();
            }
            if (placement[j] == null || placement[j].executors() != job.executors()) {
                return "job " + job.id() + " needs " + job.executors() + " executors placed";
            }
            for (int e = 0; e < placement[j].executors(); e++) {
                int vm = placement[j].vm(e);
                if (vm < 0 || vm >= cluster.size()) {
                    return "job " + job.id() + " uses unknown VM " + vm;
                }
            }
        }
        for (int j = 0; j < jobs.size(); j++) {
            double t = start[j];
            int[] cores = new int[cluster.size()];
            double[] memory = new double[cluster.size()];
            for (int k = 0; k < jobs.size(); k++) {
                if (start[k] <= t && t < finish(k)) {
                    Job other = jobs.get(k);
                    for (int e = 0; e < placement[k].executors(); e++) {
                        cores[placement[k].vm(e)] += other.coresPerExecutor();
                        memory[placement[k].vm(e)] += other.memoryGbPerExecutor();
                    }
                }
            }
            for (int v = 0; v < cluster.size(); v++) {
                if (cores[v] > cluster.vm(v).cores() || memory[v] > cluster.vm(v).memoryGb() + Capacity.EPSILON) {
                    return "VM " + v + " is over capacity at t=" + t + " (" + cores[v] + " cores, "
                            + memory[v] + " GB) " + Arrays.toString(start);
                }
            }
        }
        return null;
    }
}

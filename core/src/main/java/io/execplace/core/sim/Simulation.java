package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.JobStatus;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The discrete-event simulator: arrivals and completions drive the clock; after every event time
 * the waiting queue is offered, in queue order, to the placement policy. Deterministic for a given
 * cluster, workload, policy and config (the measured scheduling delays aside).
 *
 * <p>Rules: at one instant completions are processed before arrivals, and both before scheduling.
 * A job that cannot fit the empty cluster is dropped on arrival. With head-of-line blocking (the
 * default) the queue head waits until a completion when the policy cannot place it; with
 * backfilling later jobs are tried too. A job the policy will not place on an entirely idle cluster
 * would wait forever, so it is dropped. With deadline admission a job is dropped when even its base
 * duration cannot meet the deadline, or when the placement the policy returns would miss it.
 */
public final class Simulation {

    private static final double DEADLINE_SLACK = 1e-9;

    private final Cluster cluster;
    private final PlacementPolicy policy;
    private final SimulationConfig config;

    private final Job[] jobs;
    private final double[] start;
    private final double[] finish;
    private final Placement[] placement;
    private final String[] dropReason;
    private final ClusterState state;
    private final CompletionQueue running = new CompletionQueue();
    private final WaitingQueue waiting;
    private long[] delays = new long[1024];
    private int decisions;

    private Simulation(Cluster cluster, Workload workload, PlacementPolicy policy, SimulationConfig config) {
        this.cluster = cluster;
        this.policy = policy;
        this.config = config;
        this.jobs = workload.jobs().toArray(new Job[0]);
        int n = jobs.length;
        start = new double[n];
        finish = new double[n];
        Arrays.fill(start, Double.NaN);
        Arrays.fill(finish, Double.NaN);
        placement = new Placement[n];
        dropReason = new String[n];
        state = new ClusterState(cluster, config.durationModel());
        waiting = new WaitingQueue(jobs, config.queue().order());
    }

    /** Runs the workload on the cluster with the given policy and rules. */
    public static RunResult run(Cluster cluster, Workload workload, PlacementPolicy policy, SimulationConfig config) {
        return new Simulation(cluster, workload, policy, config).execute();
    }

    private RunResult execute() {
        int nextArrival = 0;
        int n = jobs.length;
        while (nextArrival < n || !running.isEmpty()) {
            double tArrival = nextArrival < n ? jobs[nextArrival].arrival() : Double.POSITIVE_INFINITY;
            double tCompletion = running.isEmpty() ? Double.POSITIVE_INFINITY : running.peekFinish();
            double t = Math.min(tArrival, tCompletion);
            state.advanceTo(t);
            while (!running.isEmpty() && running.peekFinish() <= t) {
                int j = running.poll();
                state.finish(jobs[j], placement[j]);
            }
            while (nextArrival < n && jobs[nextArrival].arrival() <= t) {
                admit(nextArrival++);
            }
            schedule();
        }
        // Nothing runs and nothing arrives: whatever still waits can never start.
        for (int i = 0; i < waiting.size(); i++) {
            dropReason[waiting.get(i)] = "could not be placed and nothing was left running";
        }
        waiting.clear();
        return result();
    }

    private void admit(int j) {
        Job job = jobs[j];
        if (cluster.executorCapacityWhenEmpty(job.coresPerExecutor(), job.memoryGbPerExecutor()) < job.executors()) {
            dropReason[j] = "does not fit the cluster even when it is empty ("
                    + job.executors() + " x " + job.coresPerExecutor() + " cores / " + job.memoryGbPerExecutor() + " GB)";
            return;
        }
        waiting.add(j);
    }

    private void schedule() {
        double now = state.now();
        if (config.queue().reordersOverTime()) {
            waiting.resort(config.queue().orderAt(now, cluster));
        }
        int i = 0;
        while (i < waiting.size()) {
            int j = waiting.get(i);
            Job job = jobs[j];
            if (config.deadlineAdmission() && job.hasDeadline()
                    && now + job.baseDuration() > job.deadline() + DEADLINE_SLACK) {
                dropReason[j] = "deadline can no longer be met (admission)";
                waiting.remove(i);
                continue;
            }
            long t0 = System.nanoTime();
            Placement p = policy.place(job, state);
            recordDelay(System.nanoTime() - t0);
            if (p == null || p.isNone()) {
                if (state.idle()) {
                    dropReason[j] = "policy " + policy.name() + " would not place it on an idle cluster";
                    waiting.remove(i);
                    continue;
                }
                if (config.backfilling()) {
                    i++;
                    continue;
                }
                return;
            }
            String error = state.validate(job, p);
            if (error != null) {
                throw new InvalidPlacementException("policy " + policy.name() + " returned an invalid placement at t="
                        + now + ": " + error + " " + p);
            }
            double duration = config.durationModel().duration(job, p, cluster);
            if (config.deadlineAdmission() && job.hasDeadline() && now + duration > job.deadline() + DEADLINE_SLACK) {
                dropReason[j] = "predicted to miss its deadline with this placement (admission)";
                waiting.remove(i);
                continue;
            }
            waiting.remove(i);
            start[j] = now;
            finish[j] = now + duration;
            placement[j] = p;
            state.start(job, p, finish[j]);
            running.add(j, finish[j]);
        }
    }

    private void recordDelay(long nanos) {
        if (decisions == delays.length) {
            delays = Arrays.copyOf(delays, decisions * 2);
        }
        delays[decisions++] = nanos;
    }

    private RunResult result() {
        List<VmRecord> vms = state.vmRecords();
        double totalCost = 0;
        int vmsUsed = 0;
        for (VmRecord vm : vms) {
            totalCost += vm.cost(config.billing());
            if (vm.used()) {
                vmsUsed++;
            }
        }
        List<JobRecord> records = new ArrayList<>(jobs.length);
        double sumDuration = 0;
        double sumTurnaround = 0;
        double makespan = 0;
        int completed = 0;
        int good = 0;
        int waited = 0;
        int dropped = 0;
        int withDeadline = 0;
        int met = 0;
        for (int j = 0; j < jobs.length; j++) {
            Job job = jobs[j];
            JobRecord r;
            if (placement[j] != null) {
                boolean matches = DurationModel.matchesType(job, placement[j]);
                r = new JobRecord(job, JobStatus.COMPLETED, start[j], finish[j], placement[j], matches, null);
                completed++;
                sumDuration += r.duration();
                sumTurnaround += r.turnaround();
                makespan = Math.max(makespan, finish[j]);
                good += matches ? 1 : 0;
                waited += start[j] > job.arrival() ? 1 : 0;
            } else {
                r = new JobRecord(job, JobStatus.DROPPED, Double.NaN, Double.NaN, Placement.none(), false,
                        dropReason[j] == null ? "not placed" : dropReason[j]);
                dropped++;
            }
            if (job.hasDeadline()) {
                withDeadline++;
                met += r.metDeadline() ? 1 : 0;
            }
            records.add(r);
        }
        long[] sorted = Arrays.copyOf(delays, decisions);
        Arrays.sort(sorted);
        double meanDelayMs = 0;
        for (long d : sorted) {
            meanDelayMs += d;
        }
        meanDelayMs = decisions == 0 ? Double.NaN : meanDelayMs / decisions / 1e6;
        double medianMs = decisions == 0 ? Double.NaN : sorted[(decisions - 1) / 2] / 1e6;
        double p99Ms = decisions == 0 ? Double.NaN : sorted[(int) Math.ceil(0.99 * decisions) - 1] / 1e6;
        RunSummary summary = new RunSummary(policy.name(), config.queue().name(), totalCost,
                completed == 0 ? Double.NaN : sumDuration / completed,
                completed == 0 ? Double.NaN : sumTurnaround / completed,
                withDeadline == 0 ? Double.NaN : 100.0 * met / withDeadline,
                jobs.length, completed, good, waited, dropped, vmsUsed, makespan, decisions, meanDelayMs, medianMs, p99Ms);
        return new RunResult(summary, cluster, config, records, vms);
    }
}

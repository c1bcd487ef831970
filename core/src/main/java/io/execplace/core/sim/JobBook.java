package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.JobStatus;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.rules.DurationModel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@link EventKernel}'s per-job records of a run: each job's executors' VMs (one flat array,
 * {@code offset[j]} the index of job j's first executor), its start and finish, its placement, why it
 * was dropped, and whether it fits the empty cluster. Primitive arrays sized at {@link #reset} and
 * reused while the next workload is not larger; the per-workload preparation is done once per jobs
 * array, since environments reset on the same few arrays thousands of times.
 */
final class JobBook {

    double[] start = new double[0];
    double[] finish = new double[0];
    Placement[] placement = new Placement[0];
    String[] dropReason = new String[0];
    /** {@code offset[j]}: index of job j's first executor in {@link #executorVm}. */
    int[] offset = new int[1];
    int[] executorVm = new int[0];
    /**
     * Per executor (indexed as {@link #executorVm}), until when its pod is protected from voluntary
     * disruption ({@link Placement#withProtection}); read only while {@link #anyProtection}.
     */
    double[] protectedUntil = new double[0];
    /** Some placement of this run carried a protection (until then {@link #protectedUntil} is not kept). */
    boolean anyProtection;
    /** Whether each job fits the empty cluster; with the offsets, computed once per jobs array. */
    boolean[] fitsEmpty = new boolean[0];
    private Job[] preparedFor;

    /**
     * Clears the records for a run of {@code jobs} on {@code cluster}.
     *
     * @param ordered how many of the jobs, from the first, must be in arrival order (the workload's; the
     *                kernel's executor requests follow them)
     * @throws IllegalArgumentException when those jobs are not in arrival order
     */
    void reset(Job[] jobs, int ordered, Cluster cluster) {
        int n = jobs.length;
        if (start.length < n) {
            start = new double[n];
            finish = new double[n];
            placement = new Placement[n];
            dropReason = new String[n];
            offset = new int[n + 1];
            fitsEmpty = new boolean[n];
            preparedFor = null;
        }
        Arrays.fill(start, 0, n, Double.NaN);
        Arrays.fill(finish, 0, n, Double.NaN);
        Arrays.fill(placement, 0, n, null);
        Arrays.fill(dropReason, 0, n, null);
        if (jobs != preparedFor) {
            // Per executor shape (jobs share a few): the empty cluster's room, not a scan of every VM per job.
            record Shape(int cores, double memoryGb) { }
            Map<Shape, Integer> roomByShape = new HashMap<>();
            for (int j = 0; j < n; j++) {
                if (j > 0 && j < ordered && jobs[j].arrival() < jobs[j - 1].arrival()) {
                    throw new IllegalArgumentException("jobs must be in arrival order: job " + jobs[j].id()
                            + " arrives at " + jobs[j].arrival() + ", before job " + jobs[j - 1].id());
                }
                offset[j + 1] = offset[j] + jobs[j].executors();
                Job job = jobs[j];
                fitsEmpty[j] = roomByShape.computeIfAbsent(new Shape(job.coresPerExecutor(), job.memoryGbPerExecutor()),
                        s -> cluster.executorCapacityWhenEmpty(s.cores(), s.memoryGb()))
                        >= job.executors();
            }
            preparedFor = jobs;
        }
        if (executorVm.length < offset[n]) {
            executorVm = new int[offset[n]];
        }
        if (anyProtection) {
            Arrays.fill(protectedUntil, Double.NEGATIVE_INFINITY);
            anyProtection = false;
        }
    }

    /**
     * Records the protection of job {@code j}'s placement {@code p}: executor i's pod is protected until
     * {@code startOf[i]} plus its seconds (Karpenter counts a duration from the pod's start). Nothing is
     * kept while no placement of the run carried one.
     */
    void protect(int j, Placement p, double[] startOf) {
        if (!p.hasProtection() && !anyProtection) {
            return;
        }
        startProtecting();
        int from = offset[j];
        for (int i = 0; i < p.executors(); i++) {
            double s = p.protectionSeconds(i);
            protectedUntil[from + i] = s > 0 ? startOf[i] + s : Double.NEGATIVE_INFINITY;
        }
    }

    /**
     * Job {@code k} of a resumed run ({@link ResumedRun}) is {@code from}'s job {@code j} running: its
     * first {@code executors} executors' VMs, start, finish, placement and protections are copied.
     */
    void copyRunning(int k, JobBook from, int j, int executors) {
        System.arraycopy(from.executorVm, from.offset[j], executorVm, offset[k], executors);
        start[k] = from.start[j];
        finish[k] = from.finish[j];
        placement[k] = from.placement[j];
        if (from.anyProtection) {
            startProtecting();
            System.arraycopy(from.protectedUntil, from.offset[j], protectedUntil, offset[k], executors);
        }
    }

    /** From the run's first protection on, every executor's protection is kept (none until then). */
    private void startProtecting() {
        if (!anyProtection) {
            if (protectedUntil.length < executorVm.length) {
                protectedUntil = new double[executorVm.length];
            }
            Arrays.fill(protectedUntil, Double.NEGATIVE_INFINITY);
            anyProtection = true;
        }
    }

    /** The placement of a started job (built from the flat array for executor-at-a-time jobs), or null. */
    Placement placementOf(int j) {
        if (placement[j] == null && !Double.isNaN(start[j])) {
            placement[j] = Placement.wrap(Arrays.copyOfRange(executorVm, offset[j], offset[j + 1]));
        }
        return placement[j];
    }

    /**
     * Job {@code j}'s placement {@code p} with each executor's protection as what is left of it now
     * (counted from the pod's start, or from now on a node still launching), for a run resumed from this
     * state ({@link ResumedRun}), whose clock starts the protection again; {@code p} itself when the
     * run protects nothing.
     */
    Placement protectionLeft(int j, Placement p, ClusterState state) {
        if (!anyProtection || p == null || !p.hasProtection()) {
            return p;
        }
        double now = state.now();
        double[] left = new double[p.executors()];
        for (int i = 0; i < left.length; i++) {
            double until = protectedUntil[offset[j] + i];
            double from = state.cluster().isElastic() ? Math.max(now, state.nodes().readyAt(p.vm(i), now)) : now;
            left[i] = Math.max(0, until - from);
        }
        return p.withProtection(left);
    }

    /** The first {@code count} executors of job {@code j} placed so far, as a placement. */
    Placement placementSoFar(int j, int count) {
        return Placement.wrap(Arrays.copyOfRange(executorVm, offset[j], offset[j] + count));
    }

    /** A record per job of the run, in workload order. */
    JobRecord[] records(Job[] jobs) {
        JobRecord[] records = new JobRecord[jobs.length];
        for (int j = 0; j < jobs.length; j++) {
            Placement p = placementOf(j);
            records[j] = p != null
                    ? new JobRecord(jobs[j], JobStatus.COMPLETED, start[j], finish[j], p, DurationModel.matchesType(jobs[j], p), null)
                    : new JobRecord(jobs[j], JobStatus.DROPPED, Double.NaN, Double.NaN, Placement.none(), false,
                            dropReason[j] == null ? "not placed" : dropReason[j]);
        }
        return records;
    }
}

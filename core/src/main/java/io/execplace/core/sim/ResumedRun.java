package io.execplace.core.sim;

import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.policy.RunningJob;
import io.execplace.core.rules.Deadlines;

import java.util.ArrayList;
import java.util.List;

/**
 * The event kernel started from another run's state instead of an empty cluster, and driven to the
 * end: what a look-ahead planner rolls its candidate decisions out on, so that its rollouts obey the
 * kernel's rules — node launches, minimum billing, consolidation, pool limits, spot interruptions —
 * and no copy of them.
 *
 * <p>The state taken over from the kernel that drives the source state: its rules (queue order,
 * admission, backfilling, durations, billing), the clock, the jobs running (their placements and
 * finish times), the waiting jobs in queue order, and on an elastic cluster every live node with its
 * launch count, purchase time (its billed lifetime opens then), ready time, notice and pending
 * consolidation. The job being decided is put first in the queue and the candidate decision is its
 * answer; then the given future arrivals come, and every later decision is the rollout policy's, as
 * {@link Simulation} drives the kernel. Not taken over: dynamic allocation's executor requests.
 *
 * <p>Two modes. <em>Planning</em> (the default) knows only what a scheduler knows: node launch delays
 * and spot interruptions are drawn from the seed given per run, a node under notice goes one notice
 * from now at the latest, and an availability trace's reclaims and window ends are unknown (a pool
 * closed now stays closed; or, {@link #drawingTraces()}, they are drawn from the trace's statistics).
 * <em>Same future</em>
 * continues the source's pending node events and draws, so that with the source's seed and true
 * arrivals the resumed run is the source run's continuation ({@code ResumedRunTest} pins this).
 *
 * <p>Reuses its kernel between runs; not thread-safe.
 */
public final class ResumedRun {

    private final boolean sameFuture;
    private boolean drawTraces;
    private final List<Job> jobs = new ArrayList<>();
    private Cluster cluster;
    private EventKernel kernel;

    /** @param sameFuture true to continue the source's pending node events (see the class comment) */
    public ResumedRun(boolean sameFuture) {
        this.sameFuture = sameFuture;
    }

    /**
     * Planning only: each run draws the availability traces' reclaims and windows (a closed pool's end
     * included) from the traces' mean rates and lengths and its seed, instead of taking a pool closed
     * now to stay closed and no reclaim to come.
     *
     * @return this
     */
    public ResumedRun drawingTraces() {
        drawTraces = true;
        return this;
    }

    /** True when {@code view} is the state of a kernel's run, which a resumed run can start from. */
    public static boolean canResume(ClusterView view) {
        return view instanceof ClusterState state && state.kernel() != null;
    }

    /**
     * What a resumed run came to.
     *
     * @param cost            the billed cost of every node lifetime (fixed clusters: busy interval) open
     *                        at the start or begun after it, whole: the part before the start is the same
     *                        for every run resumed from one state
     * @param currentStarted  whether the job being decided ever started
     * @param deadlinesMissed jobs of the decided one, the others waiting and the future ones with a
     *                        deadline that missed it, a job never started included
     */
    public record Outcome(double cost, boolean currentStarted, int deadlinesMissed) {
    }

    /**
     * Resumes the run whose state {@code from} is ({@link #canResume}), under that run's rules, and runs
     * it to the end.
     *
     * @param from     the source run's state now (read only)
     * @param current  the job being decided, one of the source's waiting jobs; it is offered first
     * @param decision its placement now, or {@link Placement#none()} to let it wait for the policy
     * @param future   the jobs arriving later (none before now), in arrival order
     * @param policy   places every job after the first offer of {@code current}
     * @param seed     node launch delays' and spot interruptions' draws (ignored with the same future)
     */
    public Outcome run(ClusterState from, Job current, Placement decision, List<Job> future, PlacementPolicy policy,
                       long seed) {
        EventKernel source = from.kernel();
        if (kernel == null || kernel.cluster() != source.cluster() || !kernel.config().equals(source.config())) {
            cluster = source.cluster();
            kernel = new EventKernel(cluster, source.config());
        }
        double now = from.now();
        List<RunningJob> running = source.runningJobs();
        jobs.clear();
        for (RunningJob r : running) {
            jobs.add(resident(r, now, from));
        }
        int currentIndex = jobs.size();
        jobs.add(arrivedNow(current, now));
        for (int i = 0; i < source.waitingCount(); i++) {
            // The other waiting jobs, in queue order; dynamic allocation's requests are not taken over.
            if (source.waitingJob(i) != current && source.waitingJobIndex(i) < source.jobCount()) {
                jobs.add(arrivedNow(source.waitingJob(i), now));
            }
        }
        jobs.addAll(future);
        kernel.reset(jobs.toArray(new Job[0]));
        ClusterState state = kernel.state();
        if (!sameFuture) {
            state.reset(seed);
        }
        state.resumeFrom(from, sameFuture, drawTraces);
        for (int j = 0; j < currentIndex; j++) {
            RunningJob r = running.get(j);
            kernel.startRunning(j, r.placement(), r.finish());
        }
        state.keepOpeningTimes(from);
        drive(currentIndex, decision, policy);
        kernel.drain(); // nothing runs: the nodes left go at their consolidation times
        return new Outcome(billedCost(state), kernel.placementOf(currentIndex) != null, missed(currentIndex));
    }

    private static Job arrivedNow(Job job, double now) {
        return job.arrival() == now ? job : job.withArrival(now);
    }

    /**
     * A running job as the resumed run's own: arrived now, its base duration what is left of it, so that
     * an interruption in the resumed run leaves it the right work (without graceful decommissioning the
     * share it redoes counts only the work done since the resume: a planner's approximation).
     */
    private Job resident(RunningJob r, double now, ClusterState from) {
        Job job = r.job();
        double full = from.durationModel().duration(job, r.placement(), cluster);
        double left = Math.min(1, Math.max(1e-9, (r.finish() - now) / full));
        Job arrived = arrivedNow(job, now);
        return left == 1 ? arrived : arrived.withBaseDuration(job.baseDuration() * left);
    }

    /** {@link Simulation}'s driver loop, with {@code decision} as the answer to the first offer of the current job. */
    private void drive(int currentIndex, Placement decision, PlacementPolicy policy) {
        boolean decided = false;
        while (kernel.nextDecision()) {
            int j = kernel.waitingJobIndex(kernel.offered());
            Job job = kernel.offeredJob();
            Placement p;
            if (j == currentIndex && !decided) {
                decided = true;
                p = decision;
            } else {
                p = policy.place(job, kernel.view());
            }
            if (p == null || p.isNone() || !startable(job, p)) {
                kernel.skip();
            } else {
                kernel.start(kernel.offered(), p);
            }
        }
    }

    /** A rollout policy's answer that over-commits a VM is a wait (over a pool's limit the kernel skips it). */
    private boolean startable(Job job, Placement p) {
        String error = kernel.state().validate(job, p);
        return error == null || kernel.state().overPoolLimit(p);
    }

    private double billedCost(ClusterState state) {
        double cost = 0;
        for (VmRecord vm : state.vmRecords()) {
            cost += cluster.isElastic() ? vm.cost(cluster.pools().pool(vm.vm().id())::billedSeconds)
                    : vm.cost(kernel.config().billing());
        }
        return cost;
    }

    private int missed(int from) {
        int missed = 0;
        for (int j = from; j < jobs.size(); j++) {
            Job job = jobs.get(j);
            if (job.hasDeadline() && (kernel.placementOf(j) == null || Deadlines.missed(job, kernel.finishOf(j)))) {
                missed++;
            }
        }
        return missed;
    }
}

package io.execplace.core.sim;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.Deadlines;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The event kernel started from another run's state instead of an empty cluster, and driven to the
 * end: what a look-ahead planner rolls its candidate decisions out on, so that its rollouts obey the
 * kernel's rules — node launches, minimum billing, consolidation, pool limits, spot interruptions —
 * and no copy of them.
 *
 * <p>The state taken over from the kernel that drives the source state: its rules (queue order,
 * admission, backfilling, durations, billing), the clock, the jobs running (their executors, driver
 * pods, start and finish times, protections), the waiting jobs in queue order with their arrival times
 * and the work left of a stopped one; dynamic allocation's executor requests (running, waiting and still
 * to come); and on an elastic cluster every live node with its launch count, purchase time (its billed
 * lifetime opens then), ready time, notice and pending consolidation, the placeholder pods (the room
 * asked for, those on each node, the pending ones), and under-used consolidation's clocks (each node's
 * last pod event, the loop's next run, a node chosen and waiting for its check, the jobs evicted once).
 * The candidate decision answers the first offer of the job being decided; then the given future
 * arrivals come, and every other decision is the rollout policy's, as {@link Simulation} drives the
 * kernel. A job being placed executor by executor is taken as waiting, its executors placed so far not.
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
    /** The source's job indices to this run's (-1: not carried over), for the last run. */
    private int[] map = new int[0];
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
     * @param current  the job being decided, one of the source's waiting jobs (or executor requests); the
     *                 first offer of it is answered with {@code decision}
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
        KernelClock was = source.clock;
        // The source's jobs that have arrived and not ended, running or waiting, keep their order (job
        // order is arrival order): this run's first jobs, then the future.
        int[] arrived = arrivedJobs(source);
        if (map.length < was.jobs.length) {
            map = new int[was.jobs.length];
        }
        Arrays.fill(map, 0, was.jobs.length, -1);
        jobs.clear();
        for (int j : arrived) {
            map[j] = jobs.size();
            jobs.add(source.givenJobs[j]); // as given: a restart's work and dynamic allocation's stretch count from it
        }
        int arrivedCount = jobs.size();
        jobs.addAll(future);
        kernel.reset(jobs.toArray(new Job[0]), source.allocations.demands());
        KernelClock clock = kernel.clock;
        for (int k = 0; k < arrivedCount; k++) {
            clock.jobs[k] = was.jobs[arrived[k]]; // the work left of a job an interruption stopped
        }
        kernel.allocations.resumeFrom(source.allocations, map);
        ClusterState state = kernel.state();
        if (!sameFuture) {
            state.reset(seed);
        }
        state.resumeFrom(from, sameFuture, drawTraces);
        resumeRunning(source);
        state.keepOpeningTimes(from);
        if (clock.preemptions != null && clock.preemptions.underused() != null) {
            clock.preemptions.underused().resumeFrom(was.preemptions.underused(), map, sameFuture);
        }
        // The waiting queue in the source's order (the order it was sorted into); the arrivals go on after.
        int currentIndex = -1;
        for (int i = 0; i < source.waitingCount(); i++) {
            int k = map[source.waitingJobIndex(i)];
            if (k >= 0) {
                kernel.waiting.add(k);
                currentIndex = source.waitingJob(i) == current ? k : currentIndex;
            }
        }
        if (currentIndex < 0) {
            throw new IllegalArgumentException("job " + current.id() + " is not waiting in the run resumed");
        }
        clock.nextArrival = arrivedCount;
        drive(currentIndex, decision, policy);
        kernel.drain(); // nothing runs: the nodes left go at their consolidation times
        return new Outcome(billedCost(state), kernel.placementOf(currentIndex) != null,
                missed(arrived, arrivedCount, source));
    }

    /** The last run's result from its resume on: the records of the jobs it carried and of the future ones, its node lifetimes. */
    public RunResult result() {
        return kernel.result("resumed", new long[0], 0);
    }

    /** What the capacity did in the last run from its resume on: nodes bought, interruptions, evictions (counts). */
    public CapacityStats capacity() {
        return kernel.capacity();
    }

    /** The source's workload jobs running or waiting now, in job order (a job placed executor by executor waits). */
    private static int[] arrivedJobs(EventKernel source) {
        int n = source.clock.n;
        int[] out = new int[source.running.size() + source.waitingCount()];
        int count = 0;
        for (int i = 0; i < source.running.size(); i++) {
            int j = source.running.jobAt(i);
            if (j < n) {
                out[count++] = j;
            }
        }
        for (int i = 0; i < source.waitingCount(); i++) {
            int j = source.waitingJobIndex(i);
            if (j < n) {
                out[count++] = j;
            }
        }
        out = Arrays.copyOf(out, count);
        Arrays.sort(out);
        return out;
    }

    /**
     * The source's running jobs and executor requests run on here, in job order: the same executors,
     * drivers, start, finish and protections (an interruption here stops them as it would there).
     */
    private void resumeRunning(EventKernel source) {
        int[] running = new int[source.running.size()];
        for (int i = 0; i < running.length; i++) {
            running[i] = source.running.jobAt(i);
        }
        Arrays.sort(running);
        for (int j : running) {
            int k = map[j];
            if (k >= 0) {
                kernel.starts.resumeRunning(k, kernel.clock.jobs[k], source.book, j);
            }
        }
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

    /** Deadlines missed by the jobs that were waiting at the resume and the future ones, a job never started included. */
    private int missed(int[] arrived, int arrivedCount, EventKernel source) {
        int missed = 0;
        for (int k = 0; k < jobs.size(); k++) {
            boolean ranAtResume = k < arrivedCount && !Double.isNaN(source.book.finish[arrived[k]]);
            Job job = jobs.get(k);
            if (!ranAtResume && job.hasDeadline()
                    && (kernel.placementOf(k) == null || Deadlines.missed(job, kernel.book.finish[k]))) {
                missed++;
            }
        }
        return missed;
    }

}

package io.execplace.core.sim;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;

import java.util.Arrays;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.IntPredicate;

/**
 * Dynamic allocation for the {@link EventKernel}: the executors an application adds over its floor
 * and releases again ({@link ExecutorDemand}).
 *
 * <p>When an application with a demand starts, its executors above the floor become <em>executor
 * requests</em>: one per {@link ExecutorDemand.Lifetime}, a job-like entry of the kernel (index {@code
 * n} and up, after the workload's jobs) that arrives at the request time, waits in the queue like any
 * job and is placed by the same policy, executor by executor or whole. Placed, its executors hold
 * their resources until they are released: the lifetime's end plus the idle timeout, or the
 * application's end. A request not placed by then is cancelled (the application no longer wants those
 * executors). The demand's seconds are stretched by the application's actual duration over its base
 * duration; the application's progress does not depend on how soon its added executors come (the
 * demand is what the application asked for, as an event log records it). An application stopped by a
 * spot interruption loses its added executors with it; when it starts again its demand is replayed
 * over what is left of its run.
 *
 * <p>The kernel's bookkeeping for requests is its own per-job bookkeeping (start, finish, executors'
 * VMs), so placement validation, interruptions, node purchases and billing treat them as they treat
 * jobs; only the records, the episode tally and deadline admission leave them out.
 */
final class Allocations {

    private int n;
    private Job[] preparedFrom;
    private Map<Integer, ExecutorDemand> preparedDemands;
    private Job[] jobs = new Job[0];
    private ExecutorDemand[] demandOf = new ExecutorDemand[0];
    private int[] firstRequest = new int[1];
    /** Per request (index - n): when it is no longer wanted, whether it is live, and its run count. */
    private double[] wantedUntil = new double[0];
    /** Per request: when its executors stop being wanted (its release, before the idle timeout). */
    private double[] wantedEnd = new double[0];
    private int[] parentOf = new int[0];
    private boolean[] live = new boolean[0];
    private int[] generation = new int[0];
    private final PriorityQueue<Arrival> arrivals = new PriorityQueue<>();

    private int added;
    private int cancelled;
    private double addedSeconds;

    private record Arrival(double time, int request, int generation) implements Comparable<Arrival> {
        @Override
        public int compareTo(Arrival o) {
            int c = Double.compare(time, o.time);
            return c != 0 ? c : Integer.compare(request, o.request);
        }
    }

    /**
     * The kernel's job array for a run of {@code given}: the given jobs, then one request entry per
     * possible lifetime of each application with a demand (a placeholder sized for the most executors
     * the entry can ask for, so the book's executor offsets hold any of them).
     */
    Job[] prepare(Job[] given, Map<Integer, ExecutorDemand> demands) {
        if (given == preparedFrom && demands == preparedDemands) {
            return jobs;
        }
        n = given.length;
        demandOf = new ExecutorDemand[n];
        firstRequest = new int[n + 1];
        int requests = 0;
        for (int j = 0; j < n; j++) {
            firstRequest[j] = requests;
            ExecutorDemand d = demands.get(given[j].id());
            if (d != null && d.most() > given[j].executors()) {
                demandOf[j] = d;
                requests += d.maxLifetimes(given[j].executors());
            }
        }
        firstRequest[n] = requests;
        // Without requests the kernel runs on the caller's array, as it always did.
        jobs = requests == 0 ? given : Arrays.copyOf(given, n + requests);
        wantedUntil = new double[requests];
        wantedEnd = new double[requests];
        parentOf = new int[requests];
        for (int j = 0; j < n; j++) {
            Arrays.fill(parentOf, firstRequest[j], firstRequest[j + 1], j);
        }
        live = new boolean[requests];
        generation = new int[requests];
        preparedFrom = given;
        preparedDemands = demands;
        return jobs;
    }

    /**
     * Clears the run's requests and counts, and puts the workload's jobs back in the array (an
     * interruption leaves what is left of a stopped job there).
     */
    void reset() {
        added = 0;
        cancelled = 0;
        addedSeconds = 0;
        if (!any()) {
            return;
        }
        arrivals.clear();
        Arrays.fill(live, false);
        System.arraycopy(preparedFrom, 0, jobs, 0, n);
        for (int j = 0; j < n; j++) {
            if (demandOf[j] != null) {
                Job placeholder = preparedFrom[j].withExecutors(demandOf[j].most() - preparedFrom[j].executors());
                Arrays.fill(jobs, n + firstRequest[j], n + firstRequest[j + 1], placeholder);
            }
        }
    }

    /** The executor demands by job id this run was prepared with. */
    Map<Integer, ExecutorDemand> demands() {
        return preparedDemands == null ? Map.of() : preparedDemands;
    }

    /**
     * A resumed run ({@link ResumedRun}, after {@link #reset}) takes over {@code from}'s executor requests
     * of the applications it carries — their entries, whether each is live, until when it is wanted, and
     * the ones still to arrive. {@code map} takes {@code from}'s job indices to this run's (-1: not
     * carried); the requests' are added to it here.
     */
    void resumeFrom(Allocations from, int[] map) {
        for (int j = 0; j < from.n; j++) {
            int k = map[j];
            if (from.demandOf[j] == null || k < 0) {
                continue;
            }
            int count = from.firstRequest[j + 1] - from.firstRequest[j];
            if (demandOf[k] == null || firstRequest[k + 1] - firstRequest[k] != count) {
                throw new IllegalStateException("application " + jobs[k].id() + " has no demand in the resumed run");
            }
            for (int o = 0; o < count; o++) {
                int r = from.firstRequest[j] + o;
                int to = firstRequest[k] + o;
                map[from.n + r] = n + to;
                jobs[n + to] = from.jobs[from.n + r];
                wantedUntil[to] = from.wantedUntil[r];
                wantedEnd[to] = from.wantedEnd[r];
                live[to] = from.live[r];
                generation[to] = from.generation[r];
            }
        }
        for (Arrival a : from.arrivals) {
            if (from.valid(a) && map[a.request()] >= 0) {
                arrivals.add(new Arrival(a.time(), map[a.request()], a.generation()));
            }
        }
    }

    /** True when {@code j} is an executor request rather than a workload job. */
    boolean isRequest(int j) {
        return j >= n;
    }

    /** How many of the running entries are executor requests. */
    int requestsAmong(CompletionQueue running) {
        int requests = 0;
        for (int i = 0; any() && i < running.size(); i++) {
            requests += isRequest(running.jobAt(i)) ? 1 : 0;
        }
        return requests;
    }

    /** True when the run has any application with a demand above its floor. */
    boolean any() {
        return firstRequest[n] > 0;
    }

    /** When request {@code j}'s executors are no longer wanted (released, or cancelled if not placed). */
    double wantedUntil(int j) {
        return wantedUntil[j - n];
    }

    /** Job or request {@code j} as it stands in the kernel's array. */
    Job job(int j) {
        return jobs[j];
    }

    /** The application request {@code j} belongs to. */
    int parentOf(int j) {
        return parentOf[j - n];
    }

    /** The requests of application {@code j}: indices {@code from} (inclusive) to {@code to} (exclusive). */
    int requestsFrom(int j) {
        return n + firstRequest[j];
    }

    int requestsTo(int j) {
        return n + firstRequest[j + 1];
    }

    /** True while request {@code j} is made and not yet released or cancelled. */
    boolean live(int j) {
        return live[j - n];
    }

    /**
     * Executor-seconds of work request {@code j}'s executors did not do because they came at {@code
     * servedFrom} (or never, +infinity) rather than when asked for.
     */
    double missedWork(int j, double servedFrom) {
        Job request = jobs[j];
        return request.executors() * Math.max(0, Math.min(servedFrom, wantedEnd[j - n]) - request.arrival());
    }

    /** The application's end moved from {@code oldEnd} to {@code newEnd}: requests that lasted to the end follow. */
    void endMoved(int parent, double oldEnd, double newEnd) {
        for (int r = requestsFrom(parent); r < requestsTo(parent); r++) {
            if (live[r - n] && wantedUntil[r - n] == oldEnd) {
                wantedUntil[r - n] = newEnd;
                wantedEnd[r - n] = newEnd;
            }
        }
    }

    /** The time of the next request, or +infinity. */
    double nextArrival() {
        while (!arrivals.isEmpty() && !valid(arrivals.peek())) {
            arrivals.poll();
        }
        return arrivals.isEmpty() ? Double.POSITIVE_INFINITY : arrivals.peek().time();
    }

    private boolean valid(Arrival a) {
        return generation[a.request() - n] == a.generation() && live[a.request() - n];
    }

    /** Queues every request due by {@code t}. */
    void arriveUntil(double t, WaitingQueue waiting) {
        while (nextArrival() <= t) {
            waiting.add(arrivals.poll().request());
        }
    }

    /**
     * Application {@code j} starts at {@code start} and runs {@code duration} seconds: its requests are
     * made, each arriving at its lifetime's start.
     */
    void started(int j, double start, double duration, JobBook book, Cluster cluster) {
        ExecutorDemand demand = j < n ? demandOf[j] : null;
        if (demand == null) {
            return;
        }
        Job app = preparedFrom[j];
        double stretch = duration / app.baseDuration();
        double end = start + duration;
        int r = n + firstRequest[j];
        for (ExecutorDemand.Lifetime l : demand.lifetimes(app.executors(), app.baseDuration())) {
            double from = start + stretch * l.from();
            boolean toEnd = l.until() >= app.baseDuration();
            double until = toEnd ? end : Math.min(end, start + stretch * l.until() + demand.idleTimeoutSeconds());
            wantedEnd[r - n] = toEnd ? end : Math.min(end, start + stretch * l.until());
            Job request = new Job(app.id(), app.type(), from, l.count(), app.coresPerExecutor(),
                    app.memoryGbPerExecutor(), until - from, app.deadline());
            jobs[r] = request;
            // A restarted application's requests start afresh: none of its earlier run's is placed.
            book.start[r] = Double.NaN;
            book.finish[r] = Double.NaN;
            book.fitsEmpty[r] = cluster.executorCapacityWhenEmpty(app.coresPerExecutor(), app.memoryGbPerExecutor())
                    >= l.count();
            int k = r - n;
            wantedUntil[k] = until;
            live[k] = true;
            generation[k]++;
            arrivals.add(new Arrival(from, r, generation[k]));
            r++;
        }
    }

    /** Request {@code j} was placed; its executors run from {@code start} to their release. */
    void placed(int j, double start) {
        added += jobs[j].executors();
        addedSeconds += jobs[j].executors() * (wantedUntil(j) - start);
    }

    /** Placed request {@code j} runs {@code seconds} longer (its application's end moved). */
    void ranLonger(int j, double seconds) {
        addedSeconds += jobs[j].executors() * seconds;
    }

    /** Request {@code j} ended (released, or cancelled before it was placed). */
    void ended(int j, boolean placed) {
        live[j - n] = false;
        if (!placed) {
            cancelled += jobs[j].executors();
        }
    }

    /**
     * The live requests of applications that no longer run (stopped by an interruption), for the
     * kernel to take back (and end with {@link #ended}).
     *
     * @param running whether a job index runs now
     */
    int[] orphans(IntPredicate running) {
        int[] out = new int[0];
        for (int j = 0; j < n; j++) {
            if (demandOf[j] == null || running.test(j)) {
                continue;
            }
            for (int r = n + firstRequest[j]; r < n + firstRequest[j + 1]; r++) {
                if (live[r - n]) {
                    out = Arrays.copyOf(out, out.length + 1);
                    out[out.length - 1] = r;
                }
            }
        }
        return out;
    }

    /** Adds what dynamic allocation did in the run to {@code stats}. */
    CapacityStats.Builder addTo(CapacityStats.Builder stats) {
        return stats.executorsAdded(added).executorsCancelled(cancelled).addedExecutorHours(addedSeconds / 3600);
    }
}

package io.execplace.core.sim;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.rules.DurationModel;

/**
 * How the {@link EventKernel} starts and ends what runs: a job placed whole or executor by executor,
 * and an executor request of dynamic allocation — when their executors can start (the last node
 * they need is ready), the duration the layout earns, the records written, the completion queued, the
 * episode tally, the application's own executor requests made; and the executors freed at the end.
 * The kernel keeps the queue side (which job, admission, removal from the queue).
 */
final class JobStarts {

    private final ClusterState state;
    private final JobBook book;
    private final CompletionQueue running;
    private final StartTally tally;
    private final Allocations allocations;
    private final Cluster cluster;
    private final DurationModel durationModel;
    private final boolean elastic;
    private final boolean[] localVm;
    private final DriverPods drivers;

    JobStarts(ClusterState state, JobBook book, CompletionQueue running, StartTally tally, Allocations allocations,
              Cluster cluster, DurationModel durationModel) {
        this.state = state;
        this.book = book;
        this.running = running;
        this.tally = tally;
        this.allocations = allocations;
        this.cluster = cluster;
        this.durationModel = durationModel;
        this.elastic = cluster.isElastic();
        this.localVm = new boolean[cluster.size()];
        this.drivers = new DriverPods(state, cluster);
        for (int i = 0; i < localVm.length; i++) {
            localVm[i] = cluster.vm(i).site() == Site.LOCAL;
        }
    }

    /** The applications' driver pods (off unless the pools model them). */
    DriverPods drivers() {
        return drivers;
    }

    /** When a placement's executors can start: now, or when the last node it needs (its driver's too) is ready (elastic). */
    double readyAt(Placement p) {
        double at = state.now();
        if (elastic) {
            for (int i = 0; i < p.executors(); i++) {
                at = Math.max(at, state.nodes().readyAt(p.vm(i), state.now()));
            }
            if (p.hasDriver()) {
                at = Math.max(at, state.nodes().readyAt(p.driverVm(), state.now()));
            }
        }
        return at;
    }

    /**
     * {@link #readyAt} for the first {@code count} executors of job {@code j} placed one by one, read
     * from the book without building a placement (a job start of an environment step allocates nothing).
     */
    private double readyAtPlaced(int j, int count) {
        double at = state.now();
        if (elastic) {
            int from = book.offset[j];
            for (int i = 0; i < count; i++) {
                at = Math.max(at, state.nodes().readyAt(book.executorVm[from + i], state.now()));
            }
        }
        return at;
    }

    /** The duration job {@code job} would run with placement {@code p}. */
    double duration(Job job, Placement p) {
        return durationModel.duration(job, p, cluster);
    }

    /** Starts job {@code j} with a whole placement at {@code at} (its nodes ready then). */
    void startWhole(int j, Job job, Placement p, double at, double duration) {
        record(j, p);
        state.start(job, p, at + duration);
        if (p.hasDriver() && drivers.on()) {
            drivers.start(j, p.driverVm(), at + duration);
        }
        started(j, job, at, duration, DurationModel.matchesType(job, p));
    }

    /**
     * A resumed run's ({@link ResumedRun}) job or executor request {@code k} is {@code from}'s {@code j},
     * running now: the same executors, driver, start, finish and protections, its pods back on their nodes.
     */
    void resumeRunning(int k, Job job, JobBook from, int j) {
        book.copyRunning(k, from, j, job.executors());
        Placement p = book.placementOf(k);
        double finish = book.finish[k];
        state.start(job, p, finish);
        if (p.hasDriver() && drivers.on()) {
            drivers.start(k, p.driverVm(), finish);
        }
        running.add(k, finish);
    }

    /**
     * Starts job {@code j}, whose {@code job.executors()} executors were placed one by one (they hold
     * their resources already), with the duration its layout earns; on pools with driver pods its
     * driver goes on {@code driverVm} now ({@code -1}: none), and the job starts once that node is ready too.
     */
    void startPlaced(int j, Job job, int driverVm) {
        int from = book.offset[j];
        int e = job.executors();
        boolean matches = DurationModel.matchesType(job, e, DurationModel.distinctVms(book.executorVm, from, e));
        double duration = durationModel.duration(job, matches, allLocal(j, e));
        double startTime = readyAtPlaced(j, e);
        if (driverVm >= 0) {
            startTime = Math.max(startTime, state.nodes().readyAt(driverVm, state.now()));
        }
        double finishTime = startTime + duration;
        for (int i = 0; i < e; i++) {
            state.extendBusyUntil(book.executorVm[from + i], finishTime);
        }
        if (driverVm >= 0) {
            drivers.start(j, driverVm, finishTime);
            book.placement[j] = book.placementSoFar(j, e).withDriver(driverVm);
        }
        started(j, job, startTime, duration, matches);
    }

    /** Places executor request {@code j} whole; false when it could start only once no longer wanted (cancelled). */
    boolean startRequest(int j, Job request, Placement p) {
        double at = readyAt(p);
        double until = allocations.wantedUntil(j);
        if (at >= until) {
            cancel(j);
            return false;
        }
        record(j, p);
        state.start(request, p, until);
        requestStarted(j, at, until);
        catchUp(j, at);
        return true;
    }

    /**
     * Starts executor request {@code j}, whose executors were placed one by one; when they could start
     * only once no longer wanted, they are freed and the request cancelled (false).
     */
    boolean startPlacedRequest(int j, Job request) {
        int from = book.offset[j];
        int e = request.executors();
        double at = readyAtPlaced(j, e);
        double until = allocations.wantedUntil(j);
        if (at >= until) {
            free(j, request, e);
            cancel(j);
            return false;
        }
        for (int i = 0; i < e; i++) {
            state.extendBusyUntil(book.executorVm[from + i], until);
        }
        requestStarted(j, at, until);
        catchUp(j, at);
        return true;
    }

    /**
     * Request {@code j} is cancelled: its executors never came, and its application makes up their
     * work (see {@link #catchUp}).
     */
    void cancel(int j) {
        catchUp(j, Double.POSITIVE_INFINITY);
        allocations.ended(j, false);
    }

    /**
     * Work conservation: the executor-seconds request {@code j}'s executors did not do because they
     * came at {@code servedFrom} rather than when asked for are done at the end of its application's
     * run by the executors it holds then (with request {@code j}'s, when placed), so its end moves later
     * by that work over their number.
     */
    private void catchUp(int j, double servedFrom) {
        int app = allocations.parentOf(j);
        double missed = allocations.missedWork(j, servedFrom);
        if (missed <= 0 || Double.isNaN(book.finish[app])) {
            return;
        }
        double oldEnd = book.finish[app];
        moveEnd(app, oldEnd, oldEnd + missed / executorsHeld(app));
    }

    /** Executors application {@code app} holds now: its floor and its placed requests'. */
    private int executorsHeld(int app) {
        int held = allocations.job(app).executors();
        for (int r = allocations.requestsFrom(app); r < allocations.requestsTo(app); r++) {
            if (allocations.live(r) && !Double.isNaN(book.finish[r])) {
                held += allocations.job(r).executors();
            }
        }
        return held;
    }

    /**
     * Job or request {@code j} reached its end: its executors are freed — unless it is an application
     * whose requests were not all served, which runs on to make up their work (false; its end moved).
     */
    boolean completes(int j, Job job) {
        if (!allocations.isRequest(j) && allocations.any()) {
            double missed = 0;
            for (int r = allocations.requestsFrom(j); r < allocations.requestsTo(j); r++) {
                if (allocations.live(r) && Double.isNaN(book.finish[r])) {
                    missed += allocations.missedWork(r, Double.POSITIVE_INFINITY);
                    allocations.ended(r, false);
                }
            }
            if (missed > 0) {
                double end = book.finish[j];
                running.add(j, end);
                moveEnd(j, end, end + missed / executorsHeld(j));
                return false;
            }
        }
        finished(j, job);
        return true;
    }

    /** Application {@code app} now ends at {@code newEnd}: it and the requests that last to its end run on. */
    void moveEnd(int app, double oldEnd, double newEnd) {
        rekey(app, newEnd);
        tally.endMoved(allocations.job(app), oldEnd, newEnd);
        for (int r = allocations.requestsFrom(app); r < allocations.requestsTo(app); r++) {
            if (allocations.live(r) && allocations.wantedUntil(r) == oldEnd && !Double.isNaN(book.finish[r])) {
                rekey(r, newEnd);
            }
        }
        allocations.endMoved(app, oldEnd, newEnd);
    }

    private void rekey(int j, double finish) {
        if (allocations.isRequest(j)) {
            allocations.ranLonger(j, finish - book.finish[j]);
        }
        running.remove(j);
        running.add(j, finish);
        book.finish[j] = finish;
        int from = book.offset[j];
        for (int i = 0; i < allocations.job(j).executors(); i++) {
            state.extendBusyUntil(book.executorVm[from + i], finish);
        }
        drivers.extend(j, finish);
    }

    private void requestStarted(int j, double at, double until) {
        book.start[j] = at;
        book.finish[j] = until;
        running.add(j, until);
        allocations.placed(j, at);
    }

    private void record(int j, Placement p) {
        int from = book.offset[j];
        for (int i = 0; i < p.executors(); i++) {
            book.executorVm[from + i] = p.vm(i);
        }
        book.placement[j] = p;
        if (p.hasProtection() || book.anyProtection) {
            // A pod's start (Karpenter's clock for a do-not-disrupt duration): bound now, or once its node is ready.
            double[] startOf = new double[p.executors()];
            for (int i = 0; i < startOf.length; i++) {
                startOf[i] = elastic ? state.nodes().readyAt(p.vm(i), state.now()) : state.now();
                startOf[i] = Math.max(state.now(), startOf[i]);
            }
            book.protect(j, p, startOf);
        }
    }

    private void started(int j, Job job, double startTime, double duration, boolean matches) {
        book.start[j] = startTime;
        book.finish[j] = startTime + duration;
        running.add(j, book.finish[j]);
        tally.started(job, duration, book.finish[j], matches);
        allocations.started(j, startTime, duration, book, cluster);
    }

    /** True when the first {@code count} executors of job {@code j} are all on local VMs. */
    boolean allLocal(int j, int count) {
        int from = book.offset[j];
        for (int i = 0; i < count; i++) {
            if (!localVm[book.executorVm[from + i]]) {
                return false;
            }
        }
        return true;
    }

    /** Frees the first {@code count} executors of job {@code j}. */
    void free(int j, Job job, int count) {
        int from = book.offset[j];
        for (int i = 0; i < count; i++) {
            state.removeExecutor(book.executorVm[from + i], job);
        }
    }

    /** Job or request {@code j} completed: its executors are freed. */
    void finished(int j, Job job) {
        free(j, job, job.executors());
        drivers.free(j);
        if (allocations.isRequest(j)) {
            allocations.ended(j, true);
        }
    }

    /**
     * A running request no longer wanted (its application was stopped): its executors go and it is
     * off the completion queue.
     */
    void takeBack(int j, Job request) {
        free(j, request, request.executors());
        running.remove(j);
        book.start[j] = Double.NaN;
        book.finish[j] = Double.NaN;
        allocations.ended(j, true);
    }
}

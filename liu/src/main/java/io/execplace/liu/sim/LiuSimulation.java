package io.execplace.liu.sim;

import io.execplace.liu.model.AppCategory;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.core.sim.CompletionQueue;

import java.util.Arrays;
import java.util.List;

/**
 * Runs a LIU episode slice by slice and stops whenever the global manager must decide.
 *
 * <p>One slice {@code t}: (1) runs finishing at {@code t} release their executors, streaming batches
 * due at {@code t} join their cluster's FIFO queue, applications arriving at {@code t} join the
 * global pool; (2) every cluster starts runs from the head of its queue; (3) if the pool is not
 * empty the manager dispatches <em>one</em> application ({@link #dispatch}), whose first run joins
 * the chosen cluster's queue at once; (4) the slice's occupation is recorded and time moves on.
 * Slices in which nothing can happen are skipped in one jump (their occupation is constant, so the
 * statistics are exact).
 *
 * <p>Stretch model: the head run wanting {@code e} executors starts once at least
 * {@code ceil(minShare · min(e, size))} are free, takes {@code g = min(e, free)} and keeps them
 * until it finishes {@code ceil(occupation · e / g)} slices later (its work {@code occupation · e}
 * is conserved, so a run wanting more than the whole cluster always stretches). Its
 * running-time ratio is {@code (finish − start) / occupation}. A time-critical run misses its
 * deadline when it finishes more than {@code deadline} slices after the application's arrival, a
 * streaming batch when more than {@code deadline} after its release; the miss counts at the finish.
 * Not thread-safe; {@link #reset} reuses the arrays.
 */
public final class LiuSimulation implements LiuView {

    /** Slices of occupation history kept per cluster (Table I). */
    public static final int HISTORY = 100;
    /** Default share of its demand a run must get before it starts. */
    public static final double DEFAULT_MIN_SHARE = 0.5;

    private final ExecutorClusters clusters;
    private final double minShare;
    private final int c;
    // The fields without an access modifier are ClusterOutlook's to read: it plays a cluster's
    // committed work forward from them. Nothing else outside this class touches them.
    final int[] capacity;
    final int[] used;
    private final int[] missedOnCluster;
    private final OccupationHistory history;

    List<LiuApp> apps;
    int now;
    private int nextArrival;
    /** Applications that arrive in this episode: all of them, or for a look-ahead copy only those already arrived. */
    private int arriving;
    private final WaitingPool pool = new WaitingPool();
    final IntFifo[] queues;
    // Per cluster the runs created on it that are not known to have finished, ascending: what the
    // outlook plays forward, so that it costs the cluster's live runs, not the whole episode's.
    private final IntFifo[] live;
    private final CompletionQueue releases = new CompletionQueue();
    private final CompletionQueue completions = new CompletionQueue();
    final RunTable runs = new RunTable();
    final EpisodeLedger ledger = new EpisodeLedger();
    private boolean decisionPending;

    public LiuSimulation(ExecutorClusters clusters) {
        this(clusters, DEFAULT_MIN_SHARE);
    }

    /**
     * @param minShare share of its (capped) demand a run must get to start, in (0, 1]; 1 means a run
     *                 always waits for all its executors and never stretches
     */
    public LiuSimulation(ExecutorClusters clusters, double minShare) {
        if (!(minShare > 0 && minShare <= 1)) {
            throw new IllegalArgumentException("minimum share must be in (0, 1], got " + minShare);
        }
        this.clusters = clusters;
        this.minShare = minShare;
        this.c = clusters.count();
        this.capacity = clusters.slots();
        this.used = new int[c];
        this.missedOnCluster = new int[c];
        this.history = new OccupationHistory(c, HISTORY);
        this.queues = new IntFifo[c];
        this.live = new IntFifo[c];
        for (int k = 0; k < c; k++) {
            queues[k] = new IntFifo();
            live[k] = new IntFifo();
        }
    }

    public ExecutorClusters clusters() {
        return clusters;
    }

    public double minShare() {
        return minShare;
    }

    /** Starts an episode with these applications (sorted by arrival) and runs to the first decision. */
    public void reset(List<LiuApp> workload) {
        for (int i = 1; i < workload.size(); i++) {
            if (workload.get(i).arrival() < workload.get(i - 1).arrival()) {
                throw new IllegalArgumentException("applications must be sorted by arrival");
            }
        }
        this.apps = workload;
        int n = workload.size();
        now = 0;
        nextArrival = 0;
        arriving = n;
        pool.clear();
        runs.clear();
        history.clear();
        Arrays.fill(used, 0);
        Arrays.fill(missedOnCluster, 0);
        for (int k = 0; k < c; k++) {
            queues[k].clear();
            live[k].clear();
        }
        releases.clear();
        completions.clear();
        ledger.reset(n);
        decisionPending = false;
        advance();
    }

    /**
     * Makes this simulation (of the same clusters and minimum share) an exact copy of {@code other}
     * mid-episode, so that a look-ahead can play candidate decisions forward from the same state
     * without disturbing it. The copy shares the (immutable) workload.
     */
    public void copyFrom(LiuSimulation other) {
        if (other.c != c || other.minShare != minShare || !Arrays.equals(other.capacity, capacity)) {
            throw new IllegalArgumentException("copies only between simulations of the same clusters and minimum share");
        }
        System.arraycopy(other.used, 0, used, 0, c);
        System.arraycopy(other.missedOnCluster, 0, missedOnCluster, 0, c);
        history.copyFrom(other.history);
        apps = other.apps;
        now = other.now;
        nextArrival = other.nextArrival;
        arriving = other.arriving;
        pool.copyFrom(other.pool);
        for (int k = 0; k < c; k++) {
            queues[k].copyFrom(other.queues[k]);
            live[k].copyFrom(other.live[k]);
        }
        releases.copyFrom(other.releases);
        completions.copyFrom(other.completions);
        runs.copyFrom(other.runs);
        ledger.copyFrom(other.ledger);
        decisionPending = other.decisionPending;
    }

    /**
     * Makes this simulation a copy of {@code other} in which no further application arrives: a
     * look-ahead that plays out what is known now (the committed work and the waiting pool) without
     * seeing the future. Its episode ends when the applications arrived so far have finished.
     */
    public void copyWithoutArrivals(LiuSimulation other) {
        copyFrom(other);
        arriving = nextArrival;
    }

    /** True while the episode runs: a decision is pending. False once every application has finished. */
    public boolean decisionPending() {
        return decisionPending;
    }

    /** True when every application has finished all its runs. */
    public boolean finished() {
        return apps != null && ledger.finished() == arriving;
    }

    /** The current slice. */
    @Override
    public int now() {
        return now;
    }

    /** Applications waiting in the global pool, in arrival order. */
    @Override
    public int waitingCount() {
        return pool.size();
    }

    /** The {@code k}-th waiting application. */
    @Override
    public LiuApp waiting(int k) {
        return apps.get(pool.get(k));
    }

    @Override
    public int clusterCount() {
        return c;
    }

    @Override
    public int capacity(int cluster) {
        return capacity[cluster];
    }

    /** Executors busy now. */
    @Override
    public int used(int cluster) {
        return used[cluster];
    }

    /** Runs queued on a cluster and not yet started. */
    @Override
    public int queued(int cluster) {
        return queues[cluster].size();
    }

    /** Deadlines missed so far by runs of this cluster. */
    @Override
    public int missedDeadlines(int cluster) {
        return missedOnCluster[cluster];
    }

    /** Deadlines missed so far in all clusters. */
    public int missedDeadlines() {
        return ledger.misses();
    }

    /** Slices of history available (at most {@link #HISTORY}). */
    @Override
    public int historyLength() {
        return history.available();
    }

    /**
     * Busy executors of a cluster {@code age} slices ago ({@code age = 1} is the latest recorded
     * slice, up to {@link #historyLength()}).
     */
    @Override
    public int usedAgo(int cluster, int age) {
        return history.usedAgo(cluster, age);
    }

    /** Mean busy executors over the latest {@link #HISTORY} slices (the current count before any is recorded). */
    @Override
    public double meanUsed(int cluster) {
        int n = historyLength();
        return n == 0 ? used[cluster] : (double) history.sum(cluster) / n;
    }

    /**
     * Dispatches the {@code k}-th waiting application to a cluster, then finishes the slice and runs
     * to the next decision.
     */
    public void dispatch(int k, int cluster) {
        if (!decisionPending) {
            throw new IllegalStateException("no decision is pending");
        }
        int a = pool.get(k);
        if (cluster < 0 || cluster >= c) {
            throw new IllegalArgumentException("cluster " + cluster + " is not in 0.." + (c - 1));
        }
        pool.remove(k);
        LiuApp app = apps.get(a);
        ledger.dispatched(a, cluster, now, app.runs());
        for (int r = 0; r < app.runs(); r++) {
            int run = runs.add(a, r, now + app.releaseOffset(r));
            live[cluster].add(run);
            if (r == 0) {
                queues[cluster].add(run);
            } else {
                releases.add(run, runs.release[run]);
            }
        }
        startRuns(cluster);
        decisionPending = false;
        history.record(1, used);
        now++;
        advance();
    }

    /** The runs of a cluster that have not finished by now, ascending (finished ones are dropped here). */
    IntFifo liveRuns(int cluster) {
        IntFifo l = live[cluster];
        for (int i = l.size(); i > 0; i--) {
            int r = l.poll();
            if (runs.start[r] < 0 || runs.finish[r] > now) {
                l.add(r);
            }
        }
        return l;
    }

    /** Runs slices until a decision is pending or the episode is over. */
    private void advance() {
        while (!finished()) {
            processEvents();
            if (finished()) {
                break;
            }
            for (int k = 0; k < c; k++) {
                startRuns(k);
            }
            if (pool.size() > 0) {
                decisionPending = true;
                return;
            }
            int next = nextEventTime();
            if (next == Integer.MAX_VALUE) {
                throw new IllegalStateException("episode stalled at slice " + now + ": nothing runs or arrives ("
                        + ledger.finished() + " of " + apps.size() + " applications finished, queued "
                        + Arrays.stream(queues).mapToInt(IntFifo::size).sum() + ", used " + Arrays.toString(used) + ")");
            }
            history.record(next - now, used);
            now = next;
        }
        decisionPending = false;
    }

    private int nextEventTime() {
        int next = Integer.MAX_VALUE;
        if (nextArrival < arriving) {
            next = apps.get(nextArrival).arrival();
        }
        if (!releases.isEmpty()) {
            next = Math.min(next, (int) releases.peekFinish());
        }
        if (!completions.isEmpty()) {
            next = Math.min(next, (int) completions.peekFinish());
        }
        return Math.max(next, now + 1);
    }

    private void processEvents() {
        while (!completions.isEmpty() && completions.peekFinish() <= now) {
            complete(completions.poll());
        }
        while (!releases.isEmpty() && releases.peekFinish() <= now) {
            int run = releases.poll();
            queues[ledger.clusterOf(runs.app[run])].add(run);
        }
        while (nextArrival < arriving && apps.get(nextArrival).arrival() <= now) {
            pool.add(nextArrival++);
        }
    }

    private void startRuns(int k) {
        IntFifo q = queues[k];
        while (!q.isEmpty()) {
            int run = q.peek();
            LiuApp app = apps.get(runs.app[run]);
            int want = app.runDemand(runs.index[run]);
            int free = capacity[k] - used[k];
            if (!SliceRules.startsNow(minShare, want, free, capacity[k])) {
                return; // FIFO: the head blocks the queue
            }
            q.poll();
            int granted = Math.min(want, free);
            used[k] += granted;
            runs.start[run] = now;
            runs.granted[run] = granted;
            int length = SliceRules.stretchedLength(app.occupation(), want, granted);
            ledger.granted(granted, length);
            runs.finish[run] = now + length;
            completions.add(run, now + length);
        }
    }

    private void complete(int run) {
        int a = runs.app[run];
        LiuApp app = apps.get(a);
        int k = ledger.clusterOf(a);
        used[k] -= runs.granted[run];
        int length = now - runs.start[run];
        boolean missed = SliceRules.missed(app, runs.release[run], now);
        if (missed) {
            missedOnCluster[k]++;
        }
        ledger.runFinished(a, now, (double) length / app.occupation(), app.category().timeCritical(), missed);
    }

    /**
     * What would happen on one cluster from now on if {@code candidate} (a waiting application, or
     * null for none) were dispatched to it now and nothing else were dispatched any more: the
     * cluster's committed runs (running, queued, streaming batches still to be released) and the
     * candidate's, played out by the cluster's FIFO and stretch rules. It reads more than a
     * manager's state (Table I): the queues and the batch schedule. Only reference managers that
     * show what a manager could achieve use it (docs/liu.md, "Headroom"); the simulation is not changed.
     */
    public Outlook outlook(int cluster, LiuApp candidate) {
        return new ClusterOutlook(this, cluster).play(candidate);
    }

    /** The finished episode's records; only once {@link #finished()}. */
    public LiuEpisode episode() {
        if (!finished()) {
            throw new IllegalStateException("the episode has not finished");
        }
        return ledger.episode(apps, now, RunLog.of(this));
    }
}

package io.execplace.core.liu.sim;

import io.execplace.core.liu.AppCategory;
import io.execplace.core.liu.ExecutorClusters;
import io.execplace.core.liu.LiuApp;
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
    private final int[] capacity;
    private final int[] used;
    private final int[] missedOnCluster;
    private final int[][] history;
    private final long[] historySum;
    private int recorded;
    private int head;

    private List<LiuApp> apps;
    private int now;
    private int nextArrival;
    private int[] pool = new int[16];
    private int poolSize;
    private final IntFifo[] queues;
    private final CompletionQueue releases = new CompletionQueue();
    private final CompletionQueue completions = new CompletionQueue();
    private int runs;
    private int[] runApp = new int[64];
    private int[] runIndex = new int[64];
    private int[] runRelease = new int[64];
    private int[] runStart = new int[64];
    private int[] runGranted = new int[64];
    private int[] runFinish = new int[64];
    private int[] appCluster;
    private int[] appDispatch;
    private int[] appEnd;
    private int[] appRunsLeft;
    private int[] appMissed;
    private double[] appRatioSum;
    private int[] missTimes = new int[64];
    private int misses;
    private long executorSlices;
    private int deadlineRuns;
    private int finishedApps;
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
        this.history = new int[c][HISTORY];
        this.historySum = new long[c];
        this.queues = new IntFifo[c];
        for (int k = 0; k < c; k++) {
            queues[k] = new IntFifo();
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
        poolSize = 0;
        runs = 0;
        misses = 0;
        executorSlices = 0;
        deadlineRuns = 0;
        finishedApps = 0;
        recorded = 0;
        head = 0;
        Arrays.fill(used, 0);
        Arrays.fill(missedOnCluster, 0);
        Arrays.fill(historySum, 0);
        for (IntFifo q : queues) {
            q.clear();
        }
        releases.clear();
        completions.clear();
        appCluster = new int[n];
        appDispatch = new int[n];
        appEnd = new int[n];
        appRunsLeft = new int[n];
        appMissed = new int[n];
        appRatioSum = new double[n];
        Arrays.fill(appCluster, -1);
        Arrays.fill(appEnd, -1);
        decisionPending = false;
        advance();
    }

    /** True while the episode runs: a decision is pending. False once every application has finished. */
    public boolean decisionPending() {
        return decisionPending;
    }

    /** True when every application has finished all its runs. */
    public boolean finished() {
        return apps != null && finishedApps == apps.size();
    }

    /** The current slice. */
    @Override
    public int now() {
        return now;
    }

    /** Applications waiting in the global pool, in arrival order. */
    @Override
    public int waitingCount() {
        return poolSize;
    }

    /** The {@code k}-th waiting application. */
    @Override
    public LiuApp waiting(int k) {
        if (k < 0 || k >= poolSize) {
            throw new IndexOutOfBoundsException("waiting application " + k + " of " + poolSize);
        }
        return apps.get(pool[k]);
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
        return misses;
    }

    /** Slices of history available (at most {@link #HISTORY}). */
    @Override
    public int historyLength() {
        return Math.min(recorded, HISTORY);
    }

    /**
     * Busy executors of a cluster {@code age} slices ago ({@code age = 1} is the latest recorded
     * slice, up to {@link #historyLength()}).
     */
    @Override
    public int usedAgo(int cluster, int age) {
        if (age < 1 || age > historyLength()) {
            throw new IndexOutOfBoundsException("no occupation record " + age + " slices ago");
        }
        return history[cluster][Math.floorMod(head - age, HISTORY)];
    }

    /** Mean busy executors over the latest {@link #HISTORY} slices (the current count before any is recorded). */
    @Override
    public double meanUsed(int cluster) {
        int n = historyLength();
        return n == 0 ? used[cluster] : (double) historySum[cluster] / n;
    }

    /**
     * Dispatches the {@code k}-th waiting application to a cluster, then finishes the slice and runs
     * to the next decision.
     */
    public void dispatch(int k, int cluster) {
        if (!decisionPending) {
            throw new IllegalStateException("no decision is pending");
        }
        if (k < 0 || k >= poolSize) {
            throw new IndexOutOfBoundsException("waiting application " + k + " of " + poolSize);
        }
        if (cluster < 0 || cluster >= c) {
            throw new IllegalArgumentException("cluster " + cluster + " is not in 0.." + (c - 1));
        }
        int a = pool[k];
        System.arraycopy(pool, k + 1, pool, k, poolSize - k - 1);
        poolSize--;
        LiuApp app = apps.get(a);
        appCluster[a] = cluster;
        appDispatch[a] = now;
        appRunsLeft[a] = app.runs();
        for (int r = 0; r < app.runs(); r++) {
            int run = newRun(a, r, now + app.releaseOffset(r));
            if (r == 0) {
                queues[cluster].add(run);
            } else {
                releases.add(run, runRelease[run]);
            }
        }
        startRuns(cluster);
        decisionPending = false;
        record(1);
        now++;
        advance();
    }

    private int newRun(int app, int r, int release) {
        if (runs == runApp.length) {
            int n = runs * 2;
            runApp = Arrays.copyOf(runApp, n);
            runIndex = Arrays.copyOf(runIndex, n);
            runRelease = Arrays.copyOf(runRelease, n);
            runStart = Arrays.copyOf(runStart, n);
            runGranted = Arrays.copyOf(runGranted, n);
            runFinish = Arrays.copyOf(runFinish, n);
        }
        runApp[runs] = app;
        runIndex[runs] = r;
        runRelease[runs] = release;
        runStart[runs] = -1;
        return runs++;
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
            if (poolSize > 0) {
                decisionPending = true;
                return;
            }
            int next = nextEventTime();
            if (next == Integer.MAX_VALUE) {
                throw new IllegalStateException("episode stalled at slice " + now + ": nothing runs or arrives ("
                        + finishedApps + " of " + apps.size() + " applications finished, queued "
                        + Arrays.stream(queues).mapToInt(IntFifo::size).sum() + ", used " + Arrays.toString(used) + ")");
            }
            record(next - now);
            now = next;
        }
        decisionPending = false;
    }

    private int nextEventTime() {
        int next = Integer.MAX_VALUE;
        if (nextArrival < apps.size()) {
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
            queues[appCluster[runApp[run]]].add(run);
        }
        while (nextArrival < apps.size() && apps.get(nextArrival).arrival() <= now) {
            if (poolSize == pool.length) {
                pool = Arrays.copyOf(pool, poolSize * 2);
            }
            pool[poolSize++] = nextArrival++;
        }
    }

    private void startRuns(int k) {
        IntFifo q = queues[k];
        while (!q.isEmpty()) {
            int run = q.peek();
            LiuApp app = apps.get(runApp[run]);
            int want = app.runDemand(runIndex[run]);
            int free = capacity[k] - used[k];
            // A run wanting more than the whole cluster is judged against the cluster's size.
            if (free < (int) Math.ceil(minShare * Math.min(want, capacity[k]) - 1e-9)) {
                return; // FIFO: the head blocks the queue
            }
            q.poll();
            int granted = Math.min(want, free);
            used[k] += granted;
            runStart[run] = now;
            runGranted[run] = granted;
            long work = (long) app.occupation() * want;
            int length = (int) ((work + granted - 1) / granted);
            executorSlices += (long) granted * length;
            runFinish[run] = now + length;
            completions.add(run, now + length);
        }
    }

    private void complete(int run) {
        int a = runApp[run];
        LiuApp app = apps.get(a);
        int k = appCluster[a];
        used[k] -= runGranted[run];
        int length = now - runStart[run];
        appRatioSum[a] += (double) length / app.occupation();
        boolean missed = switch (app.category()) {
            case REGULAR -> false;
            case TIME_CRITICAL -> now - app.arrival() > app.deadline();
            case STREAMING -> now - runRelease[run] > app.deadline();
        };
        if (app.category().timeCritical()) {
            deadlineRuns++;
        }
        if (missed) {
            appMissed[a]++;
            missedOnCluster[k]++;
            if (misses == missTimes.length) {
                missTimes = Arrays.copyOf(missTimes, misses * 2);
            }
            missTimes[misses++] = now;
        }
        if (--appRunsLeft[a] == 0) {
            appEnd[a] = now;
            finishedApps++;
        }
    }

    private void record(int slices) {
        int n = Math.min(slices, HISTORY);
        for (int k = 0; k < c; k++) {
            int[] h = history[k];
            for (int s = 0; s < n; s++) {
                int pos = (head + s) % HISTORY;
                if (recorded + s >= HISTORY) {
                    historySum[k] -= h[pos];
                }
                h[pos] = used[k];
                historySum[k] += used[k];
            }
        }
        head = (head + n) % HISTORY;
        recorded += n;
        if (recorded > HISTORY) {
            recorded = HISTORY + (recorded % HISTORY); // keep the count bounded; only ">= HISTORY" matters
        }
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

    /**
     * A cluster's projected future (see {@link #outlook}).
     *
     * @param misses          deadlines its runs and the candidate's miss from now on
     * @param candidateMisses of which the candidate's
     * @param candidateRatio  the candidate's mean running-time ratio (0 without a candidate)
     */
    public record Outlook(int misses, int candidateMisses, double candidateRatio) {
    }

    /** Plays one cluster's committed work forward (for {@link #outlook}). */
    private static final class ClusterOutlook {
        // One projected run is STRIDE ints in `runs`: what it wants, its occupation time, the slice its
        // deadline counts from, the deadline (0: none), its release, 1 if the candidate's, start, finish, granted.
        private static final int WANT = 0;
        private static final int OCCUPATION = 1;
        private static final int REF = 2;
        private static final int DEADLINE = 3;
        private static final int RELEASE = 4;
        private static final int CANDIDATE = 5;
        private static final int START = 6;
        private static final int FINISH = 7;
        private static final int GRANTED = 8;
        private static final int STRIDE = 9;

        private final LiuSimulation s;
        private final int cluster;
        private final int capacity;
        private int[] runs = new int[16 * STRIDE];
        private int n;

        ClusterOutlook(LiuSimulation s, int cluster) {
            this.s = s;
            this.cluster = cluster;
            this.capacity = s.capacity[cluster];
        }

        private int get(int p, int field) {
            return runs[p * STRIDE + field];
        }

        private void set(int p, int field, int value) {
            runs[p * STRIDE + field] = value;
        }

        /** Adds a projected run; returns its number. */
        private int add(LiuApp app, int run, int releaseSlice, boolean isCandidate) {
            if ((n + 1) * STRIDE > runs.length) {
                runs = Arrays.copyOf(runs, 2 * runs.length);
            }
            set(n, WANT, app.runDemand(run));
            set(n, OCCUPATION, app.occupation());
            set(n, REF, app.category() == AppCategory.STREAMING ? releaseSlice : app.arrival());
            set(n, DEADLINE, app.deadline());
            set(n, RELEASE, releaseSlice);
            set(n, CANDIDATE, isCandidate ? 1 : 0);
            set(n, FINISH, -1);
            return n++;
        }

        Outlook play(LiuApp cand) {
            int now = s.now;
            int used = s.used[cluster];
            IntFifo queue = new IntFifo();
            IntFifo pending = new IntFifo(); // by release slice, then run index (the simulation's order)
            IntFifo running = new IntFifo(); // unordered: finished runs are taken out wherever they are
            long[] later = new long[16];
            int laterCount = 0;
            for (int r = 0; r < s.runs; r++) {
                int a = s.runApp[r];
                if (s.appCluster[a] != cluster) {
                    continue;
                }
                if (s.runStart[r] >= 0) {
                    if (s.runFinish[r] > now) {
                        int p = add(s.apps.get(a), s.runIndex[r], s.runRelease[r], false);
                        set(p, START, s.runStart[r]);
                        set(p, FINISH, s.runFinish[r]);
                        set(p, GRANTED, s.runGranted[r]);
                        running.add(p);
                    }
                } else if (s.runRelease[r] > now) {
                    if (laterCount == later.length) {
                        later = Arrays.copyOf(later, 2 * laterCount);
                    }
                    later[laterCount++] = ((long) s.runRelease[r] << 32) | r;
                }
            }
            IntFifo q = s.queues[cluster];
            for (int i = 0; i < q.size(); i++) {
                int r = q.at(i);
                queue.add(add(s.apps.get(s.runApp[r]), s.runIndex[r], s.runRelease[r], false));
            }
            if (cand != null) {
                queue.add(add(cand, 0, now, true));
                for (int r = 1; r < cand.runs(); r++) {
                    if (laterCount == later.length) {
                        later = Arrays.copyOf(later, 2 * laterCount);
                    }
                    later[laterCount++] = ((long) (now + cand.releaseOffset(r)) << 32) | (s.runs + r);
                }
            }
            Arrays.sort(later, 0, laterCount);
            for (int i = 0; i < laterCount; i++) {
                int r = (int) later[i];
                pending.add(r >= s.runs ? add(cand, r - s.runs, (int) (later[i] >>> 32), true)
                        : add(s.apps.get(s.runApp[r]), s.runIndex[r], s.runRelease[r], false));
            }
            int misses = 0;
            int candMisses = 0;
            double candRatio = 0;
            int t = now;
            while (true) {
                while (!queue.isEmpty()) { // start from the head of the queue: the simulation's rule
                    int p = queue.peek();
                    int want = get(p, WANT);
                    int free = capacity - used;
                    if (free < (int) Math.ceil(s.minShare * Math.min(want, capacity) - 1e-9)) {
                        break;
                    }
                    queue.poll();
                    int g = Math.min(want, free);
                    used += g;
                    long work = (long) get(p, OCCUPATION) * want;
                    set(p, GRANTED, g);
                    set(p, START, t);
                    set(p, FINISH, t + (int) ((work + g - 1) / g));
                    running.add(p);
                }
                int next = Integer.MAX_VALUE;
                for (int i = 0; i < running.size(); i++) {
                    next = Math.min(next, get(running.at(i), FINISH));
                }
                if (!pending.isEmpty()) {
                    next = Math.min(next, get(pending.peek(), RELEASE));
                }
                if (next == Integer.MAX_VALUE) {
                    break;
                }
                t = Math.max(next, t + 1);
                for (int i = running.size(); i > 0; i--) { // each running run once, unfinished ones back in
                    int p = running.poll();
                    if (get(p, FINISH) > t) {
                        running.add(p);
                        continue;
                    }
                    used -= get(p, GRANTED);
                    boolean missed = get(p, DEADLINE) > 0 && get(p, FINISH) - get(p, REF) > get(p, DEADLINE);
                    misses += missed ? 1 : 0;
                    if (get(p, CANDIDATE) == 1) {
                        candMisses += missed ? 1 : 0;
                        candRatio += (double) (get(p, FINISH) - get(p, START)) / get(p, OCCUPATION);
                    }
                }
                while (!pending.isEmpty() && get(pending.peek(), RELEASE) <= t) {
                    queue.add(pending.poll());
                }
            }
            return new Outlook(misses, candMisses, cand == null ? 0 : candRatio / cand.runs());
        }
    }

    /** The finished episode's records; only once {@link #finished()}. */
    public LiuEpisode episode() {
        if (!finished()) {
            throw new IllegalStateException("the episode has not finished");
        }
        int n = apps.size();
        LiuEpisode.AppOutcome[] out = new LiuEpisode.AppOutcome[n];
        for (int a = 0; a < n; a++) {
            LiuApp app = apps.get(a);
            out[a] = new LiuEpisode.AppOutcome(app.category(), appCluster[a], appDispatch[a], appEnd[a], appMissed[a],
                    appRatioSum[a] / app.runs());
        }
        return new LiuEpisode(out, Arrays.copyOf(missTimes, misses), now, executorSlices, deadlineRuns);
    }

    /** A growable ring of run indices: one cluster's FIFO queue. */
    private static final class IntFifo {
        private int[] items = new int[16];
        private int first;
        private int size;

        boolean isEmpty() {
            return size == 0;
        }

        int size() {
            return size;
        }

        void clear() {
            first = 0;
            size = 0;
        }

        void add(int v) {
            if (size == items.length) {
                int[] grown = new int[size * 2];
                for (int i = 0; i < size; i++) {
                    grown[i] = items[(first + i) % items.length];
                }
                items = grown;
                first = 0;
            }
            items[(first + size++) % items.length] = v;
        }

        int peek() {
            return items[first];
        }

        /** The {@code i}-th item from the head. */
        int at(int i) {
            return items[(first + i) % items.length];
        }

        int poll() {
            int v = items[first];
            first = (first + 1) % items.length;
            size--;
            return v;
        }
    }
}

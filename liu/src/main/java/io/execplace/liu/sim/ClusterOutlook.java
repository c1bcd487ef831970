package io.execplace.liu.sim;

import io.execplace.liu.model.AppCategory;
import io.execplace.liu.model.LiuApp;
import java.util.Arrays;

/** Plays one cluster's committed work forward (for {@link LiuSimulation#outlook}): FIFO and the stretch rule, as the simulation. */
final class ClusterOutlook {
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
        IntFifo live = s.liveRuns(cluster);
        for (int i = 0; i < live.size(); i++) {
            int r = live.at(i);
            int a = s.runs.app[r];
            if (s.runs.start[r] >= 0) {
                if (s.runs.finish[r] > now) {
                    int p = add(s.apps.get(a), s.runs.index[r], s.runs.release[r], false);
                    set(p, START, s.runs.start[r]);
                    set(p, FINISH, s.runs.finish[r]);
                    set(p, GRANTED, s.runs.granted[r]);
                    running.add(p);
                }
            } else if (s.runs.release[r] > now) {
                if (laterCount == later.length) {
                    later = Arrays.copyOf(later, 2 * laterCount);
                }
                later[laterCount++] = ((long) s.runs.release[r] << 32) | r;
            }
        }
        IntFifo q = s.queues[cluster];
        for (int i = 0; i < q.size(); i++) {
            int r = q.at(i);
            queue.add(add(s.apps.get(s.runs.app[r]), s.runs.index[r], s.runs.release[r], false));
        }
        if (cand != null) {
            queue.add(add(cand, 0, now, true));
            for (int r = 1; r < cand.runs(); r++) {
                if (laterCount == later.length) {
                    later = Arrays.copyOf(later, 2 * laterCount);
                }
                later[laterCount++] = ((long) (now + cand.releaseOffset(r)) << 32) | (s.runs.size + r);
            }
        }
        Arrays.sort(later, 0, laterCount);
        for (int i = 0; i < laterCount; i++) {
            int r = (int) later[i];
            pending.add(r >= s.runs.size ? add(cand, r - s.runs.size, (int) (later[i] >>> 32), true)
                    : add(s.apps.get(s.runs.app[r]), s.runs.index[r], s.runs.release[r], false));
        }
        int misses = 0;
        int candMisses = 0;
        double candRatio = 0;
        int candStart = -1;
        int drain = now;
        int t = now;
        while (true) {
            while (!queue.isEmpty()) { // start from the head of the queue: the simulation's rule
                int p = queue.peek();
                int want = get(p, WANT);
                int free = capacity - used;
                if (!SliceRules.startsNow(s.minShare(), want, free, capacity)) {
                    break;
                }
                queue.poll();
                int g = Math.min(want, free);
                used += g;
                set(p, GRANTED, g);
                set(p, START, t);
                set(p, FINISH, t + SliceRules.stretchedLength(get(p, OCCUPATION), want, g));
                running.add(p);
                if (get(p, CANDIDATE) == 1 && candStart < 0) {
                    candStart = t;
                }
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
                drain = Math.max(drain, get(p, FINISH));
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
        long work = 0; // executor-slices the committed runs (not the candidate's) still hold from now on
        for (int p = 0; p < n; p++) {
            if (get(p, CANDIDATE) == 0) {
                work += (long) get(p, GRANTED) * (get(p, FINISH) - Math.max(get(p, START), now));
            }
        }
        return new Outlook(misses, candMisses, cand == null ? 0 : candRatio / cand.runs(),
                cand == null ? 0 : candStart - now, drain - now, work);
    }
}

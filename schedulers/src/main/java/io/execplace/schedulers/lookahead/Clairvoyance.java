package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The futures of a clairvoyant {@code lookahead} (a reference for measurements, never a scheduler):
 * the workload's true next arrivals, and optionally other workloads' later arrivals as further
 * futures. {@link Knows} says how much of the truth it is told: all of it, or — to tell which part
 * of a forecast's error matters — only the true arrival times (shapes sampled as the forecast
 * samples them) or only the true shapes (arrival gaps sampled).
 */
final class Clairvoyance {

    /** What the reference knows of the next arrivals. */
    enum Knows {
        /** Arrival times, shapes and deadlines. */
        ALL,
        /** Arrival times only: each job's shape and deadline slack drawn from the jobs seen. */
        ARRIVALS,
        /** Shapes and deadline slacks only: arrival gaps drawn from those seen. */
        SHAPES
    }

    private final List<Job> trueJobs;
    private final List<List<Job>> others;
    private final Map<Integer, Integer> index = new HashMap<>();
    private final Knows knows;

    Clairvoyance(List<Job> jobs, List<List<Job>> otherWorkloads, Knows knows) {
        trueJobs = sorted(jobs);
        others = new ArrayList<>();
        for (List<Job> other : otherWorkloads) {
            others.add(sorted(other));
        }
        for (int i = 0; i < trueJobs.size(); i++) {
            index.put(trueJobs.get(i).id(), i);
        }
        this.knows = knows;
    }

    private static List<Job> sorted(List<Job> jobs) {
        List<Job> s = new ArrayList<>(jobs);
        s.sort(Comparator.comparingDouble(Job::arrival).thenComparingInt(Job::id));
        return s;
    }

    /** The whole workload, in arrival order. */
    List<Job> jobs() {
        return trueJobs;
    }

    /** Futures scored per decision: the true one and one per other workload. */
    int futures() {
        return 1 + others.size();
    }

    /**
     * Future {@code s} for a decision on {@code job} at {@code now}: the true one for s = 0, else the
     * other workload s − 1's ({@link #otherFuture}).
     *
     * @param waitingKnown true when the rollouts already carry the jobs waiting now (the elastic
     *                     ones do), so that true jobs arrived by now are not added twice
     */
    List<Job> future(int s, Job job, double now, int horizon, boolean waitingKnown, Forecast forecast,
                     SplittableRandom random) {
        if (s > 0) {
            return otherFuture(job, now, horizon, waitingKnown, others.get(s - 1));
        }
        List<Job> future = trueFuture(job, now, horizon, waitingKnown);
        if (knows == Knows.ALL || future.isEmpty()) {
            return future;
        }
        List<Job> told = new ArrayList<>(future.size());
        double t = Math.max(now, forecast.lastArrival());
        for (int k = 0; k < future.size(); k++) {
            Job truth = future.get(k);
            if (knows == Knows.ARRIVALS) {
                told.add(Forecast.sampled(forecast.shape(random), truth.arrival(), true, k));
            } else {
                t += forecast.gap(random);
                told.add(Forecast.sampled(truth, Math.max(t, now), true, k));
            }
        }
        told.sort(Comparator.comparingDouble(Job::arrival));
        return told;
    }

    /** The workload's next {@code horizon} jobs after {@code job}, none arriving before now. */
    private List<Job> trueFuture(Job job, double now, int horizon, boolean waitingKnown) {
        Integer at = index.get(job.id());
        List<Job> future = new ArrayList<>(horizon);
        if (at == null) {
            return future;
        }
        for (int i = at + 1; i < trueJobs.size() && future.size() < horizon; i++) {
            Job j = trueJobs.get(i);
            if (j.arrival() > now) {
                future.add(j);
            } else if (!waitingKnown) {
                future.add(j.withArrival(now));
            }
        }
        return future;
    }

    /**
     * The true jobs after {@code job} that have arrived by now (as {@link #trueFuture}), then the
     * jobs of {@code other} arriving after now, {@code horizon} in all; the other workload's jobs get
     * ids no workload job has, as sampled ones do.
     */
    private List<Job> otherFuture(Job job, double now, int horizon, boolean waitingKnown, List<Job> other) {
        List<Job> future = new ArrayList<>(horizon);
        Integer at = index.get(job.id());
        if (at == null) {
            return future;
        }
        for (int i = at + 1; !waitingKnown && i < trueJobs.size() && future.size() < horizon && trueJobs.get(i).arrival() <= now; i++) {
            future.add(trueJobs.get(i).withArrival(now));
        }
        int k = 0;
        for (Job j : other) {
            if (future.size() >= horizon) {
                break;
            }
            if (j.arrival() > now) {
                future.add(new Job(Integer.MAX_VALUE - k++, j.type(), j.arrival(), j.executors(), j.coresPerExecutor(),
                        j.memoryGbPerExecutor(), j.baseDuration(), j.deadline()));
            }
        }
        return future;
    }
}

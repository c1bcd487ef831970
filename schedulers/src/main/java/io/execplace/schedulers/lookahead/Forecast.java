package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Job;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * What {@code lookahead} expects to arrive: it learns from the jobs offered to it (their shapes and
 * arrival gaps, each job at its first offer) and samples futures of {@code horizon} jobs, shapes and
 * gaps drawn independently from those seen — the right model when arrivals are a renewal process
 * and shapes independent of one another, as in the HYB and TPDS generators. With a pool of
 * training jobs ({@link ForecastPool}) shapes and gaps are drawn from the pool and the seen jobs
 * together, so that the first decisions of a run do not plan against a handful of jobs.
 *
 * <p>Sampled jobs get ids no workload job has ({@code Integer.MAX_VALUE - k}).
 */
final class Forecast {

    private final List<Job> seen = new ArrayList<>();
    private final List<Double> gaps = new ArrayList<>();
    private final Set<Integer> observed = new HashSet<>();
    private final ForecastPool prior;
    private double lastArrival = Double.NaN;

    /** @param prior training jobs and gaps drawn from besides the seen ones; {@link ForecastPool#NONE} for none */
    Forecast(ForecastPool prior) {
        this.prior = prior;
    }

    /** Forgets every job seen (a policy object reused on another cluster). */
    void clear() {
        seen.clear();
        gaps.clear();
        observed.clear();
        lastArrival = Double.NaN;
    }

    /** Learns the job's shape and arrival gap the first time it is offered. */
    void observe(Job job) {
        // A job is offered again while it waits, and under EDF or backfilling after other jobs too:
        // only its first offer is an arrival.
        if (!observed.add(job.id())) {
            return;
        }
        if (!Double.isNaN(lastArrival)) {
            gaps.add(Math.max(0, job.arrival() - lastArrival));
        }
        lastArrival = Math.max(Double.isNaN(lastArrival) ? job.arrival() : lastArrival, job.arrival());
        seen.add(job);
    }

    /** True when futures can be sampled: a gap has been seen or the prior has some. */
    boolean ready() {
        return !gaps.isEmpty() || !prior.gaps().isEmpty();
    }

    /** The jobs seen so far, in order of first offer. */
    List<Job> seen() {
        return seen;
    }

    /** The latest arrival seen (NaN before any). */
    double lastArrival() {
        return lastArrival;
    }

    /**
     * A sampled future of {@code horizon} jobs after the latest arrival seen, none before {@code now};
     * with {@code deadlines} each keeps its shape's deadline slack (the elastic rollouts count missed
     * deadlines), else it has none.
     */
    List<Job> sample(double now, int horizon, boolean deadlines, SplittableRandom random) {
        List<Job> future = new ArrayList<>(horizon);
        double t = Double.isNaN(lastArrival) ? now : lastArrival;
        for (int k = 0; k < horizon; k++) {
            t += gap(random);
            future.add(sampled(shape(random), Math.max(t, now), deadlines, k));
        }
        future.sort((a, b) -> Double.compare(a.arrival(), b.arrival()));
        return future;
    }

    /** One gap: from the seen ones and the prior's together, each gap equally likely. */
    double gap(SplittableRandom random) {
        int i = random.nextInt(gaps.size() + prior.gaps().size());
        return i < gaps.size() ? gaps.get(i) : prior.gaps().get(i - gaps.size());
    }

    /** One shape: from the seen jobs and the prior's together, each job equally likely. */
    Job shape(SplittableRandom random) {
        int i = random.nextInt(seen.size() + prior.jobs().size());
        return i < seen.size() ? seen.get(i) : prior.jobs().get(i - seen.size());
    }

    /** {@code shape} arriving at {@code arrival}, with its deadline slack when {@code deadlines}, as the k-th sampled job. */
    static Job sampled(Job shape, double arrival, boolean deadlines, int k) {
        double deadline = deadlines && shape.hasDeadline() ? arrival + shape.deadline() - shape.arrival() : Job.NO_DEADLINE;
        return new Job(Integer.MAX_VALUE - k, shape.type(), arrival, shape.executors(), shape.coresPerExecutor(),
                shape.memoryGbPerExecutor(), shape.baseDuration(), deadline);
    }
}

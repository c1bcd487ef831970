package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Job;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Training jobs whose shapes (with their deadline slack) and arrival gaps a {@code lookahead}
 * forecast draws from besides the jobs it sees ({@code --lookahead-forecast FILE}, a workload trace
 * of training seeds): the first decisions of a run then do not plan against a handful of jobs. An
 * empirical model of a generator whose jobs are drawn independently of one another, as HYB's are.
 *
 * @param jobs the training jobs in arrival order
 * @param gaps the gaps between their consecutive arrivals, seconds
 */
public record ForecastPool(List<Job> jobs, List<Double> gaps) {

    /** No training jobs: futures are drawn from the jobs seen only. */
    public static final ForecastPool NONE = new ForecastPool(List.of(), List.of());

    public ForecastPool {
        jobs = List.copyOf(jobs);
        gaps = List.copyOf(gaps);
    }

    /** The pool of a training workload's jobs (in any order): their shapes and the gaps between their arrivals. */
    public static ForecastPool of(List<Job> workload) {
        List<Job> sorted = new ArrayList<>(workload);
        sorted.sort(Comparator.comparingDouble(Job::arrival).thenComparingInt(Job::id));
        List<Double> gaps = new ArrayList<>(Math.max(0, sorted.size() - 1));
        for (int i = 1; i < sorted.size(); i++) {
            gaps.add(sorted.get(i).arrival() - sorted.get(i - 1).arrival());
        }
        return new ForecastPool(sorted, gaps);
    }

    /** The run's pool, or none when the run sets none. */
    static ForecastPool of(io.execplace.schedulers.spi.SchedulerOptions options) {
        return options.get(ForecastPool.class, NONE);
    }

    @Override
    public String toString() {
        return "ForecastPool[" + jobs.size() + " jobs]";
    }
}

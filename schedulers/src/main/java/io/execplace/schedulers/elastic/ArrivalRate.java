package io.execplace.schedulers.elastic;

import io.execplace.core.model.Job;

import java.util.HashSet;
import java.util.Set;

/**
 * Jobs arriving per second, from the arrival times of the last {@value #WINDOW} jobs the run has shown
 * the policy (a job offered again, or stopped and placed again, is not a new arrival): one less than
 * their count over the span of their arrival times. Not up to now: while the queue head waits the jobs
 * behind it are not shown, and a rate that fell meanwhile would make the wait look cheaper the longer
 * it lasts. No future is read. One per run.
 */
final class ArrivalRate {

    static final int WINDOW = 32;

    private final Set<Integer> seen = new HashSet<>();
    private final double[] arrivals = new double[WINDOW];
    private int count;

    /** Records the job's arrival the first time the run shows it. */
    void observe(Job job) {
        if (seen.add(job.id())) {
            arrivals[count % WINDOW] = job.arrival();
            count++;
        }
    }

    /** Arrivals per second; infinite before two arrivals at different times were seen (nothing known: assume busy). */
    double perSecond() {
        int n = Math.min(count, WINDOW);
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < n; k++) {
            first = Math.min(first, arrivals[k]);
            last = Math.max(last, arrivals[k]);
        }
        return n >= 2 && last > first ? (n - 1) / (last - first) : Double.POSITIVE_INFINITY;
    }
}

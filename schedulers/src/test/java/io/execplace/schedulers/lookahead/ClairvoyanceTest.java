package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** The futures of the clairvoyant references: all of the truth, or only its arrival times or its shapes. */
class ClairvoyanceTest {

    private static Job job(int id, double arrival, int executors) {
        return new Job(id, JobType.GENERIC, arrival, executors, 1, 1, 100, arrival + 100 + id);
    }

    private static final List<Job> JOBS = List.of(job(5, 40, 5), job(1, 0, 1), job(2, 10, 2), job(3, 20, 3), job(4, 30, 4));

    /** A forecast that has seen one shape (8 executors) and one gap (1000 s), the last arrival at 1000. */
    private static Forecast forecast() {
        Forecast f = new Forecast(ForecastPool.NONE);
        f.observe(job(100, 0, 8));
        f.observe(job(101, 1000, 8));
        return f;
    }

    @Test
    void theTrueFutureLeavesOutArrivedJobsWhenTheRolloutsCarryTheWaitingOnes() {
        Clairvoyance all = new Clairvoyance(JOBS, List.of(), Clairvoyance.Knows.ALL);
        SplittableRandom r = new SplittableRandom(1);
        // Job 2 decided at 25 (under EDF, after job 3 arrived): job 3 waits already.
        assertThat(all.future(0, JOBS.get(2), 25, 10, true, forecast(), r)).extracting(Job::id).containsExactly(4, 5);
        List<Job> fixed = all.future(0, JOBS.get(2), 25, 10, false, forecast(), r);
        assertThat(fixed).extracting(Job::id).containsExactly(3, 4, 5);
        assertThat(fixed.get(0).arrival()).isEqualTo(25);
        assertThat(all.future(0, JOBS.get(2), 25, 1, true, forecast(), r)).extracting(Job::id).containsExactly(4);
    }

    @Test
    void toldOnlyArrivalsItKeepsTheTimesAndSamplesTheShapes() {
        Clairvoyance arrivals = new Clairvoyance(JOBS, List.of(), Clairvoyance.Knows.ARRIVALS);
        List<Job> f = arrivals.future(0, JOBS.get(1), 0, 10, true, forecast(), new SplittableRandom(1));
        assertThat(f).extracting(Job::arrival).containsExactly(10.0, 20.0, 30.0, 40.0);
        assertThat(f).allSatisfy(j -> assertThat(j.executors()).isEqualTo(8));
    }

    @Test
    void toldOnlyShapesItKeepsTheShapesAndSamplesTheGaps() {
        Clairvoyance shapes = new Clairvoyance(JOBS, List.of(), Clairvoyance.Knows.SHAPES);
        List<Job> f = shapes.future(0, JOBS.get(1), 0, 10, true, forecast(), new SplittableRandom(1));
        assertThat(f).extracting(Job::executors).containsExactly(2, 3, 4, 5);
        assertThat(f).extracting(Job::arrival).containsExactly(2000.0, 3000.0, 4000.0, 5000.0);
        // Each keeps its own deadline slack (job i: 100 + i seconds after arrival).
        assertThat(f).extracting(j -> j.deadline() - j.arrival()).containsExactly(102.0, 103.0, 104.0, 105.0);
    }
}

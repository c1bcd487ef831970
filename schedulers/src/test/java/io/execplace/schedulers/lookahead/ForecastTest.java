package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Forecast}: what {@code lookahead} samples its futures from, and the training pool it may draw on. */
class ForecastTest {

    private static Job job(int id, double arrival, int executors, double duration, double slack) {
        return new Job(id, JobType.GENERIC, arrival, executors, 2, 4, duration, arrival + duration + slack);
    }

    private static List<Job> training() {
        List<Job> jobs = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            jobs.add(job(i, 1000 + 30.0 * i, 7, 500, 40)); // 7 executors, 500 s, gaps of 30 s
        }
        return jobs;
    }

    @Test
    void theSameSeedSamplesTheSameFutureAndAnotherSeedAnother() {
        Forecast a = new Forecast(ForecastPool.of(training()));
        Forecast b = new Forecast(ForecastPool.of(training()));
        for (Forecast f : List.of(a, b)) {
            f.observe(job(1, 0, 1, 50, 10));
            f.observe(job(2, 20, 3, 80, 0));
        }
        List<Job> first = a.sample(20, 10, true, new SplittableRandom(7));
        assertThat(first).hasSize(10).isEqualTo(b.sample(20, 10, true, new SplittableRandom(7)));
        assertThat(first).isNotEqualTo(a.sample(20, 10, true, new SplittableRandom(8)));
        assertThat(first).isSortedAccordingTo((x, y) -> Double.compare(x.arrival(), y.arrival()));
        assertThat(first).allSatisfy(j -> assertThat(j.arrival()).isGreaterThanOrEqualTo(20));
    }

    @Test
    void withoutAPoolItDrawsOnlyTheJobsSeenAndNeedsAGap() {
        Forecast f = new Forecast(ForecastPool.NONE);
        f.observe(job(1, 0, 1, 50, 10));
        assertThat(f.ready()).isFalse(); // one arrival: no gap yet
        f.observe(job(2, 20, 3, 80, 0));
        f.observe(job(2, 20, 3, 80, 0)); // offered again while waiting: not a second arrival
        assertThat(f.ready()).isTrue();
        assertThat(f.seen()).hasSize(2);
        List<Job> future = f.sample(20, 200, true, new SplittableRandom(1));
        assertThat(future.stream().map(Job::executors).collect(Collectors.toSet())).containsExactlyInAnyOrder(1, 3);
        // The only gap seen is 20 s: the k-th sampled job arrives 20·k s after the last arrival.
        assertThat(future.get(199).arrival()).isEqualTo(20 + 200 * 20.0);
        // Each keeps its shape's deadline slack; without deadlines it has none.
        assertThat(future).allSatisfy(j -> assertThat(j.deadline() - j.arrival()).isIn(60.0, 80.0));
        assertThat(f.sample(20, 5, false, new SplittableRandom(1))).noneMatch(Job::hasDeadline);
    }

    @Test
    void aTrainingPoolIsDrawnFromBesidesTheJobsSeenAndIsReadyBeforeAnyGap() {
        Forecast f = new Forecast(ForecastPool.of(training()));
        f.observe(job(1, 0, 1, 50, 10));
        assertThat(f.ready()).isTrue(); // the pool's 49 gaps
        List<Job> future = f.sample(0, 400, true, new SplittableRandom(3));
        long fromPool = future.stream().filter(j -> j.executors() == 7).count();
        // 50 pool shapes against 1 seen: nearly all are the pool's, some the seen one's.
        assertThat(fromPool).isBetween(360L, 399L);
        assertThat(future).anyMatch(j -> j.executors() == 1);
        assertThat(future).filteredOn(j -> j.executors() == 7)
                .allSatisfy(j -> assertThat(j.deadline() - j.arrival()).isEqualTo(540.0));
    }

    @Test
    void aPoolTakesItsGapsFromArrivalOrder() {
        List<Job> shuffled = new ArrayList<>(List.of(job(3, 90, 1, 10, 0), job(1, 10, 1, 10, 0), job(2, 40, 1, 10, 0)));
        ForecastPool pool = ForecastPool.of(shuffled);
        assertThat(pool.gaps()).containsExactly(30.0, 50.0);
        assertThat(pool.jobs()).extracting(Job::id).containsExactly(1, 2, 3);
        assertThat(pool).hasToString("ForecastPool[3 jobs]");
    }
}

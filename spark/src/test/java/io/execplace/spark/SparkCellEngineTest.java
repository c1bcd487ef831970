package io.execplace.spark;

import io.execplace.core.io.BadInputException;
import io.execplace.experiments.run.StandardCells;
import io.execplace.experiments.run.InProcessEngine;
import io.execplace.experiments.run.ScenarioCells;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.scenario.ScenarioInput;
import io.execplace.experiments.scenario.ScenarioResolver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The engine itself on {@code local[2]}: order of results, progress, failures. */
class SparkCellEngineTest {

    private static SparkCellEngine spark;

    @BeforeAll
    static void start() {
        spark = SparkCellEngine.start("local[2]");
    }

    @AfterAll
    static void stop() {
        spark.close();
    }

    private static List<String> cells() {
        Scenario s = new ScenarioResolver(ScenarioCells.schedulers()).resolve(ScenarioInput.empty()
                .withOption("jobs", 30, "--jobs").withOption("seeds", 4, "--seeds")
                .withOption("schedulers", List.of("first-fit", "gio"), "--schedulers"), null);
        List<String> cells = new ArrayList<>();
        for (String scheduler : s.schedulers()) {
            for (long seed : s.seeds()) {
                cells.add(ScenarioCells.cell(s, scheduler, seed, 10));
            }
        }
        return cells;
    }

    @Test
    void resultsComeBackInTheCellsOrderAndProgressCountsEachCellOnce() {
        List<String> cells = cells();
        List<Long> told = new ArrayList<>();
        List<String> results = spark.run(StandardCells.SCENARIO, cells, (done, total, what) -> {
            synchronized (told) {
                assertThat(total).isEqualTo(8L);
                told.add(done);
            }
        });
        assertThat(told).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        assertThat(results).hasSize(8);
        for (int i = 0; i < cells.size(); i++) {
            assertThat(ScenarioCells.result(results.get(i)).scheduler()).isEqualTo(i < 4 ? "first-fit" : "gio");
            assertThat(ScenarioCells.result(results.get(i)).seed()).isEqualTo(1 + i % 4);
        }
        // The same texts as the in-process text engine, bar the decision-time fields.
        List<String> here = new InProcessEngine(2).run(StandardCells.SCENARIO, cells, (d, t, w) -> { });
        for (int i = 0; i < cells.size(); i++) {
            assertThat(ScenarioCells.result(results.get(i)).summary().withoutDelays())
                    .isEqualTo(ScenarioCells.result(here.get(i)).summary().withoutDelays());
            assertThat(ScenarioCells.result(results.get(i)).costTimeline().costs())
                    .containsExactly(ScenarioCells.result(here.get(i)).costTimeline().costs());
        }
        assertThat(spark.cores()).isEqualTo(2);
    }

    @Test
    void aCellsBadInputComesBackAsBadInputAndNothingElseIsReturned() {
        List<String> cells = new ArrayList<>(cells().subList(0, 2));
        cells.add("{\"recipe\":");
        assertThatThrownBy(() -> spark.run(StandardCells.SCENARIO, cells, (d, t, w) -> { }))
                .isInstanceOf(BadInputException.class).hasMessageContaining("a scenario cell is not valid JSON");
        // The context survives a failed job: the next run works.
        assertThat(spark.run(StandardCells.SCENARIO, cells.subList(0, 1), (d, t, w) -> { })).hasSize(1);
    }

    @Test
    void noCellsIsNoJob() {
        assertThat(spark.run(StandardCells.TRAINING, List.of(), (d, t, w) -> { throw new AssertionError("no progress"); }))
                .isEmpty();
    }
}

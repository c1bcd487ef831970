package io.execplace.experiments.run;

import io.execplace.core.io.BadInputException;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.results.ResultsFiles;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.scenario.ScenarioInput;
import io.execplace.experiments.scenario.ScenarioResolver;
import io.execplace.experiments.study.HybridStudy;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Cells as text ({@link ScenarioCells}) through the in-process text engine give the results the
 * object path gives: the check that an engine in another JVM (Spark) sees the same cells.
 */
class TextCellsTest {

    private static List<Map<String, Object>> withoutTiming(Comparison c) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> r : ResultsFiles.records(c)) {
            r.keySet().removeIf(k -> k.startsWith("schedulingDelay"));
            out.add(r);
        }
        return out;
    }

    @Test
    void aResolvedScenarioRunsAsTextWithTheSameResults() {
        ScenarioInput in = ScenarioInput.empty().withOption("cluster", "tpds", "--cluster")
                .withOption("workload", "tpds-burst", "--workload").withOption("jobs", 40, "--jobs")
                .withOption("schedulers", List.of("round-robin", "first-fit", "aep"), "--schedulers")
                .withOption("seeds", 3, "--seeds").withOption("seed", 5, "--seed");
        Scenario scenario = new ScenarioResolver(ScenarioCells.schedulers()).resolve(in, null);
        Runner objects = new Runner(ScenarioCells.schedulers(), 2);
        Comparison a = objects.run(scenario, ProgressListener.NONE);
        int[] told = {0};
        Comparison b = objects.withEngine(new InProcessEngine(2)).run(scenario, (done, total, cell) -> told[0]++);
        assertThat(withoutTiming(b)).isEqualTo(withoutTiming(a)).hasSize(9);
        assertThat(told[0]).isEqualTo(9);
        // The first seed's complete runs (schedule charts) are there too, run on this side.
        assertThat(b.firstSeedRuns().keySet()).containsExactlyInAnyOrder("round-robin", "first-fit", "aep");
        assertThat(b.firstSeedRuns().get("aep").summary().withoutDelays())
                .isEqualTo(a.firstSeedRuns().get("aep").summary().withoutDelays());
        assertThat(b.firstSeedRuns().get("aep").jobs()).isEqualTo(a.firstSeedRuns().get("aep").jobs());
    }

    @Test
    void theHybridStudysScenariosRebuildFromTheirRecipes() {
        HybridStudy study = new HybridStudy(new HybridStudy.Settings(1, 25, 30), new Runner(ScenarioCells.schedulers(), 1));
        Runner objects = new Runner(ScenarioCells.schedulers(), 2);
        for (Scenario s : study.scenarios()) {
            Scenario rebuilt = s.recipe().rebuild(ScenarioCells.schedulers());
            assertThat(rebuilt.cluster()).as(s.name()).isEqualTo(s.cluster());
            assertThat(rebuilt.options()).as(s.name()).isEqualTo(s.options());
            assertThat(rebuilt.workloads().forSeed(1)).as(s.name()).isEqualTo(s.workloads().forSeed(1));
        }
        Scenario first = study.scenarios().get(0);
        Scenario small = Scenario.builder().name(first.name()).cluster(first.cluster()).workloads(first.workloads())
                .schedulers(List.of("gio", "asq")).seeds(first.seeds()).options(first.options())
                .schedulerOptions(first.schedulerOptions()).recipe(first.recipe()).build();
        assertThat(withoutTiming(objects.withEngine(new InProcessEngine(1)).run(small, ProgressListener.NONE, false)))
                .isEqualTo(withoutTiming(objects.run(small, ProgressListener.NONE, false)));
    }

    @Test
    void aScenarioWithoutRecipeOrAMalformedCellIsRefused() {
        Scenario s = new ScenarioResolver(ScenarioCells.schedulers()).resolve(
                ScenarioInput.empty().withOption("jobs", 10, "--jobs").withOption("seeds", 1, "--seeds"), null);
        Scenario bare = Scenario.builder().name("bare").cluster(s.cluster()).workloads(s.workloads())
                .schedulers(List.of("gio")).seeds(List.of(1L)).build();
        assertThatThrownBy(() -> new Runner(ScenarioCells.schedulers(), 1).withEngine(new InProcessEngine(1))
                .run(bare, ProgressListener.NONE)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scenario 'bare' has no recipe");
        assertThatThrownBy(() -> StandardCells.SCENARIO.run("{\"recipe\":")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("a scenario cell is not valid JSON");
        assertThatThrownBy(() -> StandardCells.SCENARIO.run("{\"scheduler\":\"gio\"}")).isInstanceOf(BadInputException.class)
                .hasMessageContaining("a scenario cell is malformed");
    }
}

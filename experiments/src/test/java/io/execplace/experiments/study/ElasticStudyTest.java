package io.execplace.experiments.study;

import io.execplace.experiments.run.Runner;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** A small run of the elastic spot study: its scenarios, its goals table and its report. */
class ElasticStudyTest {

    @Test
    void writesTheGoalsTableAndAReportOfEveryScenario(@TempDir Path dir) throws Exception {
        ElasticStudy study = new ElasticStudy(new ElasticStudy.Settings(1, 1, 40, 60), new Runner(Schedulers.builtIn(), 1));
        assertThat(study.scenarios()).extracting(s -> s.name()).containsExactly(
                "elastic-ondemand-published/hybrid-medium", "elastic-spot-published/hybrid-medium",
                "elastic-spot-published-trace/hybrid-medium", "elastic-ondemand-published/hybrid-day",
                "elastic-spot-published/hybrid-day", "elastic-spot-published-trace/hybrid-day");
        StudyOutcome outcome = study.run(dir, (done, all, what) -> { });
        assertThat(outcome.header()).isEqualTo(ElasticTables.GOALS_HEADER);
        assertThat(outcome.rows()).hasSize(4).allSatisfy(row -> {
            assertThat(row).hasSize(ElasticTables.GOALS_HEADER.size());
            assertThat(ElasticStudy.EXECPLACE).contains(row.get(1));
            assertThat(Double.parseDouble(row.get(2))).isPositive();
        });
        String html = Files.readString(dir.resolve("index.html"));
        assertThat(html).contains("elastic-spot-published-trace, hybrid-day").contains("kube-spot");
        assertThat(dir.resolve("results.csv")).exists();
        try (var charts = Files.list(dir.resolve("charts"))) {
            assertThat(charts.filter(p -> p.toString().endsWith(".svg")).count()).isEqualTo(6);
        }
        assertThat(Files.readString(dir.resolve("results.csv"))).doesNotContain("applicationsRestarted");
    }

    @Test
    void withDriversEveryPoolRunsDriverPodsAndTheTablesCountRestarts(@TempDir Path dir) throws Exception {
        ElasticStudy study = new ElasticStudy(new ElasticStudy.Settings(1, 1, 40, 60), new Runner(Schedulers.builtIn(), 1),
                true);
        assertThat(study.scenarios()).extracting(s -> s.name()).containsExactly(
                "elastic-ondemand-published+drivers/hybrid-medium", "elastic-spot-published+drivers/hybrid-medium",
                "elastic-spot-published-trace+drivers/hybrid-medium", "elastic-ondemand-published+drivers/hybrid-day",
                "elastic-spot-published+drivers/hybrid-day", "elastic-spot-published-trace+drivers/hybrid-day");
        assertThat(study.scenarios()).allSatisfy(s -> assertThat(s.cluster().pools().drivers()).isNotNull());
        StudyOutcome outcome = study.run(dir, (done, all, what) -> { });
        assertThat(outcome.rows()).hasSize(4);
        assertThat(Files.readString(dir.resolve("results.csv"))).contains("applicationsRestarted");
        assertThat(Files.readString(dir.resolve("index.html"))).contains(ElasticTables.RESTARTS)
                .contains("with its other half, drivers on on-demand");
    }
}

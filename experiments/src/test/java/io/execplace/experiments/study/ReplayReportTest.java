package io.execplace.experiments.study;

import io.execplace.core.io.BadInputException;
import io.execplace.experiments.report.ReportTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The replay report on two replay files as execplace replay --json writes them: one with a prediction, one without. */
class ReplayReportTest {

    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(ReplayReportTest.class.getResource("/replay/" + name).toURI());
    }

    @Test
    void eachFigureStandsBesideItsPredictionAndTheGap() throws Exception {
        // kube-round.json has the keys in camelCase, as replay --json writes them; spot-round.json in snake_case, as
        // files written before the keys were camelCase have them: both are read, the figures named alike.
        ReplayReport.Replay kube = ReplayReport.read(fixture("kube-round.json"));
        ReplayReport.Replay spot = ReplayReport.read(fixture("spot-round.json"));
        var section = ReplayReport.section(List.of(kube, spot));
        List<ReportTable> tables = section.blocks().stream().filter(b -> b instanceof ReportTable).map(b -> (ReportTable) b).toList();
        assertThat(tables).hasSize(2);
        ReportTable first = tables.get(0);
        assertThat(first.caption()).isEqualTo("kube-round.json");
        // the replay's figures only, in the file's order; the simulated ones are columns, not rows
        assertThat(first.rows()).extracting(r -> r.get(0)).containsExactly("applications", "applications_finished",
                "makespan_seconds", "executors_evicted", "deadlines", "deadlines_met", "node_claims", "node_hours", "node_cost",
                "spot_interruptions", "spot_nodes_taken", "pods_bound", "bind_latency_p50_seconds", "bind_latency_p99_seconds");
        assertThat(row(first, "node_cost")).containsExactly("node_cost", "5.925", "6.142", "+3.7 %");
        assertThat(row(first, "node_claims")).containsExactly("node_claims", "6", "7", "+16.7 %");
        assertThat(row(first, "executors_evicted")).as("no gap from a zero").containsExactly("executors_evicted", "0", "0", "–");
        assertThat(row(first, "pods_bound")).as("no prediction").containsExactly("pods_bound", "61", "", "");
        ReportTable second = tables.get(1);
        assertThat(row(second, "node_cost")).containsExactly("node_cost", "7.790", "", "");
        assertThat(row(second, "bind_latency_p99_seconds")).as("null in the file").containsExactly("bind_latency_p99_seconds", "–", "", "");

        String html = ReplayReport.report(List.of(kube, spot)).toHtml();
        assertThat(html).contains("Replays on the Kubernetes testbed", "kube-round.json", "spot-round.json", "+3.7 %");
    }

    @Test
    void theCsvIsAHeaderAndOneRecordAsTheJsonHasIt() {
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("applications", 14);
        figures.put("node_cost", 5.9251);
        figures.put("bind_latency_p99_seconds", Double.NaN);
        figures.put("simulated_node_cost", 6.142);
        assertThat(ReplayReport.csv(figures)).isEqualTo(
                "applications,node_cost,bind_latency_p99_seconds,simulated_node_cost\n14,5.9251,,6.142\n");
    }

    @Test
    void aBadFileIsBadInputNamingFileAndField(@TempDir Path dir) throws Exception {
        Path text = Files.writeString(dir.resolve("r.json"), "{\"node_cost\": \"cheap\"}");
        assertThatThrownBy(() -> ReplayReport.read(text)).isInstanceOf(BadInputException.class)
                .hasMessageContaining(text.toString()).hasMessageContaining("node_cost");
        Path broken = Files.writeString(dir.resolve("b.json"), "{\"node_cost\": 1,\n");
        assertThatThrownBy(() -> ReplayReport.read(broken)).isInstanceOf(BadInputException.class)
                .hasMessageContaining(broken.toString()).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> ReplayReport.read(dir.resolve("none.json"))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("no such file");
    }

    private static List<String> row(ReportTable t, String figure) {
        return t.rows().stream().filter(r -> r.get(0).equals(figure)).findFirst().orElseThrow();
    }
}

package io.execplace.experiments.api;

import io.execplace.core.io.BadInputException;
import io.execplace.experiments.run.StandardSchedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimulationsTest {

    /** Twenty jobs of tpds-burst on the TPDS cluster (a builder is changed by its setters: a new one each time). */
    private static SimulationRequest.Builder small() {
        return SimulationRequest.builder().cluster("tpds").workload("tpds-burst").jobs(20);
    }

    @TempDir
    Path dir;

    @Test
    void aComparisonsRecordsAreTheRunsOfEachSchedulerAndSeedAndItsFolderIsWritten() throws Exception {
        SimulationRequest request = small().schedulers(List.of("first-fit", "gio")).seed(5L).seeds(2).build();
        Simulations.ComparisonResult result = Simulations.compare(StandardSchedulers.REGISTRY, request, dir.resolve("cmp"), 2);

        List<Map<String, Object>> records = result.records();
        assertThat(records).extracting(r -> r.get("scheduler") + "/" + r.get("seed"))
                .containsExactly("first-fit/5", "first-fit/6", "gio/5", "gio/6");
        assertThat(Files.readString(dir.resolve("cmp/results.json"))).contains("\"scheduler\" : \"gio\"");
        assertThat(result.index()).exists();
        for (Map<String, Object> record : records) {
            SimulationRequest one = small().scheduler((String) record.get("scheduler")).seed((Long) record.get("seed")).build();
            assertThat(untimed(Simulations.simulate(StandardSchedulers.REGISTRY, one).summary())).isEqualTo(untimed(record));
        }
    }

    @Test
    void aRequestWithoutASchedulerSimulatesGioOnItsSeedOnly() {
        Map<String, Object> summary = Simulations.simulate(StandardSchedulers.REGISTRY,
                small().seed(3L).seeds(4).build()).summary();
        assertThat(summary).containsEntry("scheduler", Simulations.DEFAULT_SCHEDULER).containsEntry("seed", 3L)
                .containsEntry("jobsCompleted", 20);
    }

    @Test
    void refusalsNameTheOptionOfTheValue() {
        assertThatThrownBy(() -> SimulationRequest.builder().scheduler("gio,first-fit"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--scheduler").hasMessageContaining("compare");
        SimulationRequest unused = small().scheduler("gio").tuning(SchedulerTuning.builder().lookaheadSamples(3).build()).build();
        assertThatThrownBy(() -> Simulations.simulate(StandardSchedulers.REGISTRY, unused))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--lookahead-samples: applies to the scheduler lookahead");
        SimulationRequest lambda = small().scheduler("gio").queue("edf").weightLambda(0.2).build();
        assertThatThrownBy(() -> Simulations.simulate(StandardSchedulers.REGISTRY, lambda))
                .isInstanceOf(BadInputException.class).hasMessage("--weight-lambda applies to --queue hjs-weight only");
        assertThatThrownBy(() -> HeldOut.run(StandardSchedulers.REGISTRY, HeldOutRequest.builder().workload("tpds-burst")
                .schedulers(List.of("gio")).heldOut(1).build()))
                .isInstanceOf(BadInputException.class).hasMessage("--held-out must be between 2 and 10000, got 1");
        assertThatThrownBy(() -> HeldOut.run(StandardSchedulers.REGISTRY, HeldOutRequest.builder().workload("nope")
                .schedulers(List.of("gio")).build()))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--workload: unknown workload preset 'nope'");
    }

    @Test
    void aHeldOutEvaluationTakesItsTrainingSeedsFromTheRequestAndReportsBothParts() {
        HeldOut.Evaluation evaluation = HeldOut.run(StandardSchedulers.REGISTRY, HeldOutRequest.builder()
                .workload("tpds-burst").schedulers(List.of("first-fit", "gio@edf")).jobs(20).heldOut(2).seed(7L)
                .workloadSeeds(2).build());

        assertThat(evaluation.clusterLabel()).isEqualTo("tpds");
        assertThat(evaluation.results().split().training()).extracting(w -> w.seed()).containsExactly(7L, 8L);
        Map<String, Object> json = evaluation.json();
        assertThat(json).containsOnlyKeys("split", "results");
        @SuppressWarnings("unchecked")
        Map<String, List<Map<String, Object>>> results = (Map<String, List<Map<String, Object>>>) json.get("results");
        assertThat(results.get("heldOut")).extracting(r -> r.get("scheduler")).containsExactly("first-fit", "gio@edf");
    }

    private static Map<String, Object> untimed(Map<String, Object> record) {
        Map<String, Object> out = new HashMap<>(record);
        out.keySet().removeIf(k -> k.startsWith("schedulingDelay"));
        return out;
    }
}

package io.execplace.experiments.api;

import io.execplace.core.io.BadInputException;
import io.execplace.experiments.run.StandardSchedulers;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OfflineComparisonTest {

    private static OfflineRequest.Builder small() {
        return OfflineRequest.builder().workload("tpds-burst").cluster("tpds-code").jobs(3).seed(4).seeds(2)
                .schedulers(List.of("first-fit")).timeLimitSeconds(10);
    }

    @Test
    void everySchedulerCostsAtLeastTheOptimumWhichIsAtLeastTheLowerBound() {
        OfflineComparison.Result result = OfflineComparison.run(StandardSchedulers.REGISTRY, small().build());

        assertThat(result.seeds()).extracting(OfflineComparison.SeedResult::seed).containsExactly(4L, 5L);
        for (OfflineComparison.SeedResult s : result.seeds()) {
            double optimum = s.reference().optimum().cost();
            assertThat(s.reference().lowerBound()).isLessThanOrEqualTo(optimum * (1 + 1e-9));
            assertThat(s.reference().costs().get("first-fit")).isGreaterThanOrEqualTo(optimum * (1 - 1e-9));
            assertThat(s.cheapest()).contains("first-fit");
        }
        assertThat(Arrays.stream(result.toOptimum("first-fit")).min().orElseThrow()).isGreaterThanOrEqualTo(1 - 1e-9);
        List<Map<String, Object>> records = result.records();
        assertThat(records).hasSize(2);
        assertThat(records.get(0)).containsKeys("seed", "optimum", "status", "gap", "lowerBound", "costs")
                .containsEntry("seed", 4L);
    }

    @Test
    void badValuesAreRefusedNamingTheirOptionBeforeAnySolve() {
        assertThatThrownBy(() -> OfflineComparison.check(StandardSchedulers.REGISTRY, small().jobs(0).build()))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--jobs");
        assertThatThrownBy(() -> OfflineComparison.check(StandardSchedulers.REGISTRY,
                small().schedulers(List.of("nope")).build()))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--schedulers");
    }
}

package io.execplace.experiments.run;

import io.execplace.experiments.results.ResultColumns;
import io.execplace.experiments.results.ResultsFiles;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.experiments.scenario.ScenarioSpec;
import io.execplace.experiments.study.ComparisonReport;
import io.execplace.schedulers.milp.MilpSolver;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** milp through the runner: its options reach the policy, its solver counts and every run's bound reach the results. */
class ExactSchedulerResultsTest {

    private static ScenarioSpec spec(Double beta, Long limit, String solver) {
        return new ScenarioSpec(null, "hybrid-small", null, "hybrid-high", null, 40, null, null, null, null,
                List.of("gio", "milp"), 3L, 2, "edf", null, null, null, null, null, null, beta, limit, solver,
                null, null);
    }

    @Test
    void resultsCarryTheBoundAndMilpsSolverCounts() {
        Scenario scenario = spec(null, null, null).resolve(null);
        Comparison comparison = new Runner(2).run(scenario, (done, total, cell) -> {
        });
        List<Map<String, Object>> records = ResultsFiles.records(comparison);
        assertThat(records).hasSize(4);
        for (Map<String, Object> r : records) {
            assertThat(r.keySet()).containsExactlyElementsOf(ResultColumns.NAMES);
            double cost = (Double) r.get("totalCost");
            double bound = (Double) r.get("lowerBound");
            assertThat(bound).isPositive().isLessThanOrEqualTo(cost);
            assertThat((Double) r.get("costToBound")).isCloseTo(cost / bound, org.assertj.core.data.Offset.offset(1e-12));
            if (r.get("scheduler").equals("milp")) {
                assertThat((Long) r.get("solverCalls")).isEqualTo(40L); // every job reaches the solver once
                assertThat(r.get("solverOptimal")).isEqualTo(r.get("solverCalls"));
                assertThat(r.get("solverTimedOut")).isEqualTo(0L);
                assertThat(r.get("solverFallbacks")).isEqualTo(0L);
            } else {
                assertThat(r.get("solverCalls")).isNull();
            }
        }
        List<SchedulerAggregate> aggs = SchedulerAggregate.of(comparison);
        assertThat(ComparisonReport.solverRows(aggs)).singleElement()
                .satisfies(row -> assertThat(row).startsWith("milp", "80", "80", "0", "0"));
        assertThat(ComparisonReport.tableHeader()).contains("cost / bound");
    }

    @Test
    void milpOptionsComeFromTheSpecAndBadOnesAreRejected() {
        Scenario scenario = spec(0.25, 250L, "SCIP").resolve(null);
        assertThat(scenario.schedulerOptions().beta()).isEqualTo(0.25);
        assertThat(scenario.schedulerOptions().milpTimeLimitMillis()).isEqualTo(250);
        assertThat(scenario.schedulerOptions().milpSolver()).isEqualTo(MilpSolver.SCIP);
        assertThat(ComparisonReport.describe(scenario)).contains("milp: beta 0.25, scip, time limit 250 ms");

        assertThatThrownBy(() -> spec(-0.5, null, null).resolve(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beta").hasMessageContaining("-0.5");
        assertThatThrownBy(() -> spec(null, -5L, null).resolve(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("time limit");
        assertThatThrownBy(() -> spec(null, null, "glpk").resolve(null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'glpk'");
    }
}

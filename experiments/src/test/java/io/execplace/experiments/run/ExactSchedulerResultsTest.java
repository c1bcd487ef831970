package io.execplace.experiments.run;

import io.execplace.schedulers.milp.MilpOptions;
import io.execplace.experiments.results.ResultColumns;
import io.execplace.experiments.results.ResultsFiles;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.core.io.BadInputException;
import io.execplace.experiments.scenario.ScenarioInput;
import io.execplace.experiments.scenario.ScenarioResolver;
import io.execplace.schedulers.Schedulers;
import io.execplace.experiments.study.ComparisonReport;
import io.execplace.schedulers.milp.MilpSolver;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** milp through the runner: its options reach the policy, its solver counts and every run's bound reach the results. */
class ExactSchedulerResultsTest {

    private static final String FILE = "exact.yaml";

    private static Scenario resolve(Double beta, Long limit, String solver) {
        ScenarioInput in = ScenarioInput.empty().with("cluster", "hybrid-small", FILE, 1)
                .with("workload", "hybrid-high", FILE, 2).with("jobs", 40, FILE, 3)
                .with("schedulers", List.of("gio", "milp"), FILE, 4).with("seed", 3, FILE, 5).with("seeds", 2, FILE, 6)
                .with("queue", "edf", FILE, 7).with("beta", beta, FILE, 8).with("milpTimeLimitMs", limit, FILE, 9)
                .with("milpSolver", solver, FILE, 10);
        return new ScenarioResolver(Schedulers.builtIn()).resolve(in, null);
    }

    @Test
    void resultsCarryTheBoundAndMilpsSolverCounts() {
        Scenario scenario = resolve(null, null, null);
        Comparison comparison = new Runner(Schedulers.builtIn(), 2).run(scenario, (done, total, cell) -> {
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
        assertThat(ComparisonReport.tableHeader("price units")).contains("cost / bound");
    }

    @Test
    void milpOptionsComeFromTheSpecAndBadOnesAreRejected() {
        Scenario scenario = resolve(0.25, 250L, "SCIP");
        assertThat(MilpOptions.of(scenario.schedulerOptions()).beta()).isEqualTo(0.25);
        assertThat(MilpOptions.of(scenario.schedulerOptions()).timeLimitMillis()).isEqualTo(250);
        assertThat(MilpOptions.of(scenario.schedulerOptions()).solver()).isEqualTo(MilpSolver.SCIP);
        assertThat(ComparisonReport.describe(scenario)).contains("milp: beta 0.25, scip, time limit 250 ms");

        assertThatThrownBy(() -> resolve(-0.5, null, null))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("exact.yaml line 8, field 'beta': beta must be between 0 and 1")
                .hasMessageContaining("-0.5");
        assertThatThrownBy(() -> resolve(null, -5L, null))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("exact.yaml line 9, field 'milpTimeLimitMs'");
        assertThatThrownBy(() -> resolve(null, null, "glpk"))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("exact.yaml line 10, field 'milpSolver'")
                .hasMessageContaining("'glpk'");
    }
}

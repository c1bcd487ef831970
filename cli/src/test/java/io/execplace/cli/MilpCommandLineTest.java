package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The milp options on the command line, and the bound and solver counts in what the commands print. */
class MilpCommandLineTest {

    @Test
    void simulatePrintsTheBoundAndTheSolverCounts() throws IOException {
        CliRunner.Result r = CliRunner.run("simulate", "--scheduler", "milp", "--cluster", "tpds", "--workload",
                "tpds-burst", "--jobs", "30", "--beta", "0.5", "--milp-time-limit", "500", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode record = new ObjectMapper().readTree(r.out());
        assertThat(record.get("solverCalls").asLong()).isEqualTo(30);
        assertThat(record.get("solverOptimal").asLong()).isEqualTo(30);
        assertThat(record.get("lowerBound").asDouble()).isPositive()
                .isLessThanOrEqualTo(record.get("totalCost").asDouble());
        assertThat(record.get("costToBound").asDouble()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void compareShowsCostToBoundAndTheSolverTable(@TempDir Path dir) {
        CliRunner.Result r = CliRunner.run("compare", "--cluster", "hybrid-small", "--workload", "hybrid-light",
                "--jobs", "20", "--seeds", "1", "--schedulers", "gio,milp", "--milp-solver", "scip",
                "--out", dir.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("cost / bound", "solver calls", "proven optimal", "milp: beta 1, scip");
    }

    @Test
    void badMilpOptionsFailWithExitCodeTwo() {
        CliRunner.Result beta = CliRunner.run("simulate", "--scheduler", "milp", "--beta", "-0.5");
        assertThat(beta.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(beta.err()).contains("beta must be between 0 and 1").contains("-0.5");
        CliRunner.Result limit = CliRunner.run("simulate", "--scheduler", "milp", "--milp-time-limit", "0");
        assertThat(limit.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(limit.err()).contains("time limit");
        CliRunner.Result solver = CliRunner.run("simulate", "--scheduler", "milp", "--milp-solver", "gurobi");
        assertThat(solver.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(solver.err()).contains("unknown milp solver 'gurobi'");
    }
}

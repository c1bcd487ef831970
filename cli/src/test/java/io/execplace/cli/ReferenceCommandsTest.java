package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** heldout, offline and the lookahead options on the command line. */
class ReferenceCommandsTest {

    @Test
    void heldoutReportsTrainingAndHeldOutSideBySide() throws IOException {
        CliRunner.Result r = CliRunner.run("heldout", "--workload", "tpds-burst", "--jobs", "20", "--schedulers",
                "gio,milp,lookahead", "--held-out", "3", "--lookahead-horizon", "3", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.path("split").path("training")).hasSize(1);
        assertThat(json.path("split").path("heldOut")).hasSize(3);
        // One key style: the results' parts are named as the split's (camelCase), not "held-out".
        assertThat(json.path("results").fieldNames()).toIterable().containsExactly("training", "heldOut");
        JsonNode milp = json.path("results").path("heldOut").get(1);
        assertThat(milp.path("scheduler").asText()).isEqualTo("milp");
        assertThat(milp.path("cost").path("n").asInt()).isEqualTo(3);
        assertThat(milp.path("vsMilp").path("mean").asDouble()).isEqualTo(1.0);
        assertThat(milp.path("vsBestHeuristic").path("mean").asDouble()).isLessThanOrEqualTo(1.0);
        // tpds-burst has no deadline jobs: no Target, written as null (never "NaN").
        assertThat(milp.path("target").path("mean").isNull()).isTrue();
    }

    @Test
    void heldoutRunsTheClairvoyantLookaheadReferenceAndTheMargin() throws IOException {
        CliRunner.Result r = CliRunner.run("heldout", "--workload", "tpds-burst", "--jobs", "20", "--schedulers",
                "gio,lookahead-clairvoyant", "--held-out", "2", "--lookahead-horizon", "3", "--lookahead-margin", "0.01",
                "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode row = new ObjectMapper().readTree(r.out()).path("results").path("heldOut").get(1);
        assertThat(row.path("scheduler").asText()).isEqualTo("lookahead-clairvoyant");
        assertThat(row.path("cost").path("mean").asDouble()).isPositive();
        CliRunner.Result margin = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-margin", "1.5");
        assertThat(margin.exitCode()).isEqualTo(2);
        assertThat(margin.err()).contains("--lookahead-margin").contains("margin must be at least 0 and below 1");
    }

    @Test
    void compareRunsTheClairvoyantReferenceBesideTheSchedulers(@TempDir Path tmp) throws IOException {
        // compare used to die mid-run on a reference; it now hands the policy the seed's workload, as heldout does
        CliRunner.Result r = CliRunner.run("compare", "--workload", "tpds-burst", "--jobs", "20", "--seeds", "1",
                "--schedulers", "gio,lookahead-clairvoyant", "--lookahead-horizon", "3", "--json", "-q", "--out", tmp.toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode records = new ObjectMapper().readTree(r.out());
        assertThat(records).hasSize(2);
        assertThat(records.get(1).path("scheduler").asText()).isEqualTo("lookahead-clairvoyant");
        assertThat(records.get(1).path("totalCost").asDouble()).isPositive();
        assertThat(records.get(1).path("jobsCompleted").asInt()).isEqualTo(20);
    }

    @Test
    void offlineComparesWithTheReferenceAndTheBound() {
        CliRunner.Result r = CliRunner.run("offline", "--workload", "tpds-burst", "--cluster", "tpds-code", "--jobs", "3",
                "--seeds", "1", "--schedulers", "first-fit,milp", "--time-limit", "10");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("offline-optimum", "cost / offline optimum", "cost / lower bound", "first-fit");
    }

    @Test
    void badInputFailsWithExitCodeTwo() {
        assertThat(CliRunner.run("offline", "--jobs", "0").exitCode()).isEqualTo(2);
        CliRunner.Result unknown = CliRunner.run("heldout", "--workload", "tpds-burst", "--schedulers", "nope");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown scheduler 'nope'");
        CliRunner.Result rollout = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-rollout", "lookahead");
        assertThat(rollout.exitCode()).isEqualTo(2);
        assertThat(rollout.err()).contains("other than lookahead");
        assertThat(CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-horizon", "-2").exitCode())
                .isEqualTo(2);
    }

    @Test
    void aTrainedAgentFromTheRegistryIsLookaheadsRolloutPolicy(@TempDir Path tmp) throws IOException {
        String agent = "agent:" + Path.of("..", "models", "ppo-pairs.xprl");
        String[] scenario = {"--cluster", "tpds", "--workload", "tpds-burst", "--jobs", "30", "--seeds", "1", "--json",
                "--out", tmp.resolve("out").toString()};
        // Horizon 0: lookahead is exactly its rollout policy, here the shipped size-free agent.
        CliRunner.Result byAgent = CliRunner.run(concat(new String[]{"compare", "--schedulers", agent}, scenario));
        CliRunner.Result asRollout = CliRunner.run(concat(new String[]{"compare", "--schedulers", "lookahead",
                "--lookahead-rollout", agent, "--lookahead-horizon", "0"}, scenario));
        assertThat(byAgent.exitCode()).as(byAgent.err()).isZero();
        assertThat(asRollout.exitCode()).as(asRollout.err()).isZero();
        assertThat(meanCost(asRollout)).isEqualTo(meanCost(byAgent)).isPositive();
        // Looking ahead with the agent's rollouts runs, and decides differently from the agent alone.
        CliRunner.Result planner = CliRunner.run(concat(new String[]{"compare", "--schedulers", "lookahead",
                "--lookahead-rollout", agent, "--lookahead-horizon", "3"}, scenario));
        assertThat(planner.exitCode()).as(planner.err()).isZero();
        assertThat(meanCost(planner)).isPositive();
        // An agent file that does not exist is refused before any run.
        CliRunner.Result missing = CliRunner.run("simulate", "--scheduler", "lookahead", "--lookahead-rollout", "agent:nope.xprl");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("agent file nope.xprl does not exist");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static double meanCost(CliRunner.Result r) throws IOException {
        JsonNode json = new ObjectMapper().readTree(r.out());
        return json.get(0).path("totalCost").asDouble(Double.NaN);
    }

    @Test
    void heldOutSeedsAreChosenByTheUserAndNeverOverlapTraining() throws IOException {
        CliRunner.Result r = CliRunner.run("heldout", "--workload", "hybrid-high", "--cluster", "hybrid-small", "--jobs", "30",
                "--schedulers", "gio,first-fit", "--held-out", "2", "--held-out-seed", "500", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(r.out());
        assertThat(json.path("split").path("heldOut").findValuesAsText("seed")).containsExactly("500", "501");
        // One training workload: its interval is undefined, written as null (a number or null, never "NaN").
        JsonNode trainingCost = json.path("results").path("training").get(0).path("cost");
        assertThat(trainingCost.path("halfWidth").isNull()).isTrue();
        assertThat(trainingCost.path("mean").isNumber()).isTrue();
        assertThat(r.out()).doesNotContain("\"NaN\"");

        CliRunner.Result overlap = CliRunner.run("heldout", "--workload", "hybrid-high", "--cluster", "hybrid-small",
                "--schedulers", "gio", "--held-out", "2", "--held-out-seed", "3", "--seed", "4");
        assertThat(overlap.exitCode()).isEqualTo(2);
        assertThat(overlap.err()).contains("--held-out-seed").contains("seed 4 is used in training");
    }

    @Test
    void heldoutRunsHjsJobSetsOnTheirOwnClusterWithAQueuePerScheduler() throws IOException {
        CliRunner.Result text = CliRunner.run("heldout", "--workload", "hjs-60-20", "--schedulers",
                "round-robin@fcfs,round-robin@edf,milp@edf", "--held-out", "2");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).startsWith("hjs-60-20 on c5: ").contains("round-robin@edf").contains("milp@edf")
                .contains("Target").contains("deadlines met %");
        CliRunner.Result json = CliRunner.run("heldout", "--workload", "hjs-60-20", "--schedulers",
                "round-robin@fcfs,round-robin@edf,milp@edf", "--held-out", "2", "--json");
        JsonNode rows = new ObjectMapper().readTree(json.out()).path("results").path("heldOut");
        assertThat(rows.findValuesAsText("scheduler")).containsExactly("round-robin@fcfs", "round-robin@edf", "milp@edf");
        // milp@edf is recognised as milp (the reference of the ratios), round-robin@... as a heuristic.
        assertThat(rows.get(2).path("vsMilp").path("mean").asDouble()).isEqualTo(1.0);
        assertThat(rows.get(0).path("vsBestHeuristic").path("mean").isNumber()).isTrue();
        // HJS job sets have deadline jobs: Target (HJS Eq. 5) and deadline success with their intervals.
        for (JsonNode row : rows) {
            assertThat(row.path("target").path("mean").asDouble()).isBetween(0.0, 200.0);
            assertThat(row.path("target").path("halfWidth").isNumber()).isTrue();
            assertThat(row.path("deadlineSuccess").path("mean").asDouble()).isBetween(0.0, 100.0);
        }
        CliRunner.Result badQueue = CliRunner.run("heldout", "--workload", "hjs-60-20", "--schedulers", "gio@lifo");
        assertThat(badQueue.exitCode()).isEqualTo(2);
        assertThat(badQueue.err()).contains("--schedulers").contains("unknown queue order 'lifo'");
    }
}

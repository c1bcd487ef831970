package io.execplace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code train-choice}: files, held-out lines, seeded runs, and refusals before any work. */
class TrainChoiceCommandTest {

    private static CliRunner.Result train(Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("train-choice", "--workloads", "tpds-burst",
                "--workload-seeds", "2", "--rounds", "2", "--epochs", "2", "--hidden", "8", "-q", "--out", out.toString()));
        args.addAll(List.of(more));
        return CliRunner.run(args.toArray(String[]::new));
    }

    @Test
    void writesEveryRoundAndTheAgentThatHeldOutRuns(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("choice");
        CliRunner.Result t = train(out, "--held-out", "2");
        assertThat(t.exitCode()).as(t.err()).isEqualTo(0);
        assertThat(t.out()).contains("round 1: ", "round 2: ", "held-out cost / milp", "wrote " + out.resolve("agent.xprl"));
        assertThat(out.resolve("round-1.xprl")).exists();
        assertThat(out.resolve("round-2.xprl")).hasSameBinaryContentAs(out.resolve("agent.xprl"));
        List<String> csv = Files.readAllLines(out.resolve("rounds.csv"));
        assertThat(csv).hasSize(3);
        assertThat(csv.get(0)).startsWith("round,samples,mse,seconds,heldout_cost_vs_milp");
        assertThat(csv.get(2).split(",", -1)).hasSize(7);

        // Same seed, same agent, bit for bit.
        Path again = dir.resolve("again");
        assertThat(train(again).exitCode()).isEqualTo(0);
        assertThat(again.resolve("agent.xprl")).hasSameBinaryContentAs(out.resolve("agent.xprl"));

        // Two futures per decision (the other training workload's arrivals): other labels, another agent, recorded in its setup.
        Path two = dir.resolve("two");
        assertThat(train(two, "--teacher-futures", "2").exitCode()).isEqualTo(0);
        assertThat(Files.readAllBytes(two.resolve("agent.xprl"))).isNotEqualTo(Files.readAllBytes(out.resolve("agent.xprl")));
        assertThat(Files.readString(two.resolve("agent.xprl"), java.nio.charset.StandardCharsets.ISO_8859_1)).contains("teacherFutures");

        // heldout reads the training seeds from the file and runs the agent beside milp.
        CliRunner.Result h = CliRunner.run("heldout", "--workload", "tpds-burst", "--schedulers",
                "milp,agent:" + out.resolve("agent.xprl"), "--held-out", "2", "--json");
        assertThat(h.exitCode()).as(h.err()).isEqualTo(0);
        String json = h.out().replace(" ", "").replace("\n", "");
        assertThat(json).contains("\"training\":[{\"seed\":1,", "{\"seed\":2,", "\"heldOut\":[{\"seed\":100001,",
                "agent:" + out.resolve("agent.xprl")).doesNotContain("{\"seed\":3,");

        // evaluate needs an agent of 'train': the message says what to do instead.
        CliRunner.Result e = CliRunner.run("evaluate", out.resolve("agent.xprl").toString());
        assertThat(e.exitCode()).isEqualTo(2);
        assertThat(e.err()).contains("choice agent", "heldout");
    }

    @Test
    void theShippedDeadlineAgentRunsWithTheFeasibleQueue() throws Exception {
        String agent = "agent:" + Path.of("..", "models", "choice-hjs-feasible.xprl") + "@edf-feasible";
        CliRunner.Result h = CliRunner.run("heldout", "--workload", "hjs-40-20", "--schedulers", "milp@edf-feasible," + agent,
                "--held-out", "2", "--held-out-seed", "400001", "--workload-seeds", "1", "--json");
        assertThat(h.exitCode()).as(h.err()).isEqualTo(0);
        com.fasterxml.jackson.databind.JsonNode rows = new com.fasterxml.jackson.databind.ObjectMapper().readTree(h.out())
                .path("results").path("heldOut");
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1).path("scheduler").asText()).isEqualTo(agent);
        for (com.fasterxml.jackson.databind.JsonNode row : rows) {
            assertThat(row.path("target").path("mean").isNumber()).as(row.toString()).isTrue();
            assertThat(row.path("target").path("mean").asDouble()).isBetween(0.0, 200.0);
        }
    }

    @Test
    void badInputIsRefusedBeforeAnyWork(@TempDir Path dir) {
        Path out = dir.resolve("x");
        for (String[] bad : new String[][]{{"--objective", "target"}, {"--rounds", "0"}, {"--lookahead-horizon", "0"},
            {"--held-out", "1"}, {"--margin", "-1"}, {"--queue", "lifo"}, {"--workloads", "tpds-burst,nope"},
            {"--lr", "2"}, {"--hidden", "0"}, {"--teacher-futures", "3"}, {"--teacher-futures", "0"}, {"--hold-charge", "-1"}, {"--hold-charge", "6"}, {"--max-hold", "-1"}, {"--pricing", "9"}}) {
            CliRunner.Result r = train(out, bad);
            assertThat(r.exitCode()).as(String.join(" ", bad)).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
            assertThat(r.err()).as(String.join(" ", bad)).contains(bad[0]);
            assertThat(r.out()).isEmpty();
            assertThat(out).doesNotExist();
        }
    }
}

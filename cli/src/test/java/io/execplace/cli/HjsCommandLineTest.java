package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The HJS features from the command line: job sets, hjs-weight, Target in results, train --env hjs, reproduce hjs. */
class HjsCommandLineTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void compareWithHjsWeightReportsTarget() throws IOException {
        Path out = dir.resolve("cmp");
        CliRunner.Result r = CliRunner.run("compare", "--cluster", "c5", "--workload", "hjs-60-20", "--queue",
                "hjs-weight", "--weight-lambda", "0.8", "--seeds", "2", "--schedulers", "gio,round-robin",
                "--out", out.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("Target");
        JsonNode records = JSON.readTree(out.resolve("results.json").toFile());
        assertThat(records).hasSize(4);
        for (JsonNode rec : records) {
            assertThat(rec.get("queue").asText()).isEqualTo("hjs-weight:0.8");
            double cost = rec.get("totalCost").asDouble();
            double max = rec.get("costMax").asDouble();
            double met = rec.get("deadlineMetPercent").asDouble();
            // Eq. 5 from the record's own numbers.
            assertThat(rec.get("target").asDouble()).isCloseTo(100 * ((max - cost) / max + met / 100), within(1e-9));
        }
        assertThat(out.resolve("charts/target.png")).isNotEmptyFile();
    }

    @Test
    void workloadsWithoutDeadlinesHaveNoTarget() throws IOException {
        Path out = dir.resolve("tpds");
        CliRunner.Result r = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "1", "--schedulers", "aep",
                "--out", out.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode rec = JSON.readTree(out.resolve("results.json").toFile()).get(0);
        assertThat(rec.get("target").isNull()).isTrue();
        assertThat(rec.get("costMax").isNull()).isTrue();
    }

    @Test
    void badHjsOptionsAreRefusedWithExitCode2() {
        CliRunner.Result lambda = CliRunner.run("simulate", "--cluster", "c5", "--workload", "hjs-60-20",
                "--queue", "edf", "--weight-lambda", "0.5", "--scheduler", "gio");
        assertThat(lambda.exitCode()).isEqualTo(2);
        assertThat(lambda.err()).contains("--weight-lambda applies to --queue hjs-weight only");
        CliRunner.Result share = CliRunner.run("simulate", "--cluster", "c5", "--workload", "hjs-60-20",
                "--deadline-share", "2", "--scheduler", "gio");
        assertThat(share.exitCode()).isEqualTo(2);
        assertThat(share.err()).contains("--deadline-share", "expected a number from 0 to 1, got 2");
        CliRunner.Result range = CliRunner.run("simulate", "--cluster", "c5", "--workload", "hjs-60-20",
                "--queue", "hjs-weight", "--weight-lambda", "1.5", "--scheduler", "gio");
        assertThat(range.exitCode()).isEqualTo(2);
        assertThat(range.err()).contains("between 0 and 1");
    }

    @Test
    void trainInTheHjsEnvironmentThenScheduleWithTheAgent() throws IOException {
        Path run = dir.resolve("hjs-agent");
        CliRunner.Result t = CliRunner.run("train", "--env", "hjs", "--agent", "reinforce", "--baseline", "--gamma", "1",
                "--cluster", "c5", "--workload", "hjs-40-20", "--weight-lambda", "0.75", "--iterations", "3",
                "--eval-interval", "3", "--eval-episodes", "1", "--out", run.toString(), "-q");
        assertThat(t.exitCode()).as(t.err()).isZero();
        assertThat(Files.readAllLines(run.resolve("learning-curve.csv"))).hasSize(2);
        CliRunner.Result s = CliRunner.run("compare", "--cluster", "c5", "--workload", "hjs-40-20", "--queue",
                "hjs-weight", "--weight-lambda", "0.75", "--seeds", "1", "--schedulers", "agent:" + run, "--json",
                "--out", dir.resolve("cmp").toString());
        assertThat(s.exitCode()).as(s.err()).isZero();
        JsonNode rec = JSON.readTree(s.out()).get(0);
        assertThat(rec.get("jobsCompleted").asInt()).isEqualTo(20);
        assertThat(rec.get("target").asDouble()).isPositive();
        // TPDS-only options are refused in the HJS environment.
        CliRunner.Result bad = CliRunner.run("train", "--env", "hjs", "--beta", "0.3", "--cluster", "c5",
                "--workload", "hjs-40-20", "--out", dir.resolve("x").toString());
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--beta");
    }

    @Test
    void reproduceHjsWritesItsFiles() throws IOException {
        Path out = dir.resolve("study");
        CliRunner.Result r = CliRunner.run("reproduce", "hjs", "--quick", "--job-sets", "hjs-40-20", "--held-out", "2",
                "--train-workloads", "1", "--hjs-iterations", "2", "--dqn-iterations", "20", "--threads", "2",
                "--out", out.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = Files.readAllLines(out.resolve("results.csv"));
        // 1 job set x 3 workloads x (6 Fig. 2 schedulers + 3 lambdas), plus the header.
        assertThat(lines).hasSize(1 + 3 * 9);
        assertThat(lines.get(0)).startsWith("figure,jobSet,scheduler,queue,split,seed,target,deadlineSuccess");
        assertThat(Files.readAllLines(out.resolve("training.csv"))).hasSize(3);
        for (String chart : List.of("fig1-target", "fig1-deadline-success", "fig2-target-held-out", "fig2-target-training")) {
            assertThat(out.resolve("charts/" + chart + ".png")).isNotEmptyFile();
        }
        assertThat(Files.readString(out.resolve("index.html"))).contains("Fig. 1", "Fig. 2", "FIFO+RR", "DQN");
        assertThat(out.resolve("agents/hjs-40-20/hjs/agent.xprl")).isNotEmptyFile();
        // On screen: the headline sentence and the report's average-Target table before "wrote".
        assertThat(r.out()).startsWith("On 2 held-out workloads per job set, HJS's average Target is ");
        assertThat(r.out().replace('\n', ' ')).containsPattern("\\d % (above|below) FIFO\\+RR")
                .contains("Average Target over the job sets")
                .contains("HJS above it by").contains("held-out").contains("training");
        assertThat(r.out().strip().lines().reduce((a, b) -> b).orElseThrow()).startsWith("wrote ");
    }
}

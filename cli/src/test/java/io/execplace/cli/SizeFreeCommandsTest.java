package io.execplace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** train --agent ppo-pairs with imitation, resume, then the one file on another cluster; bad input. */
class SizeFreeCommandsTest {

    private static CliRunner.Result run(String... args) {
        return CliRunner.run(args);
    }

    @Test
    void theSizeFreeAgentTrainsResumesAndRunsOnAnotherCluster(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("pairs");
        CliRunner.Result t = run("train", "--agent", "ppo-pairs", "--clusters", "tpds,hybrid-small", "--cluster-variants", "3",
                "--workloads", "tpds-normal", "--iterations", "2", "--collect", "2", "--hidden", "8", "--eval-interval", "1",
                "--imitate", "gio", "--imitate-episodes", "2", "--imitate-epochs", "1", "--beta", "1", "--per-job-reward",
                "--out", dir.toString(), "-q");
        assertThat(t.exitCode()).as(t.err()).isZero();
        assertThat(t.out()).contains("trained ppo-pairs to iteration 2");
        String metadata = new String(Files.readAllBytes(dir.resolve("agent.xprl")), StandardCharsets.UTF_8);
        assertThat(metadata).contains("\"kind\":\"pairs\"").contains("\"schema\":\"pairs-1\"")
                .contains("\"teacher\":\"gio\"").contains("\"sizeFree\"");

        CliRunner.Result resumed = run("train", "--out", dir.toString(), "--resume", "--iterations", "3", "-q");
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(Files.readAllLines(dir.resolve("learning-curve.csv"))).hasSize(4);

        // Trained on tpds and hybrid-small variants; c5 (12 VMs of other types and prices) and tpds-code (9 VMs).
        for (String cluster : new String[]{"c5", "tpds-code"}) {
            CliRunner.Result eval = run("evaluate", dir.toString(), "--cluster", cluster, "--workload", "tpds-burst", "--json");
            assertThat(eval.exitCode()).as(eval.err()).isZero();
            assertThat(eval.out()).contains("\"episodeCompleted\" : true").contains("\"fallbacks\" : 0");
        }
        CliRunner.Result compare = run("compare", "--cluster", "hybrid-large", "--workload", "tpds-normal", "--seeds", "1", "-q",
                "--schedulers", "first-fit,agent:" + dir, "--out", tmp.resolve("cmp").toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("agent:" + dir);
    }

    @Test
    void optionsThatCannotApplyAreBadInput(@TempDir Path tmp) {
        CliRunner.Result observation = run("train", "--agent", "ppo-pairs", "--normalise", "--out", tmp.resolve("a").toString());
        assertThat(observation.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(observation.err()).contains("--normalise").contains("ppo-pairs");
        CliRunner.Result cluster = run("train", "--agent", "ppo-pairs", "--cluster", "tpds", "--out", tmp.resolve("b").toString());
        assertThat(cluster.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(cluster.err()).contains("--clusters");
        CliRunner.Result other = run("train", "--agent", "ppo", "--clusters", "tpds", "--out", tmp.resolve("c").toString());
        assertThat(other.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(other.err()).contains("--clusters apply to --agent ppo-pairs only");
        CliRunner.Result variants = run("train", "--agent", "ppo-pairs", "--cluster-variants", "1", "--out", tmp.resolve("d").toString());
        assertThat(variants.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(variants.err()).contains("--cluster-variants");
        CliRunner.Result teacher = run("train", "--agent", "ppo-pairs", "--imitate", "no-such-scheduler", "--iterations", "1",
                "--clusters", "tpds", "--cluster-variants", "1", "--out", tmp.resolve("e").toString(), "-q");
        assertThat(teacher.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(teacher.err()).contains("no-such-scheduler");
    }

    @Test
    void aDeadlineAgentTrainsOnHjsSetsResumesAndRunsWithItsQueue(@TempDir Path tmp) throws Exception {
        Path costOnly = tmp.resolve("cost-only");
        CliRunner.Result c = run("train", "--agent", "ppo-pairs", "--clusters", "c5", "--cluster-variants", "1",
                "--workloads", "tpds-normal", "--iterations", "1", "--collect", "2", "--hidden", "8", "--out",
                costOnly.toString(), "-q");
        assertThat(c.exitCode()).as(c.err()).isZero();
        Path dir = tmp.resolve("hjs");
        CliRunner.Result t = run("train", "--agent", "ppo-pairs", "--clusters", "c5", "--cluster-variants", "1",
                "--workloads", "hjs-60-20", "--workload-seeds", "2", "--queue", "edf", "--deadlines", "--iterations", "1",
                "--collect", "2", "--hidden", "8", "--eval-interval", "1", "--start-from", costOnly.toString(),
                "--imitate", "gio", "--imitate-episodes", "2", "--imitate-epochs", "1", "--out", dir.toString(), "-q");
        assertThat(t.exitCode()).as(t.err()).isZero();
        String metadata = new String(Files.readAllBytes(dir.resolve("agent.xprl")), StandardCharsets.UTF_8);
        assertThat(metadata).contains("\"schema\":\"pairs-deadlines-1\"").contains("\"queue\":\"edf\"")
                .contains("\"targetReward\":true").contains("\"laxity\"").contains("\"startFrom\"");

        CliRunner.Result resumed = run("train", "--out", dir.toString(), "--resume", "--iterations", "2", "-q");
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        String again = new String(Files.readAllBytes(dir.resolve("agent.xprl")), StandardCharsets.UTF_8);
        assertThat(again).contains("\"schema\":\"pairs-deadlines-1\"").contains("\"queue\":\"edf\"");

        // Training seeds 1-2 come from the file; held-out seeds start at 100001.
        CliRunner.Result heldOut = run("heldout", "--workload", "hjs-60-20", "--schedulers",
                "round-robin@edf,agent:" + dir + "/agent.xprl@edf", "--held-out", "2", "--json");
        assertThat(heldOut.exitCode()).as(heldOut.err()).isZero();
        assertThat(heldOut.out()).contains("\"target\"").contains("agent:" + dir + "/agent.xprl@edf");
        // evaluate compares with the heuristics under the agent's own queue order.
        CliRunner.Result eval = run("evaluate", dir.toString(), "--held-out", "2");
        assertThat(eval.exitCode()).as(eval.err()).isZero();
        assertThat(eval.out()).contains("milp@edf").contains("gio@edf").contains("hjs@edf").contains("Target reward, queue edf");
    }

    @Test
    void deadlineOptionsThatCannotApplyAreBadInput(@TempDir Path tmp) {
        badInput("--deadlines apply to --agent ppo-pairs only",
                "train", "--agent", "ppo", "--deadlines", "--out", tmp.resolve("a").toString());
        badInput("--per-job-reward with --deadlines",
                "train", "--agent", "ppo-pairs", "--deadlines", "--per-job-reward", "--out", tmp.resolve("b").toString());
        badInput("--queue: unknown queue order 'lifo'",
                "train", "--agent", "ppo-pairs", "--queue", "lifo", "--out", tmp.resolve("c").toString());
        badInput("no-such.xprl does not exist",
                "train", "--agent", "ppo-pairs", "--start-from", "models/no-such.xprl", "--out", tmp.resolve("e").toString());
        badInput("--queue (the environment is FCFS",
                "train", "--agent", "ppo", "--queue", "edf", "--out", tmp.resolve("d").toString());
        badInput("--elastic-features apply to --agent ppo-pairs only",
                "train", "--agent", "ppo", "--elastic-features", "--out", tmp.resolve("f").toString());
        // Cluster variants redraw fixed clusters: on node pools the variants are the clusters themselves.
        badInput("with elastic cluster 'elastic-spot' the variants must be the 1 base clusters, got 24",
                "train", "--agent", "ppo-pairs", "--clusters", "elastic-spot", "--workloads", "hybrid-medium",
                "--elastic-features", "--queue", "edf", "--out", tmp.resolve("g").toString());
        assertThat(tmp.resolve("g")).doesNotExist();
    }

    /** The command is refused as bad input (exit 2) with a message containing {@code message}. */
    private static void badInput(String message, String... args) {
        CliRunner.Result r = run(args);
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err()).contains(message);
    }
}

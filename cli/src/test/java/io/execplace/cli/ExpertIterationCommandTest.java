package io.execplace.cli;

import io.execplace.experiments.training.ExpertRounds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.execplace.rl.nn.ArrayBundle;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** train --agent ppo-pairs --imitate lookahead --expert-rounds: rounds, resume, held-out report, bad input. */
class ExpertIterationCommandTest {

    private static List<String> args(Path dir, String... more) {
        List<String> a = new ArrayList<>(List.of("train", "--agent", "ppo-pairs", "--clusters", "tpds",
                "--cluster-variants", "1", "--workloads", "tpds-burst", "--jobs", "12", "--workload-seeds", "2",
                "--hidden", "8", "--imitate", "lookahead", "--imitate-episodes", "1", "--imitate-epochs", "2",
                "--expert-ppo", "1", "--collect", "1", "--beta", "1", "--per-job-reward", "--out", dir.toString(), "-q"));
        a.addAll(List.of(more));
        return a;
    }

    private static CliRunner.Result run(List<String> args) {
        return CliRunner.run(args.toArray(new String[0]));
    }

    @Test
    void roundsAreSeededAndAResumedRunEqualsAnUninterruptedOne(@TempDir Path tmp) throws Exception {
        Path whole = tmp.resolve("whole");
        CliRunner.Result a = run(args(whole, "--expert-rounds", "2", "--expert-held-out", "2"));
        assertThat(a.exitCode()).as(a.err()).isZero();
        assertThat(a.out()).contains("round 1: ").contains("(acting)").contains("round 2: ").contains("(the agent acting)")
                .contains("held-out cost / milp: agent ").contains("planner ");
        List<String> csv = Files.readAllLines(whole.resolve(ExpertRounds.CSV));
        assertThat(csv).hasSize(3);
        assertThat(csv.get(0)).startsWith("round,teacher_acted,labelled_steps");
        assertThat(csv.get(1)).startsWith("1,true,");
        assertThat(csv.get(2)).startsWith("2,false,");
        // The held-out columns hold ratios to milp: positive numbers.
        String[] second = csv.get(2).split(",");
        assertThat(Integer.parseInt(second[6])).isEqualTo(2);
        assertThat(Double.parseDouble(second[7])).isPositive();
        assertThat(Double.parseDouble(second[9])).isPositive();

        Path split = tmp.resolve("split");
        CliRunner.Result first = run(args(split, "--expert-rounds", "1", "--expert-held-out", "2"));
        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(split.resolve("round-2.xprl")).doesNotExist();
        CliRunner.Result resumed = run(List.of("train", "--out", split.toString(), "--resume", "--expert-rounds", "2", "-q"));
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("round 2: ").doesNotContain("round 1: ");
        // The same weights (the files' setup differs only in the rounds asked for at the start).
        for (String round : List.of("round-1.xprl", "round-2.xprl")) {
            ArrayBundle x = ArrayBundle.read(split.resolve(round));
            ArrayBundle y = ArrayBundle.read(whole.resolve(round));
            assertThat(x.names()).isEqualTo(y.names());
            for (String name : x.names()) {
                assertThat(Arrays.equals(x.doubles(name), y.doubles(name))).as(round + " " + name).isTrue();
            }
        }
        assertThat(Files.readAllLines(split.resolve(ExpertRounds.CSV)).subList(0, 3).stream()
                .map(l -> l.split(",")[2]).toList())
                .isEqualTo(csv.stream().map(l -> l.split(",")[2]).toList());

        // The planner uses a registered agent as its rollout policy: with horizon 0 it is exactly that agent.
        String agent = "agent:" + whole.resolve("round-2.xprl");
        CliRunner.Result byAgent = run(List.of("simulate", "--cluster", "tpds", "--workload", "tpds-burst", "--jobs", "30",
                "--scheduler", agent, "--json"));
        CliRunner.Result byPlanner = run(List.of("simulate", "--cluster", "tpds", "--workload", "tpds-burst", "--jobs", "30",
                "--scheduler", "lookahead", "--lookahead-rollout", agent, "--lookahead-horizon", "0", "--json"));
        assertThat(byAgent.exitCode()).as(byAgent.err()).isZero();
        assertThat(byPlanner.exitCode()).as(byPlanner.err()).isZero();
        assertThat(costOf(byPlanner.out())).isEqualTo(costOf(byAgent.out()));

        CliRunner.Result done = run(List.of("train", "--out", split.toString(), "--resume", "-q"));
        assertThat(done.exitCode()).as(done.err()).isZero();
        assertThat(done.out()).contains("already holds 2 rounds");
    }

    /** The {@code totalCost} of a simulate --json summary. */
    private static String costOf(String json) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"totalCost\"\\s*:\\s*([-0-9.eE]+)").matcher(json);
        assertThat(m.find()).as(json).isTrue();
        return m.group(1);
    }

    @Test
    void expertOptionsThatCannotApplyAreBadInput(@TempDir Path tmp) {
        CliRunner.Result planner = run(List.of("train", "--agent", "ppo-pairs", "--clusters", "tpds", "--cluster-variants", "1",
                "--imitate", "milp", "--expert-rounds", "2", "--out", tmp.resolve("a").toString(), "-q"));
        assertThat(planner.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(planner.err()).contains("--expert-rounds without --imitate lookahead");
        CliRunner.Result alone = run(List.of("train", "--agent", "ppo-pairs", "--clusters", "tpds", "--cluster-variants", "1",
                "--expert-ppo", "2", "--out", tmp.resolve("b").toString(), "-q"));
        assertThat(alone.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(alone.err()).contains("without --expert-rounds");
        CliRunner.Result as = run(List.of("train", "--agent", "ppo-pairs", "--clusters", "tpds", "--cluster-variants", "1",
                "--imitate", "lookahead", "--expert-rounds", "2", "--expert-agent-as", "teacher",
                "--out", tmp.resolve("c").toString(), "-q"));
        assertThat(as.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(as.err()).contains("--expert-agent-as").contains("rollout or proposer");
        CliRunner.Result iterations = run(List.of("train", "--agent", "ppo-pairs", "--clusters", "tpds", "--cluster-variants", "1",
                "--imitate", "lookahead", "--expert-rounds", "2", "--iterations", "5",
                "--out", tmp.resolve("d").toString(), "-q"));
        assertThat(iterations.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(iterations.err()).contains("--expert-ppo");
        CliRunner.Result other = run(List.of("train", "--agent", "ppo", "--expert-rounds", "2",
                "--out", tmp.resolve("e").toString(), "-q"));
        assertThat(other.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(other.err()).contains("--expert-rounds apply to --agent ppo-pairs only");
    }
}

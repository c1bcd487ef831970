package io.execplace.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The train and evaluate commands and agent:PATH in compare, end to end on tiny budgets. */
class RlCommandsTest {

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Outcome(code, out.toString(), err.toString());
    }

    private static String[] train(Path dir, String... extra) {
        String[] base = {"train", "--agent", "dqn", "--iterations", "30", "--eval-interval", "10", "--eval-episodes", "1",
            "--mask", "--normalise", "--hidden", "16", "--warmup", "50", "--beta", "1", "--out", dir.toString(), "-q"};
        String[] all = new String[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return all;
    }

    @Test
    void trainResumeEvaluateAndCompare(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("dqn");
        Outcome t = run(train(dir));
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out()).contains("trained dqn to iteration 30");
        assertThat(dir.resolve("agent.xprl")).isRegularFile();
        assertThat(dir.resolve("learning-curve.png")).isRegularFile();
        assertThat(Files.readAllLines(dir.resolve("learning-curve.csv"))).hasSize(4);

        Outcome again = run(train(dir));
        assertThat(again.code()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(again.err()).contains("--resume");

        Outcome resumed = run("train", "--out", dir.toString(), "--resume", "--iterations", "40", "-q");
        assertThat(resumed.code()).as(resumed.err()).isZero();
        assertThat(Files.readAllLines(dir.resolve("learning-curve.csv"))).hasSize(5);

        Outcome eval = run("evaluate", dir.toString(), "--seeds", "2");
        assertThat(eval.code()).as(eval.err()).isZero();
        assertThat(eval.out()).contains("dqn agent").contains("tpds / tpds-normal").contains("fallbacks");

        Outcome compare = run("compare", "--cluster", "tpds", "--workload", "tpds-normal", "--seeds", "1", "-q",
                "--schedulers", "first-fit,agent:" + dir, "--out", tmp.resolve("cmp").toString());
        assertThat(compare.code()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("agent:" + dir);
    }

    @Test
    void anAgentWithTheBusyTimeObservationAndPerJobRewardRunsAsAScheduler(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("busy");
        Outcome t = run(train(dir, "--busy-time", "--per-job-reward"));
        assertThat(t.code()).as(t.err()).isZero();
        String metadata = new String(Files.readAllBytes(dir.resolve("agent.xprl")), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(metadata).contains("\"busyTime\":true").contains("\"perJobReward\":true").contains("busyTimeScale");

        Outcome eval = run("evaluate", dir.toString(), "--json");
        assertThat(eval.code()).as(eval.err()).isZero();
        assertThat(eval.out()).contains("\"episodeCompleted\" : true");
    }

    @Test
    void theOffPolicyActorCriticTrainsAndRunsAsAScheduler(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("sac");
        Outcome t = run("train", "--agent", "sac", "--iterations", "30", "--eval-interval", "10", "--eval-episodes", "1",
                "--mask", "--normalise", "--hidden", "16", "--warmup", "50", "--tau", "0.01", "--target-entropy", "0.3",
                "--beta", "1", "--out", dir.toString(), "-q");
        assertThat(t.code()).as(t.err()).isZero();
        assertThat(t.out()).contains("trained sac to iteration 30");
        Outcome eval = run("evaluate", dir.toString());
        assertThat(eval.code()).as(eval.err()).isZero();
        assertThat(eval.out()).contains("sac agent");

        Outcome wrong = run("train", "--agent", "dqn", "--tau", "0.01", "--out", tmp.resolve("x").toString());
        assertThat(wrong.code()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(wrong.err()).contains("--tau does not apply to dqn");
    }

    @Test
    void badInputIsReportedClearly(@TempDir Path tmp) throws Exception {
        Outcome agent = run("train", "--agent", "sarsa", "--out", tmp.resolve("a").toString());
        assertThat(agent.code()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(agent.err()).contains("unknown agent 'sarsa'");

        Outcome iterations = run("train", "--iterations", "-5", "--out", tmp.resolve("b").toString());
        assertThat(iterations.code()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(iterations.err()).contains("--iterations: must be at least 1, got -5");

        Outcome option = run("train", "--agent", "reinforce", "--batch", "32", "--out", tmp.resolve("c").toString());
        assertThat(option.code()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(option.err()).contains("--batch does not apply to reinforce");

        Path junk = tmp.resolve("junk.xprl");
        Files.writeString(junk, "not a model");
        Outcome broken = run("evaluate", junk.toString());
        assertThat(broken.code()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(broken.err()).contains("junk.xprl").contains("not an execplace agent");

        Outcome missing = run("simulate", "--cluster", "tpds", "--workload", "tpds-normal", "--scheduler",
                "agent:" + tmp.resolve("nothing"));
        assertThat(missing.code()).isNotZero();
        assertThat(missing.err()).contains("nothing");

        Outcome noResume = run("train", "--resume", "--out", tmp.resolve("none").toString());
        assertThat(noResume.code()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(noResume.err()).contains("no checkpoint to resume");
    }
}

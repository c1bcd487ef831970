package io.execplace.cli;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.spi.SchedulerRegistry;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Errors by kind through the command line: bad input (files, options, huge numbers) is one line and
 * exit 2 before any work and without output; an internal failure is exit 1, "internal error", how
 * to report it, and a stack trace only when asked for.
 */
class InputErrorsTest {

    @TempDir
    Path dir;

    private static void assertBadInput(CliRunner.Result r, String... parts) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err()).startsWith("execplace: error: ").contains(parts);
        assertThat(r.err().strip().lines()).as("one line").hasSize(1);
        assertThat(r.err()).doesNotContain("Exception", "\tat ");
    }

    @Test
    void hugeNumbersAreRefusedBeforeAnyWorkAndLeaveNoOutput() throws IOException {
        Path out = dir.resolve("never");
        assertBadInput(CliRunner.run("compare", "--jobs", "2000000000", "--out", out.toString(), "-q"),
                "--jobs: too large: at most", "jobs fit in the", "MB this JVM may use");
        assertBadInput(CliRunner.run("compare", "--seed", "9223372036854775807", "--seeds", "2", "--out", out.toString(),
                "-q"), "--seed: seed 9223372036854775807 with 2 seeds passes the largest seed");
        assertBadInput(CliRunner.run("train", "--hidden", "100000,100000", "--out", out.toString(), "-q"),
                "--hidden: a dqn agent with hidden layers [100000, 100000] needs at least", "MB");
        assertBadInput(CliRunner.run("train", "--agent", "ppo", "--hidden", "2000000000", "--out", out.toString(), "-q"),
                "--hidden: a ppo agent with hidden layers [2000000000] needs at least");
        assertThat(out).doesNotExist();

        Path trace = dir.resolve("far.csv");
        Files.writeString(trace, "job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n0,sort,1e300,2,4,3,50,\n");
        assertBadInput(CliRunner.run("simulate", "--cluster", "tpds", "--workload", trace.toString()),
                "far.csv line 2, field 'arrival': too large");

        Path cluster = dir.resolve("big.yaml");
        Files.writeString(cluster, "vmTypes:\n  - {name: a, cores: 4, memoryGb: 8, pricePerHour: 1, count: 2000000000}\n");
        assertBadInput(CliRunner.run("simulate", "--cluster", cluster.toString(), "--workload", "tpds-normal"),
                "big.yaml line 2", "field 'count': too large: at most 1000000");
    }

    @Test
    void optionRefusalsOfEveryCommandAreBadInput() {
        assertBadInput(CliRunner.run("compare", "--threads", "0", "-q"), "--threads: must be at least 1, got 0");
        assertBadInput(CliRunner.run("generate", "--workload", "nope", "--out", "-"), "--workload: unknown workload preset");
        assertBadInput(CliRunner.run("generate", "--jobs", "0", "--out", "-"), "--jobs: expected a whole number >= 1");
        assertBadInput(CliRunner.run("train", "--workload-seeds", "0"), "--workload-seeds: workload seeds must be at least 1");
        assertBadInput(CliRunner.run("train", "--lr", "-1"), "learning rate must be a positive number");
        assertBadInput(CliRunner.run("reproduce", "tpds", "--agents", "foo"), "--agents:");
        assertBadInput(CliRunner.run("reproduce", "hybrid", "--milp-solver", "glpk"), "--milp-solver:");
    }

    @Test
    void simulateRunsOneSchedulerAndSaysHowToRunSeveral() {
        assertBadInput(CliRunner.run("simulate", "--scheduler", "all"),
                "--scheduler: simulate runs one scheduler", "execplace compare --schedulers all");
        assertBadInput(CliRunner.run("simulate", "--scheduler", "first-fit,gio"),
                "execplace compare --schedulers first-fit,gio");
    }

    @Test
    void theHeaderAndNameSayWhatRuns() {
        CliRunner.Result r = CliRunner.run("simulate", "--cluster", "tpds", "--workload", "tpds-normal", "--scheduler",
                "first-fit");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("scenario tpds-tpds-normal: Cluster tpds (12 VMs), workload tpds-normal, queue fcfs");
        CliRunner.Result large = CliRunner.run("simulate", "--cluster", "hybrid-large", "--workload", "hybrid-day",
                "--jobs", "30", "--scheduler", "gio");
        assertThat(large.exitCode()).as(large.err()).isZero();
        assertThat(large.out()).startsWith("scenario hybrid-large-hybrid-day: Cluster hybrid-large/pricing-1 (180 VMs), "
                + "workload hybrid-day, queue edf").doesNotContain("default");
    }

    @Test
    void pricingOnAClusterWithoutPricingModelsIsRefused() {
        assertBadInput(CliRunner.run("simulate", "--cluster", "tpds", "--workload", "tpds-normal", "--pricing", "3"),
                "--pricing: the pricing model applies to the hybrid presets (hybrid-small, hybrid-large), not to cluster 'tpds'");
        assertThat(CliRunner.run("simulate", "--cluster", "hybrid-small", "--pricing", "3", "--jobs", "10").exitCode())
                .isZero();
    }

    @Test
    void scenarioFileErrorsNameFileLineAndField() throws IOException {
        Path s = dir.resolve("s.yaml");
        Files.writeString(s, "cluster: tpds\nworkload: tpds-normal\nseeds: -1\n");
        assertBadInput(CliRunner.run("compare", "--scenario", s.toString(), "-q"),
                "s.yaml line 3, field 'seeds': expected a whole number >= 1, got -1");
        Files.writeString(s, "cluster: tpds\nqueue: lifo\n");
        assertBadInput(CliRunner.run("compare", "--scenario", s.toString(), "-q"),
                "s.yaml line 2, field 'queue': unknown queue order 'lifo'");
        Files.writeString(s, "cluster: tpds\nschedulers: [gio, fastest]\n");
        assertBadInput(CliRunner.run("compare", "--scenario", s.toString(), "-q"),
                "s.yaml line 2, field 'schedulers': unknown scheduler 'fastest'");
        Files.writeString(s, "jobs: [1, 2]\n");
        assertBadInput(CliRunner.run("compare", "--scenario", s.toString(), "-q"),
                "s.yaml line 1, field 'jobs': expected a single value, got a list");
        Files.writeString(s, "");
        assertBadInput(CliRunner.run("compare", "--scenario", s.toString(), "-q"), "s.yaml: the scenario file is empty");
        Files.write(s, new byte[]{(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0x80});
        assertBadInput(CliRunner.run("compare", "--scenario", s.toString(), "-q"), "s.yaml: not a text file");
        Path cluster = dir.resolve("c.yaml");
        Files.write(cluster, new byte[]{(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0x80});
        assertBadInput(CliRunner.run("simulate", "--cluster", cluster.toString()), "c.yaml: not a text file");
    }

    /** A scheduler with a bug: it breaks a contract of the JDK, not the user's input. */
    private static SchedulerRegistry withBrokenScheduler(RuntimeException failure) {
        return Schedulers.builtIn().with("broken", "throws", seed -> new PlacementPolicy() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public io.execplace.core.model.Placement place(io.execplace.core.model.Job job,
                                                           io.execplace.core.policy.ClusterView view) {
                throw failure;
            }
        });
    }

    private static CliRunner.Result run(SchedulerRegistry registry, Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(registry, env, new PrintWriter(out), new PrintWriter(err), args);
        return new CliRunner.Result(code, out.toString(), err.toString());
    }

    @Test
    void anInternalFailureIsExitOneWithHowToReportItAndATraceOnlyWhenAsked() {
        SchedulerRegistry broken = withBrokenScheduler(new IllegalArgumentException("index -1 out of bounds"));
        String[] args = {"simulate", "--cluster", "tpds", "--workload", "tpds-normal", "--scheduler", "broken"};
        CliRunner.Result plain = run(broken, Map.of(), args);
        // an IllegalArgumentException inside a scheduler is a bug, not bad input
        assertThat(plain.exitCode()).isEqualTo(Main.EXIT_FAILURE);
        assertThat(plain.err()).startsWith("execplace: internal error: java.lang.IllegalArgumentException: index -1")
                .contains("This is a bug in execplace", "--verbose").doesNotContain("\tat ");

        String[] verbose = new String[args.length + 1];
        System.arraycopy(args, 0, verbose, 0, args.length);
        verbose[args.length] = "--verbose";
        CliRunner.Result traced = run(broken, Map.of(), verbose);
        assertThat(traced.exitCode()).isEqualTo(Main.EXIT_FAILURE);
        assertThat(traced.err()).contains("internal error", "\tat ");

        CliRunner.Result byVariable = run(broken, Map.of(Main.DEBUG_VARIABLE, "1"), args);
        assertThat(byVariable.err()).contains("internal error", "\tat ");

        // the registry handed in is the one the command line uses: the default one has no 'broken'
        assertBadInput(CliRunner.run(args), "--scheduler: unknown scheduler 'broken'");
    }
}

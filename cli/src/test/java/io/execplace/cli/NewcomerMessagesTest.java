package io.execplace.cli;

import io.execplace.cli.train.TrainCommand;
import io.execplace.rl.train.CurvePoint;
import io.execplace.rl.train.Evaluation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 14, items 8 and 9: what a new user reads (errors, help, agent fallbacks, headline). */
class NewcomerMessagesTest {

    @TempDir
    Path dir;

    @Test
    void aParseErrorIsOneLineAndAHint() {
        CliRunner.Result r = CliRunner.run("compare", "--seed", "abc");
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err().lines().toList()).containsExactly(
                "execplace: error: Invalid value for option '--seed': 'abc' is not a long",
                "Try 'execplace compare --help' for its options.");
        CliRunner.Result typo = CliRunner.run("simulate", "--sedd", "3");
        assertThat(typo.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(typo.err()).contains("Unknown option").contains("--seed").doesNotContain("Usage:");
    }

    @Test
    void helpHasNoPicocliWarningsAndNamesSac() {
        for (List<String> command : List.of(List.of("compare"), List.of("simulate"), List.of("train"),
                List.of("evaluate"), List.of("generate"), List.of("presets"), List.of("bench"), List.of("completion"),
                List.of("reproduce", "hybrid"), List.of("reproduce", "tpds"))) {
            String[] args = new java.util.ArrayList<>(command) {{ add("--help"); }}.toArray(new String[0]);
            CliRunner.Result r = CliRunner.run(args);
            assertThat(r.exitCode()).as(String.join(" ", command)).isZero();
            assertThat(r.err()).as(String.join(" ", command)).doesNotContain("WARN");
        }
        assertThat(CliRunner.run("train", "--help").out()).contains("SAC");
        assertThat(CliRunner.run("presets").out()).contains("SAC");
    }

    @Test
    void commandListsShowWholeSentences() {
        for (String[] args : new String[][] {{"--help"}, {"reproduce", "--help"}}) {
            String help = CliRunner.run(args).out();
            String commands = help.substring(help.indexOf("Commands:") + "Commands:".length());
            commands = commands.contains("\n\n") ? commands.substring(0, commands.indexOf("\n\n")) : commands;
            // An entry starts at two spaces and a name; continuation lines are indented further.
            for (String entry : commands.strip().split("\n(?=  [a-z])")) {
                String text = entry.strip().replaceAll("\\s+", " ");
                assertThat(text).as(String.join(" ", args)).endsWith(".");
            }
        }
    }

    @Test
    void completionPrintsABashScriptForEveryCommand() {
        CliRunner.Result r = CliRunner.run("completion");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("#!/usr/bin/env bash").contains("complete -F")
                .contains("compare").contains("reproduce").contains("--scenario").contains("--trace-out");
    }

    @Test
    void oneSeedShowsNoSpreadAndTheHeadlineComesFirst() {
        CliRunner.Result r = CliRunner.run("compare", "--jobs", "60", "--seeds", "1",
                "--schedulers", "round-robin,first-fit,gio", "--out", dir.resolve("one").toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("±");
        String afterScenario = r.out().substring(r.out().indexOf('\n') + 1).strip();
        assertThat(afterScenario).containsPattern("^(first-fit|gio|round-robin)");
        String headline = afterScenario.substring(0, afterScenario.indexOf("\n\n")).replace('\n', ' ');
        assertThat(headline).contains("Spark's default (round-robin spread)").contains("% less");
        assertThat(r.out()).contains("cost (price units)").contains("delay median µs");
    }

    @Test
    void generateNamesTheFormatAsTheOptionDoes() {
        CliRunner.Result r = CliRunner.run("generate", "--workload", "hybrid-high", "--jobs", "3", "--out",
                dir.resolve("w.csv").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.err()).contains("in the csv format").doesNotContain("execplace_csv");
    }

    @Test
    void trainingSummaryWithoutACompletedEpisodeSaysSo() {
        String none = TrainCommand.evaluationSummary(CurvePoint.at(10, 100, 3).trainMeanReturn(-50)
                .evaluation(new Evaluation.Result(-210, 0, Double.NaN, Double.NaN, 0, List.of())).build());
        assertThat(none).contains("no evaluation episode completed").doesNotContain("–").doesNotContain("0 of");
        String some = TrainCommand.evaluationSummary(CurvePoint.at(10, 100, 3).trainMeanReturn(-50)
                .evaluation(new Evaluation.Result(9000, 0.5, 1.75, 98.4, 40, List.of())).build());
        assertThat(some).contains("50% of episodes completed, cost 1.750, mean duration 98.40 s");
    }

    @Test
    void agentFallbacksAreReportedByCompareAndSimulate() throws IOException {
        Path agent = dir.resolve("agent");
        // Trained without the action mask, so the untrained agent's penalised choices become fallbacks.
        CliRunner.Result t = CliRunner.run("train", "--agent", "reinforce", "--iterations", "3", "--eval-interval", "3",
                "--eval-episodes", "1", "--hidden", "8", "--out", agent.toString(), "-q");
        assertThat(t.exitCode()).as(t.err()).isZero();
        Path out = dir.resolve("cmp");
        CliRunner.Result c = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "2",
                "--schedulers", "first-fit,agent:" + agent, "--out", out.toString(), "-q");
        assertThat(c.exitCode()).as(c.err()).isZero();
        assertThat(c.out()).contains("executor decisions").contains("fallback %").contains("holds");
        List<String> csv = Files.readAllLines(out.resolve("results.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        int decisions = header.indexOf("agentDecisions");
        int fallbacks = header.indexOf("agentFallbacks");
        assertThat(decisions).isPositive();
        long agentRows = 0;
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            if (line.contains(",agent:")) {
                agentRows++;
                assertThat(Long.parseLong(f[decisions])).isPositive();
                assertThat(Long.parseLong(f[fallbacks])).isBetween(0L, Long.parseLong(f[decisions]));
            } else {
                assertThat(f[decisions]).isEmpty();
            }
        }
        assertThat(agentRows).isEqualTo(2);
        assertThat(Files.readString(out.resolve("index.html"))).contains("<h2>Agents</h2>");
        CliRunner.Result s = CliRunner.run("simulate", "--scenario", "tpds-normal", "--scheduler", "agent:" + agent);
        assertThat(s.exitCode()).as(s.err()).isZero();
        assertThat(s.out()).containsPattern("agentFallbacks +\\d+").containsPattern("agentDecisions +[1-9]");
    }
}

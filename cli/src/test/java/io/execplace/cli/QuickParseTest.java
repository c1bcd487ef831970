package io.execplace.cli;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.simulate.SimulateCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link QuickParse} must fill a command exactly as picocli does, or leave the command line to picocli. */
class QuickParseTest {

    /** A fresh simulate command with the command line's schedulers (its options are all that is read here). */
    private static SimulateCommand simulate() {
        return new SimulateCommand(new CommandContext(Main.schedulers(), null));
    }

    /** A value of the option's type that QuickParse reads itself, in the form a user would write it. */
    private static String sample(OptionSpec o, Random random) {
        Class<?> t = o.type();
        if (t == Integer.class || t == int.class) {
            return String.valueOf(random.nextInt(1000));
        }
        if (t == Long.class || t == long.class) {
            return String.valueOf(random.nextInt(1_000_000) * 1000L);
        }
        if (t == Double.class || t == double.class) {
            return List.of("0.25", "3", "1e3", "2.5E-2", "0").get(random.nextInt(5));
        }
        if (t == Path.class) {
            return "out/run-" + random.nextInt(100) + ".jsonl";
        }
        return List.of("gio", "hybrid-small", "a:b/c.xprl", "x y").get(random.nextInt(4));
    }

    private static boolean isBoolean(OptionSpec o) {
        return o.type() == Boolean.class || o.type() == boolean.class;
    }

    /** Every option's value after picocli parsed the command line into a fresh command. */
    private static Map<String, Object> byPicocli(List<String> args) {
        CommandLine cl = new CommandLine(simulate());
        cl.parseArgs(args.toArray(new String[0]));
        return values(cl);
    }

    /** Every option's value after QuickParse filled a fresh command (read through picocli's model of it). */
    private static Map<String, Object> byQuickParse(List<String> args) {
        SimulateCommand command = simulate();
        assertThat(QuickParse.populate(command, args.toArray(new String[0]), 0)).as("quick parse of %s", args).isTrue();
        return values(new CommandLine(command));
    }

    private static Map<String, Object> values(CommandLine cl) {
        Map<String, Object> v = new LinkedHashMap<>();
        for (OptionSpec o : cl.getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                v.put(o.longestName(), o.getValue());
            }
        }
        return v;
    }

    private static List<OptionSpec> options() {
        List<OptionSpec> options = new ArrayList<>();
        for (OptionSpec o : new CommandLine(simulate()).getCommandSpec().options()) {
            if (!o.usageHelp() && !o.versionHelp()) {
                options.add(o);
            }
        }
        return options;
    }

    @Test
    void everyOptionOfSimulateIsReadAsPicocliReadsIt() {
        List<OptionSpec> options = options();
        assertThat(options).hasSizeGreaterThan(30);
        Random random = new Random(1);
        for (OptionSpec o : options) {
            for (String name : o.names()) {
                List<List<String>> forms = new ArrayList<>();
                if (isBoolean(o)) {
                    forms.add(List.of(name));
                    if (o.negatable()) {
                        forms.add(List.of("--no-" + name.substring(2)));
                    }
                } else {
                    String value = sample(o, random);
                    forms.add(List.of(name, value));
                    if (name.startsWith("--")) {
                        forms.add(List.of(name + "=" + value));
                    }
                }
                for (List<String> args : forms) {
                    assertThat(byQuickParse(args)).as("%s", args).isEqualTo(byPicocli(args));
                }
            }
        }
    }

    @Test
    void randomCommandLinesGiveTheSameCommandEitherWay() {
        List<OptionSpec> options = options();
        for (int seed = 0; seed < 200; seed++) {
            Random random = new Random(seed);
            List<OptionSpec> chosen = new ArrayList<>(options);
            Collections.shuffle(chosen, random);
            List<String> args = new ArrayList<>();
            for (OptionSpec o : chosen.subList(0, 1 + random.nextInt(12))) {
                String name = o.names()[random.nextInt(o.names().length)];
                if (isBoolean(o)) {
                    args.add(o.negatable() && random.nextBoolean() ? "--no-" + name.substring(2) : name);
                } else if (random.nextBoolean() && name.startsWith("--")) {
                    args.add(name + "=" + sample(o, random));
                } else {
                    args.add(name);
                    args.add(sample(o, random));
                }
            }
            assertThat(byQuickParse(args)).as("seed %d: %s", seed, args).isEqualTo(byPicocli(args));
        }
    }

    @Test
    void defaultsAreAppliedAsPicocliAppliesThem() {
        assertThat(byQuickParse(List.of())).isEqualTo(byPicocli(List.of()));
        assertThat(byQuickParse(List.of()).get("--scheduler")).isEqualTo("gio");
    }

    /** Everything but the plain forms goes to picocli, whose answers (help, errors) stay what they were. */
    @ParameterizedTest
    @ValueSource(strings = {
            "--help", "-h", "--version", "-V", "--verbose", "--unknown x", "positional", "--", "-qv",
            "--jobs 0x10", "--jobs 010", "--jobs -5", "--jobs +5", "--jobs 1.5", "--jobs 99999999999",
            "--seed -1", "--mean-gap NaN", "--mean-gap 1e", "--mean-gap .5", "--mean-gap -Infinity", "--mean-gap 0x1p3",
            "--scheduler", "--scheduler=", "--scheduler gio --scheduler milp", "--json=true", "--no-json",
            "--admission --no-admission", "--scenario -q", "--trace-out"})
    void declinesWhatItWouldNotReadExactlyAsPicocli(String line) {
        assertThat(QuickParse.populate(simulate(), line.split(" "), 0)).isFalse();
    }

    /** The same command line through picocli, as every command but the quick ones runs. */
    private static CliRunner.Result byPicocli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        PrintWriter o = new PrintWriter(out);
        PrintWriter e = new PrintWriter(err);
        int code = Main.commandLine(Main.schedulers(), Map.of(), Main.Extensions.none(), o, e).execute(args);
        o.flush();
        e.flush();
        return new CliRunner.Result(code, out.toString(), err.toString());
    }

    @Test
    void aQuickRunPrintsWhatThePicocliRunPrints() {
        String[] args = {"simulate", "--scenario", "tpds-burst", "--scheduler", "first-fit", "--seed", "3", "-q"};
        CliRunner.Result quick = CliRunner.run(args);
        CliRunner.Result picocli = byPicocli(args);
        assertThat(quick.exitCode()).isZero();
        // everything but the measured decision times
        assertThat(quick.out()).contains("first-fit");
        assertThat(withoutTimes(quick.out())).isEqualTo(withoutTimes(picocli.out()));
        assertThat(quick.err()).isEqualTo(picocli.err());
    }

    private static List<String> withoutTimes(String out) {
        return out.lines().filter(l -> !l.contains("schedulingDelay")).toList();
    }

    @Test
    void aQuickRunReportsBadInputAsPicocliRunsDo() {
        String[] args = {"simulate", "--scenario", "tpds-burst", "--jobs", "0"};
        CliRunner.Result quick = CliRunner.run(args);
        CliRunner.Result picocli = byPicocli(args);
        assertThat(quick.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT).isEqualTo(picocli.exitCode());
        assertThat(quick.err()).startsWith("execplace: error: --jobs").isEqualTo(picocli.err());
        assertThat(quick.err().lines()).hasSize(1);
        assertThat(quick.out()).isEmpty();
    }
}

package io.execplace.cli.simulate;

import io.execplace.cli.output.TextTable;
import io.execplace.cli.output.Version;
import io.execplace.core.io.BadInputException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.experiments.bench.Benchmarks;
import io.execplace.experiments.report.Format;
import io.execplace.rl.train.RlBenchmarks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Consumer;
import java.util.concurrent.Callable;

/** {@code execplace bench}: decision latency and whole-simulation speed against the targets. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Measure decision latency and whole-simulation speed against the targets.",
                "Decisions of first-fit and gio at 9, 12 and 180 VMs; wall time of the 10,000-job hybrid-large day;",
                "milp decisions over whole runs on tpds, hybrid-small and hybrid-large (CP-SAT; SCIP for comparison);",
                "lookahead decisions over whole runs on tpds and hybrid-large;",
                "after JIT warm-up. Close other programs for stable numbers."})
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "Fewer repetitions (less stable numbers).")
    boolean quick;

    @Option(names = "--json", description = "Print the measurements as JSON.")
    boolean json;

    @Option(names = "--milp", description = "Only the milp decision benchmarks (CP-SAT on tpds, hybrid-small, hybrid-large; SCIP for comparison).")
    boolean milpOnly;

    @Option(names = "--lookahead", description = "Only the lookahead decision benchmarks (tpds-burst on tpds, 2,000-job hybrid-day on hybrid-large).")
    boolean lookaheadOnly;

    @Option(names = "--rl", description = "Measure the learned schedulers instead: environment steps/s (random valid actions) "
            + "and the wall time of 10,000 DQN and REINFORCE iterations at TPDS Table 5 settings (single-threaded).")
    boolean rl;

    @Option(names = "--liu", description = "Measure the LIU value network (own loops vs netlib BLAS) and training episodes, "
            + "extrapolated to the paper's 2,000-episode training.")
    boolean liu;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if ((rl || liu) && (milpOnly || lookaheadOnly)) {
            // Two different suites with their own tables: one run would silently drop one of them.
            throw new BadInputException((rl ? "--rl" : "--liu") + " measures the learned schedulers, "
                    + (milpOnly ? "--milp" : "--lookahead") + " the exact ones: run them as two commands");
        }
        if (rl || liu) {
            return rlBenchmarks(out);
        }
        Benchmarks.Settings settings = quick ? Benchmarks.Settings.quick() : Benchmarks.Settings.full();
        TextTable table = new TextTable(List.of("benchmark", "median", "p99/max", "samples", "target", "met"));
        Consumer<Benchmarks.Measurement> progress = m -> {
            if (!json) {
                spec.commandLine().getErr().println("  " + m.name() + ": median " + Format.millis(m.median()));
                spec.commandLine().getErr().flush();
            }
        };
        EnumSet<Benchmarks.ExactSuite> only = EnumSet.noneOf(Benchmarks.ExactSuite.class);
        if (milpOnly) {
            only.add(Benchmarks.ExactSuite.MILP);
        }
        if (lookaheadOnly) {
            only.add(Benchmarks.ExactSuite.LOOKAHEAD);
        }
        List<Benchmarks.Measurement> results = only.isEmpty() ? Benchmarks.run(settings, progress)
                : Benchmarks.runExact(settings, only, progress);
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(results));
        } else {
            for (Benchmarks.Measurement m : results) {
                String met = !m.hasTarget() ? "-" : m.meetsTarget() ? "yes" : "NO";
                table.row(List.of(m.name(), time(m.median()), time(m.p99()), Long.toString(m.samples()), m.target(), met));
            }
            out.println();
            table.print(out);
        }
        out.flush();
        return 0;
    }

    private int rlBenchmarks(PrintWriter out) throws Exception {
        java.util.function.Consumer<RlBenchmarks.Result> progress = r -> {
            if (!json) {
                spec.commandLine().getErr().println("  " + r.name() + ": " + Format.sig(r.value(), 3) + " " + r.unit());
                spec.commandLine().getErr().flush();
            }
        };
        List<RlBenchmarks.Result> results = liu ? io.execplace.liu.agent.LiuBenchmarks.run(quick, progress)
                : RlBenchmarks.run(quick, progress);
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(results));
        } else {
            TextTable table = new TextTable(List.of("benchmark", "value", "target", "met"));
            for (RlBenchmarks.Result r : results) {
                table.row(List.of(r.name(), Format.sig(r.value(), 3) + " " + r.unit() + (r.extrapolated() ? " (est.)" : ""),
                        r.target(), r.met() ? "yes" : "NO"));
            }
            out.println();
            table.print(out);
        }
        out.flush();
        return 0;
    }

    /** A measured time in milliseconds, in microseconds below one. */
    private static String time(double millis) {
        return millis < 1 ? Format.sig(millis * 1000, 3) + " µs" : Format.sig(millis, 3) + " ms";
    }
}

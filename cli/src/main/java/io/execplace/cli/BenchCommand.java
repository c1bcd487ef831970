package io.execplace.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.experiments.bench.Benchmarks;
import io.execplace.experiments.report.Format;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code execplace bench}: decision latency and whole-simulation speed against the targets. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Measure decision latency and whole-simulation speed against the targets.",
                "Decisions of first-fit and gio at 9, 12 and 180 VMs; wall time of the 10,000-job hybrid-large day;",
                "after JIT warm-up. Close other programs for stable numbers."})
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--quick", description = "Fewer repetitions (less stable numbers).")
    boolean quick;

    @Option(names = "--json", description = "Print the measurements as JSON.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Benchmarks.Settings settings = quick ? Benchmarks.Settings.quick() : Benchmarks.Settings.full();
        TextTable table = new TextTable(List.of("benchmark", "median", "p99/max", "samples", "target", "met"));
        List<Benchmarks.Measurement> results = Benchmarks.run(settings, m -> {
            if (!json) {
                spec.commandLine().getErr().println("  " + m.name() + ": median " + Format.millis(m.median()));
                spec.commandLine().getErr().flush();
            }
        });
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(results));
        } else {
            for (Benchmarks.Measurement m : results) {
                boolean micro = m.median() < 1;
                String median = micro ? Format.sig(m.median() * 1000, 3) + " us" : Format.sig(m.median(), 3) + " ms";
                String p99 = micro ? Format.sig(m.p99() * 1000, 3) + " us" : Format.sig(m.p99(), 3) + " ms";
                table.row(List.of(m.name(), median, p99, Long.toString(m.samples()), m.target(), m.meetsTarget() ? "yes" : "NO"));
            }
            out.println();
            table.print(out);
        }
        out.flush();
        return 0;
    }
}

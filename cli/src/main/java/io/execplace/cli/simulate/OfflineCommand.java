package io.execplace.cli.simulate;

import io.execplace.cli.command.DeprecatedNames;
import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.MilpLookaheadOptions;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.OutputOptions;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.PresetPricing;
import io.execplace.core.io.BadInputException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.experiments.api.OfflineComparison;
import io.execplace.experiments.api.OfflineRequest;
import io.execplace.experiments.report.Format;
import io.execplace.schedulers.offline.OfflineOptimum;
import io.execplace.schedulers.offline.OfflineOptions;
import io.execplace.schedulers.offline.OfflineResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.List;

/** {@code execplace offline}: schedulers on small workloads against the offline optimum and the lower bound. */
@Command(name = "offline", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Schedulers on small workloads against the clairvoyant offline optimum and the lower bound.",
                "Runs schedulers on small workloads (up to ~30 jobs) and compare each with the offline optimum",
                "(CP-SAT over the whole schedule, knowing every arrival; proven optimal or with its gap) and with",
                "the lower bound. The search starts from the cheapest scheduler's schedule."})
public final class OfflineCommand extends ContextCommand {

    public OfflineCommand(CommandContext context) {
        super(context);
    }

    @Mixin
    OutputOptions output;

    @Mixin
    MilpLookaheadOptions milpOptions;

    @Option(names = "--workload", paramLabel = "PRESET", description = "Workload preset (default tpds-burst).")
    String workload = "tpds-burst";

    @Option(names = "--cluster", paramLabel = "PRESET", description = "Cluster preset or cluster YAML file (default tpds).")
    String cluster = "tpds";

    @Mixin
    PresetPricing pricing;

    @Option(names = "--jobs", paramLabel = "N", description = "Jobs per workload, 1..60 (default 12).")
    int jobs = 12;

    @Option(names = "--seed", paramLabel = "N", description = "First seed (default 1).")
    long seed = 1;

    @Option(names = "--seeds", paramLabel = "N", description = "Workloads: seeds --seed, --seed+1, ... (default 3).")
    int seeds = 3;

    @Option(names = "--schedulers", paramLabel = "a,b,c", split = ",",
            description = "Schedulers (default: first-fit, round-robin-consolidate, gio, milp, lookahead).")
    List<String> schedulers = OfflineRequest.DEFAULT_SCHEDULERS;

    @Option(names = "--offline-time-limit", paramLabel = "MS",
            description = "CP-SAT wall-time limit per workload in milliseconds, as --milp-time-limit (default 60000).")
    Long timeLimitMillis;

    @Option(names = "--time-limit", paramLabel = "S", hidden = true, description = "Deprecated: --offline-time-limit MS.")
    Double oldTimeLimitSeconds;

    /** The limit in seconds, as OfflineOptions takes it. */
    private double timeLimit = OfflineOptions.DEFAULT_TIME_LIMIT_SECONDS;

    @Override
    public Integer call() throws Exception {
        if (oldTimeLimitSeconds != null && timeLimitMillis != null) {
            throw BadInputException.option("--time-limit", "is the old name of --offline-time-limit; give only --offline-time-limit");
        }
        if (oldTimeLimitSeconds != null) {
            timeLimit = oldTimeLimitSeconds;
            Options.checked("--time-limit", () -> OfflineOptions.defaults().withTimeLimitSeconds(timeLimit));
            DeprecatedNames.warn(context, "--time-limit S", "--offline-time-limit MS"); // after the check: a refusal stays one line
        } else if (timeLimitMillis != null) {
            timeLimit = timeLimitMillis / 1000.0;
        }
        OfflineRequest request = OfflineRequest.builder().workload(workload).cluster(cluster).pricing(pricing.model).jobs(jobs)
                .seed(seed).seeds(seeds).schedulers(schedulers).timeLimitSeconds(timeLimit).tuning(milpOptions.tuning())
                .build();
        OfflineComparison.check(context.schedulers(), request);
        OfflineComparison.Result result = OfflineComparison.run(context.schedulers(), request);
        PrintWriter out = spec.commandLine().getOut();
        if (output.json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result.records()));
        } else {
            print(result, out);
        }
        out.flush();
        return 0;
    }

    private void print(OfflineComparison.Result result, PrintWriter out) {
        TextTable perSeed = new TextTable(List.of("seed", OfflineOptimum.NAME, "status", "gap", "lower bound", "solve s",
                "cheapest scheduler"));
        for (OfflineComparison.SeedResult s : result.seeds()) {
            OfflineResult r = s.reference().optimum();
            perSeed.row(List.of(Long.toString(s.seed()), Format.sig(r.cost(), 4), r.status().name().toLowerCase()
                    + (r.exactGrid() ? "" : " (rounded)"), Format.sig(100 * r.gap(), 3) + " %",
                    Format.sig(s.reference().lowerBound(), 4), Format.sig(r.solveSeconds(), 3), s.cheapest().orElse("–")));
        }
        out.println(workload + " (" + jobs + " jobs) on " + cluster + ", " + seeds + " seed(s), CP-SAT limit "
                + Format.sig(timeLimit, 3) + " s per workload");
        perSeed.print(out);
        out.println();
        TextTable table = new TextTable(List.of("scheduler", "cost / offline optimum", "cost / lower bound"));
        for (String name : schedulers) {
            table.row(List.of(name, meanRange(result.toOptimum(name)), meanRange(result.toLowerBound(name))));
        }
        table.print(out);
        out.println("mean [min, max] over the workloads; runs that dropped jobs are left out (NaN).");
    }

    private static String meanRange(double[] v) {
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            sum += x;
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        return Format.sig(sum / v.length, 4) + " [" + Format.sig(min, 4) + ", " + Format.sig(max, 4) + "]";
    }
}

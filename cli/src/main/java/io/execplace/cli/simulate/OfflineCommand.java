package io.execplace.cli.simulate;

import io.execplace.cli.command.DeprecatedNames;
import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.MilpLookaheadOptions;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.OutputOptions;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.output.Version;
import io.execplace.core.io.BadInputException;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.experiments.scenario.ScenarioResolver;
import io.execplace.experiments.scenario.ScenarioSpec;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.report.Format;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.Schedulers;
import io.execplace.schedulers.offline.OfflineOptimum;
import io.execplace.schedulers.offline.OfflineOptions;
import io.execplace.schedulers.offline.OfflineReference;
import io.execplace.schedulers.offline.OfflineResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code execplace offline}: schedulers on small workloads against the offline optimum and the lower bound. */
@Command(name = "offline", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Schedulers on small workloads against the clairvoyant offline optimum and the lower bound.",
                "Runs schedulers on small workloads (up to ~30 jobs) and compare each with the offline optimum",
                "(CP-SAT over the whole schedule, knowing every arrival; proven optimal or with its gap) and with",
                "the lower bound. The search starts from the cheapest scheduler's schedule."})
public final class OfflineCommand implements Callable<Integer> {

    private final CommandContext context;

    public OfflineCommand(CommandContext context) {
        this.context = context;
    }

    @Spec
    CommandSpec spec;

    @Mixin
    OutputOptions output;

    @Mixin
    MilpLookaheadOptions milpOptions;

    @Option(names = "--workload", paramLabel = "PRESET", description = "Workload preset (default tpds-burst).")
    String workload = "tpds-burst";

    @Option(names = "--cluster", paramLabel = "PRESET", description = "Cluster preset or cluster YAML file (default tpds).")
    String cluster = "tpds";

    @Option(names = "--pricing", paramLabel = "1|2|3|4|real", description = "HYB pricing model of hybrid presets (default 1).")
    String pricing = "1";

    @Option(names = "--jobs", paramLabel = "N", description = "Jobs per workload, 1..60 (default 12).")
    int jobs = 12;

    @Option(names = "--seed", paramLabel = "N", description = "First seed (default 1).")
    long seed = 1;

    @Option(names = "--seeds", paramLabel = "N", description = "Workloads: seeds --seed, --seed+1, ... (default 3).")
    int seeds = 3;

    @Option(names = "--schedulers", paramLabel = "a,b,c", split = ",",
            description = "Schedulers (default: first-fit, round-robin-consolidate, gio, milp, lookahead).")
    List<String> schedulers = List.of("first-fit", "round-robin-consolidate", "gio", "milp", "lookahead");

    @Option(names = "--offline-time-limit", paramLabel = "MS",
            description = "CP-SAT wall-time limit per workload in milliseconds, as --milp-time-limit (default 60000).")
    Long timeLimitMillis;

    @Option(names = "--time-limit", paramLabel = "S", hidden = true, description = "Deprecated: --offline-time-limit MS.")
    Double oldTimeLimitSeconds;

    /** The limit in seconds, as OfflineOptions takes it. */
    private double timeLimit = OfflineOptions.DEFAULT_TIME_LIMIT_SECONDS;

    @Override
    public Integer call() throws Exception {
        if (jobs < 1 || jobs > 60) {
            throw new BadInputException("--jobs must be between 1 and 60 (the offline optimum is for small workloads), got "
                    + jobs);
        }
        if (seeds < 1 || seeds > 1000) {
            throw new BadInputException("--seeds must be between 1 and 1000, got " + seeds);
        }
        PricingModel pricingModel = Options.checked("--pricing", () -> PricingModel.parse(pricing));
        Cluster c = Options.checked("--cluster", () -> ScenarioResolver.cluster(
                new ScenarioSpec.ClusterChoice(cluster, pricingModel), null));
        Options.checked("--workload", () -> WorkloadPresets.generate(workload, WorkloadOptions.seed(seed).withJobs(jobs)));
        SchedulerOptions options = milpOptions.tuning().schedulerOptions(context.schedulers());
        if (oldTimeLimitSeconds != null && timeLimitMillis != null) {
            throw BadInputException.option("--time-limit", "is the old name of --offline-time-limit; give only --offline-time-limit");
        }
        String limitOption = oldTimeLimitSeconds != null ? "--time-limit" : "--offline-time-limit";
        if (oldTimeLimitSeconds != null) {
            timeLimit = oldTimeLimitSeconds;
        } else if (timeLimitMillis != null) {
            timeLimit = timeLimitMillis / 1000.0;
        }
        OfflineOptions offline = Options.checked(limitOption, () -> OfflineOptions.defaults().withTimeLimitSeconds(timeLimit));
        if (oldTimeLimitSeconds != null) {
            DeprecatedNames.warn(context, "--time-limit S", "--offline-time-limit MS"); // after the check: a refusal stays one line
        }
        for (String s : schedulers) {
            Options.checked("--schedulers", () -> context.schedulers().create(s, 1, options));
        }
        List<Map<String, Object>> records = new ArrayList<>();
        Map<String, double[]> ratio = new LinkedHashMap<>();
        Map<String, double[]> toBound = new LinkedHashMap<>();
        for (String s : schedulers) {
            ratio.put(s, new double[seeds]);
            toBound.put(s, new double[seeds]);
        }
        PrintWriter out = spec.commandLine().getOut();
        TextTable perSeed = new TextTable(List.of("seed", OfflineOptimum.NAME, "status", "gap", "lower bound", "solve s",
                "cheapest scheduler"));
        for (int i = 0; i < seeds; i++) {
            long s = seed + i;
            Workload w = WorkloadPresets.generate(workload, WorkloadOptions.seed(s).withJobs(jobs));
            OfflineReference ref = OfflineReference.compute(c, w, SimulationConfig.defaults(c, w), schedulers,
                    name -> context.schedulers().create(name, s, options), offline);
            OfflineResult r = ref.optimum();
            String cheapest = ref.costs().entrySet().stream().filter(e -> !e.getValue().isNaN())
                    .min(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse("–");
            for (String name : schedulers) {
                ratio.get(name)[i] = ref.costs().get(name) / r.cost();
                toBound.get(name)[i] = ref.costs().get(name) / ref.lowerBound();
            }
            perSeed.row(List.of(Long.toString(s), Format.sig(r.cost(), 4), r.status().name().toLowerCase()
                    + (r.exactGrid() ? "" : " (rounded)"), Format.sig(100 * r.gap(), 3) + " %",
                    Format.sig(ref.lowerBound(), 4), Format.sig(r.solveSeconds(), 3), cheapest));
            Map<String, Object> rec = new LinkedHashMap<>();
            rec.put("seed", s);
            rec.put("optimum", r.cost());
            rec.put("status", r.status().name());
            rec.put("exactGrid", r.exactGrid());
            rec.put("gap", r.gap());
            rec.put("provenBound", r.bound());
            rec.put("lowerBound", ref.lowerBound());
            rec.put("optimumMeanTurnaround", r.schedule() == null ? Double.NaN : r.schedule().meanTurnaround());
            rec.put("costs", ref.costs());
            rec.put("meanTurnaround", ref.turnaround());
            records.add(rec);
        }
        if (output.json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(records));
        } else {
            out.println(workload + " (" + jobs + " jobs) on " + cluster + ", " + seeds + " seed(s), CP-SAT limit "
                    + Format.sig(timeLimit, 3) + " s per workload");
            perSeed.print(out);
            out.println();
            TextTable table = new TextTable(List.of("scheduler", "cost / offline optimum", "cost / lower bound"));
            for (String name : schedulers) {
                table.row(List.of(name, meanRange(ratio.get(name)), meanRange(toBound.get(name))));
            }
            table.print(out);
            out.println("mean [min, max] over the workloads; runs that dropped jobs are left out (NaN).");
        }
        out.flush();
        return 0;
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

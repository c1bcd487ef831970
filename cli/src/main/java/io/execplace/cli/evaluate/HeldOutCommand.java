package io.execplace.cli.evaluate;

import io.execplace.cli.command.DeprecatedNames;
import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.LiuApps;
import io.execplace.cli.command.MilpLookaheadOptions;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.OutputOptions;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.PresetJobs;
import io.execplace.cli.command.PresetPricing;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;

import io.execplace.experiments.api.HeldOut;
import io.execplace.experiments.api.HeldOutRequest;
import io.execplace.experiments.heldout.HeldOutEvaluation;
import io.execplace.experiments.heldout.HeldOutResults;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.heldout.WorkloadRef;
import io.execplace.experiments.results.JsonNumbers;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.schedulers.spi.DeciderName;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code execplace heldout}: schedulers (agents included) on their training workloads and on
 * held-out workloads side by side, with 95 % intervals and per-workload win rates.
 */
@Command(name = "heldout", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Schedulers on training and on held-out workloads, side by side, with intervals and win rates.",
                "Compares schedulers on training workloads and on held-out workloads (disjoint seeds; for the TPDS",
                "presets also SWIM arrival windows not used in training), side by side: mean cost and turnaround with",
                "95 %% intervals, cost relative to the cheapest heuristic of each workload and to milp, win rates."})
public final class HeldOutCommand extends ContextCommand {

    public HeldOutCommand(CommandContext context) {
        super(context);
    }

    @Mixin
    OutputOptions output;

    @Mixin
    MilpLookaheadOptions milpOptions;

    @Option(names = "--study", paramLabel = "NAME",
            description = "liu: LIU's multi-cluster managers (--arrivals, --managers, --out); default: the event simulator's "
                    + "schedulers (--workload, --schedulers).")
    String study;

    @Option(names = "--arrivals", paramLabel = "PATTERN",
            description = "With --study liu: bernoulli, uniform, beta, eased or stressed (default uniform).")
    String arrivals;

    @Option(names = "--managers", paramLabel = "a,b,c", split = ",",
            description = "With --study liu: LIU managers (sf-e, sf-now, outlook, random, sf-p, lf-p, lf-e, agent:PATH).")
    List<String> managers;

    @Option(names = "--apps", paramLabel = "N", description = "With --study liu: applications per workload (default "
            + LiuApps.PAPER + ").")
    Integer apps;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write DIR/heldout.csv (and, without --study liu, "
            + "DIR/heldout.json: the split and the results as --json prints them).")
    Path out;

    @Option(names = "--workload", paramLabel = "PRESET",
            description = "Workload preset: tpds-burst, tpds-normal, hybrid-light, hybrid-medium, hybrid-high, hybrid-day, "
                    + "hjs-60-100, hjs-40-100, hjs-60-50, hjs-40-50, hjs-60-20, hjs-40-20 (execplace presets).")
    String workload;

    @Option(names = "--cluster", paramLabel = "PRESET|FILE",
            description = "Cluster preset or cluster YAML file (default: the workload's own: tpds for tpds-*, hybrid-small "
                    + "for hybrid-*, c5 for hjs-*).")
    String cluster;

    @Mixin
    PresetPricing pricing;

    @Option(names = "--schedulers", paramLabel = "a,b,c", split = ",",
            description = "Schedulers, agents as agent:PATH; lookahead-clairvoyant: lookahead told the true next arrivals (a reference; "
                    + "-arrivals, -shapes: told only their times, only their shapes). "
                    + "A name may end in @QUEUE (fcfs, edf, edf-feasible, hjs-weight) to run with that queue, e.g. round-robin@edf, milp@edf; "
                    + "default fcfs.")
    List<String> schedulers;

    @Mixin
    PresetJobs jobs;

    @Option(names = "--held-out", paramLabel = "N", description = "Held-out workloads (default 20; with --study liu 50).")
    Integer heldOutCount;

    @Option(names = "--held-out-seed", paramLabel = "S",
            description = "First held-out seed: held-out workloads use seeds S, S+1, ... (default "
                    + HeldOutSplit.HELD_OUT_FIRST_SEED + "); refused when one is a training seed.")
    Long heldOutSeed;

    @Option(names = "--seed", paramLabel = "N",
            description = "First training seed, as train's --seed (default: the first agent's, else 1).")
    Long trainSeed;

    @Option(names = "--workload-seeds", paramLabel = "N",
            description = "Training workloads, as train's --workload-seeds (default: the first agent's, else 1).")
    Integer trainSeeds;

    @Option(names = "--train-seed", paramLabel = "N", hidden = true, description = "Deprecated: --seed.")
    Long oldTrainSeed;

    @Option(names = "--train-seeds", paramLabel = "N", hidden = true, description = "Deprecated: --workload-seeds.")
    Integer oldTrainSeeds;

    @Override
    public Integer call() throws Exception {
        trainSeed = DeprecatedNames.either(context, "--train-seed", oldTrainSeed, "--seed", trainSeed);
        trainSeeds = DeprecatedNames.either(context, "--train-seeds", oldTrainSeeds, "--workload-seeds", trainSeeds);
        if (study != null) {
            if (!study.equals("liu")) {
                throw BadInputException.option("--study", "unknown study '" + study + "' (known: liu; without --study: the "
                        + "event simulator's workloads)");
            }
            return HeldOutLiu.run(this);
        }
        for (String liuOnly : new String[] {arrivals == null ? null : "--arrivals", managers == null ? null : "--managers",
                apps == null ? null : "--apps"}) {
            if (liuOnly != null) {
                throw BadInputException.option(liuOnly, "applies to --study liu only");
            }
        }
        if (out != null) {
            OutputPaths.checkFolder("--out", out);
        }
        HeldOutRequest request = HeldOutRequest.builder().workload(workload).cluster(cluster).pricing(pricing.model)
                .schedulers(schedulers).jobs(jobs.jobs).heldOut(heldOutCount).heldOutSeed(heldOutSeed).seed(trainSeed)
                .workloadSeeds(trainSeeds).tuning(milpOptions.tuning()).build();
        print(HeldOut.run(context.schedulers(), request), output.json, spec.commandLine().getOut(), out);
        return 0;
    }

    /**
     * Prints an evaluation (also used by {@code evaluate}) as tables or as JSON; with {@code folder}, also
     * writes heldout.csv and heldout.json there.
     */
    static void print(HeldOut.Evaluation evaluation, boolean asJson, PrintWriter out, Path folder) throws Exception {
        HeldOutResults results = evaluation.results();
        HeldOutSplit split = results.split();
        String clusterLabel = evaluation.clusterLabel();
        Map<String, List<HeldOutEvaluation.Row>> parts = results.parts();
        String jsonText = JsonNumbers.mapper().writeValueAsString(results.json());
        if (folder != null) {
            Files.createDirectories(folder);
            results.csv(s -> RlSchedulers.PREFIX.equals(DeciderName.parse(s).family())).write(folder.resolve("heldout.csv"));
            AtomicFiles.write(folder.resolve("heldout.json"), w -> w.write(jsonText + "\n"));
        }
        if (asJson) {
            out.println(jsonText);
        } else {
            out.println(split.preset() + " on " + clusterLabel + ": training " + describe(split.training())
                    + "; held-out " + describe(split.heldOut()));
            for (Map.Entry<String, List<HeldOutEvaluation.Row>> e : parts.entrySet()) {
                out.println();
                out.println(e.getKey() + " (" + Options.count(e.getValue().get(0).cost().n(), "workload") + "; mean ± 95 % interval)");
                // Target and deadline success (HJS Eq. 5) only where the workloads have deadline jobs.
                boolean deadlines = e.getValue().stream().anyMatch(r -> !Double.isNaN(r.target().mean()));
                List<String> header = new ArrayList<>(List.of("scheduler", "cost", "mean turnaround s",
                        "cost / best heuristic", "wins vs heuristics", "cost / milp", "wins vs milp", "turnaround / milp"));
                if (deadlines) {
                    header.addAll(List.of("Target", "deadlines met %"));
                }
                TextTable table = new TextTable(header);
                for (HeldOutEvaluation.Row r : e.getValue()) {
                    List<String> row = new ArrayList<>(List.of(r.scheduler(), TextTable.interval(r.cost(), 3), TextTable.interval(r.turnaround(), 3),
                            TextTable.interval(r.vsBestHeuristic(), 3), heuristic(r.scheduler()) ? "(is one)"
                                    : wins(r.winsVsHeuristic(), r.vsBestHeuristic()),
                            TextTable.interval(r.vsMilp(), 3), wins(r.winsVsMilp(), r.vsMilp()),
                            TextTable.interval(r.turnaroundVsMilp(), 3)));
                    if (deadlines) {
                        row.add(TextTable.interval(r.target(), 4));
                        row.add(TextTable.interval(r.deadlineSuccess(), 3));
                    }
                    table.row(row);
                }
                table.print(out);
            }
            if (folder != null) {
                out.println("wrote " + folder.resolve("heldout.csv") + ", " + folder.resolve("heldout.json"));
            }
        }
        out.flush();
    }

    /** A heuristic cannot beat the best heuristic, itself included: its wins would always read 0/N. */
    private static boolean heuristic(String scheduler) {
        return HeldOutEvaluation.HEURISTICS.contains(DeciderName.parse(scheduler).base());
    }

    private static String wins(int wins, HeldOutEvaluation.Interval ratio) {
        return Double.isNaN(ratio.mean()) ? "–" : wins + "/" + ratio.n();
    }

    private static String describe(List<WorkloadRef> refs) {
        if (refs.size() <= 3) {
            return refs.toString();
        }
        long windows = refs.stream().mapToInt(WorkloadRef::firstTraceJob).distinct().count();
        return Options.count(refs.size(), "workload") + " (seeds " + refs.get(0).seed() + "..." + refs.get(refs.size() - 1).seed()
                + (refs.get(0).hasWindow() ? ", " + windows + " SWIM windows" : "") + ")";
    }
}

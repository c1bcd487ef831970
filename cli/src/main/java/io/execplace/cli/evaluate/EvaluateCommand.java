package io.execplace.cli.evaluate;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.OutputOptions;
import io.execplace.cli.command.ScenarioOptions;
import io.execplace.cli.output.TextTable;
import io.execplace.cli.output.Version;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.io.BadInputException;
import io.execplace.core.metrics.RunSummary;
import io.execplace.experiments.api.AgentEvaluation;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.TrainedAgent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code execplace evaluate}: a trained agent as a scheduler in the simulator, and its greedy episode return. */
@Command(name = "evaluate", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Run a trained agent as a scheduler on its training setting, seed by seed, beside the heuristics.",
                "As agent:PATH does in compare and simulate, on the agent's training cluster and workload (or the ones",
                "given), for one or more seeds; also its greedy episode in the",
                "environment. Prints cost, durations, good placements, fallbacks (penalised moves replaced) and holds,",
                "then first-fit, round-robin-consolidate and gio on the same workloads with the same queue order",
                "(--held-out N adds milp and held-out workloads)."})
public final class EvaluateCommand extends ContextCommand {

    public EvaluateCommand(CommandContext context) {
        super(context);
    }

    @Parameters(index = "0", paramLabel = "AGENT", description = "Model file, checkpoint or training folder.")
    Path agentPath;

    @Mixin
    ScenarioOptions scenario;

    @Mixin
    OutputOptions output;

    @Option(names = "--seeds", paramLabel = "N", description = "Number of workload seeds: --seed, --seed+1, ... (default 1).")
    Integer seeds;

    @Option(names = "--held-out", paramLabel = "N",
            description = "Also compare the agent with first-fit, round-robin-consolidate, gio and milp on its training "
                    + "workloads and on N held-out ones (disjoint seeds and SWIM windows; see 'execplace heldout').")
    Integer heldOut;

    @Override
    public Integer call() throws Exception {
        TrainedAgent agent = RlSchedulers.load(agentPath);
        EnvironmentSetup base = AgentEvaluation.trainedOn(agent);
        long first = scenario.seed != null ? scenario.seed : base.seed();
        int count = seeds == null ? 1 : seeds;
        if (count < 1) {
            throw BadInputException.option("--seeds", "must be at least 1, got " + count);
        }
        if (first > Long.MAX_VALUE - (count - 1)) {
            throw BadInputException.option("--seed", "seed " + first + " with " + count + " seeds passes the largest seed, "
                    + Long.MAX_VALUE);
        }
        EnvironmentSetup setting = base.toBuilder().cluster(pick(scenario.cluster, base.cluster()))
                .pricing(pick(scenario.pricing, base.pricing())).workload(pick(scenario.workload, base.workload()))
                .format(pick(scenario.format, base.format())).jobs(scenario.jobs != null ? scenario.jobs : base.jobs())
                .requests(pick(scenario.generator.requests, base.requests()))
                .typePenalty(pick(scenario.typePenalty, base.typePenalty()))
                .hybridPenalty(pick(scenario.hybridPenalty, base.hybridPenalty()))
                .profile(pick(scenario.jobProfile.file, base.profile())).build();
        AgentEvaluation.Result result = AgentEvaluation.run(context.schedulers(), agent, agentPath.toString(), setting, first,
                count);
        String label = result.label();
        String queue = result.queue();
        List<Map<String, Object>> records = result.seeds().stream().map(AgentEvaluation.SeedRun::json).toList();
        Map<String, double[]> beside = new LinkedHashMap<>(); // per scheduler: cost, turnaround, dropped, summed over seeds
        for (AgentEvaluation.SeedRun run : result.seeds()) {
            add(beside, "agent", run.summary());
            run.beside().forEach((name, h) -> add(beside, name, h));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output.json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(records));
        } else {
            out.println((agent.isSizeFree() ? "size-free " : "") + agent.algorithm().label() + " agent " + agent.source()
                    + " on " + label + " (" + (agent.environment().targetReward()
                            ? "Target reward, queue " + agent.environment().queue() : "beta " + agent.environment().beta())
                    + (agent.environment().masking() ? ", masked" : "") + ")");
            TextTable table = new TextTable(List.of("seed", "cost", "mean duration s", "mean turnaround s", "good placements",
                    "jobs waited", "dropped", "fallbacks", "holds", "episode return", "completed"));
            for (Map<String, Object> rec : records) {
                table.row(List.of(rec.get("seed").toString(), Format.cost((double) rec.get("cost")),
                        Format.sig((double) rec.get("meanDuration"), 4), Format.sig((double) rec.get("meanTurnaround"), 4),
                        rec.get("goodPlacements").toString(), rec.get("jobsWaited").toString(),
                        rec.get("jobsDropped").toString(), rec.get("fallbacks").toString(), rec.get("holds").toString(),
                        Format.sig((double) rec.get("episodeReturn"), 5), rec.get("episodeCompleted").toString()));
            }
            table.print(out);
            out.println();
            out.println("Beside the heuristics on the same " + Options.count(count, "workload") + ", with the queue "
                    + queue.toLowerCase(java.util.Locale.ROOT) + " (mean per workload; --held-out N adds milp and held-out "
                    + "workloads)");
            TextTable side = new TextTable(List.of("scheduler", "cost", "mean turnaround s", "dropped", "cost / agent"));
            double agentCost = beside.get("agent")[0];
            beside.forEach((name, sums) -> side.row(List.of(name.equals("agent") ? "agent:" + agentPath : name,
                    Format.cost(sums[0] / count), Format.sig(sums[1] / count, 4), Format.sig(sums[2] / count, 3),
                    agentCost > 0 ? Format.sig(sums[0] / agentCost, 3) : Format.MISSING)));
            side.print(out);
        }
        out.flush();
        if (heldOut != null) {
            if (heldOut < 2) {
                throw new BadInputException("--held-out must be at least 2, got " + heldOut);
            }
            out.println();
            HeldOutCommand.print(AgentEvaluation.heldOut(context.schedulers(), "agent:" + agentPath, base, queue, heldOut),
                    output.json, out, null);
        }
        return 0;
    }

    private static void add(Map<String, double[]> sums, String scheduler, RunSummary s) {
        double[] v = sums.computeIfAbsent(scheduler, k -> new double[3]);
        v[0] += s.totalCost();
        v[1] += s.meanTurnaround();
        v[2] += s.jobsDropped();
    }

    private static String pick(String given, String fallback) {
        return given != null ? given : fallback;
    }
}

package io.execplace.cli.train;

import io.execplace.cli.output.TextTable;
import io.execplace.experiments.heldout.HeldOutResults;
import io.execplace.cli.command.Options;
import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.schedulers.spi.DeciderName;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.CsvTable;
import io.execplace.core.model.Cluster;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.heldout.HeldOutEvaluation;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.ExpertIteration;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code train --agent ppo-pairs --imitate lookahead --expert-rounds N}: expert iteration of the
 * size-free agent ({@link ExpertIteration}) with {@code lookahead} as the planner, one line per
 * round on stdout and in {@code DIR/rounds.csv}, with the held-out cost of the agent and of the
 * planner that uses it when {@code --expert-held-out} asks for it. A run for deadlines
 * ({@code --deadlines}: the Target reward) has the planner score its rollouts by Target too, runs
 * the held-out schedulers with the run's queue order, and reports their held-out Target beside the cost.
 */
public final class ExpertRounds {

    /** The planner that can use an agent. */
    static final String PLANNER = "lookahead";
    /** Labels the rest of a job the planner would hold after the agent began placing it. */
    static final String PLACER = "milp";
    static final String ROLLOUT = "rollout";
    static final String PROPOSER = "proposer";
    public static final String CSV = "rounds.csv";

    private static final List<String> COLUMNS = List.of("round", "teacher_acted", "labelled_steps", "cross_entropy",
            "agreement", "seconds", "held_out_workloads", "agent_vs_milp", "agent_vs_milp_half_width",
            "planner_vs_milp", "planner_vs_milp_half_width", "agent_wins_vs_milp", "planner_wins_vs_milp",
            "milp_target", "agent_target", "agent_target_half_width", "planner_target", "planner_target_half_width");

    private ExpertRounds() {
    }

    /** How the planner uses the agent: {@value #ROLLOUT} or {@value #PROPOSER}. */
    static String agentAs(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (!v.equals(ROLLOUT) && !v.equals(PROPOSER)) {
            throw BadInputException.option("--expert-agent-as", "must be rollout or proposer, got '" + value + "'");
        }
        return v;
    }

    /** The training schedule of an expert run: PPO iterations per round, evaluated after each, checkpoints by the rounds. */
    static TrainingSpec spec(TrainingSpec base, int rounds, int ppoPerRound) {
        return base.withIterations(Math.max(1, rounds * ppoPerRound)).withEvalInterval(Math.max(1, ppoPerRound))
                .withCheckpointInterval(Integer.MAX_VALUE);
    }

    /**
     * Runs (or continues) the rounds of the run in {@code dir} up to {@code rounds}.
     *
     * @param checkpoint the checkpoint the trainer was restored from, or null for a fresh run
     */
    static void run(SchedulerRegistry registry, Trainer trainer, ArrayBundle checkpoint, JsonNode setup, int rounds,
                    Path dir, PrintWriter out, PrintWriter err, boolean quiet) throws IOException {
        JsonNode imitation = setup.path("imitation");
        JsonNode expert = setup.path("expert");
        ExpertIteration.Settings settings = new ExpertIteration.Settings(rounds,
                imitation.path("episodes").asInt(200), imitation.path("epochs").asInt(10), expert.path("ppo").asInt(0),
                expert.path("clairvoyant").asBoolean(false));
        boolean proposer = PROPOSER.equals(expert.path("agentAs").asText(ROLLOUT));
        TpdsEnvConfig env = trainer.spec().environment();
        boolean target = env.targetReward();
        // The held-out schedulers run with the training queue order.
        String queue = DeciderName.queueSuffix(env.queue());
        Path from = expert.hasNonNull("from") ? AgentFiles.resolve(Path.of(expert.get("from").asText())) : null;
        ExpertIteration loop = new ExpertIteration(trainer, dir, settings,
                (agent, seed) -> registry.create(PLANNER, seed, plannerOptions(agent, proposer, target)), from,
                registry.create(PLACER, trainer.spec().seed()), trainer.spec().seed());
        if (checkpoint != null) {
            loop.restore(checkpoint);
        } else if (from != null) {
            TrainedAgent start = Options.checked("--expert-from", () -> RlSchedulers.load(from));
            Options.checked("--expert-from", () -> {
                SizeFreeOptions.startFrom(trainer, SizeFreeSetup.fromJson(setup).schema(), start);
                return null;
            });
        }
        if (loop.roundsDone() >= rounds) {
            out.println(dir + " already holds " + loop.roundsDone() + " rounds; raise --expert-rounds to continue");
            out.flush();
            return;
        }
        int heldOut = expert.path("heldOut").asInt(0);
        SizeFreeSetup sizeFree = SizeFreeSetup.fromJson(setup);
        // Before any round: a workload that has no held-out seeds (a trace file) is bad input now, not after hours.
        if (heldOut > 0 && !WorkloadPresets.isPreset(sizeFree.workloads().get(0))) {
            throw BadInputException.option("--expert-held-out", "held-out workloads are other seeds of a preset, and '"
                    + sizeFree.workloads().get(0) + "' is not one");
        }
        HeldOutSplit split = heldOut == 0 ? null : Options.checked("--expert-held-out",
                () -> HeldOutSplit.of(sizeFree.workloads().get(0), sizeFree.base().jobs(), sizeFree.base().seed(),
                        sizeFree.base().workloadSeeds(), heldOut));
        Cluster cluster = heldOut == 0 ? null : sizeFree.base().resolve(null).cluster();
        CsvTable table = new CsvTable(COLUMNS);
        for (List<String> old : readRows(dir.resolve(CSV), loop.roundsDone())) {
            table.row(old);
        }
        if (!quiet) {
            err.println("expert iteration: rounds " + (loop.roundsDone() + 1) + ".." + rounds + " of " + settings.episodes()
                    + " episodes (" + settings.epochs() + " epochs" + (settings.ppoIterations() > 0
                    ? ", then " + settings.ppoIterations() + " PPO iterations" : "") + "), planner " + PLANNER
                    + (settings.clairvoyant() ? " (clairvoyant in training)" : "") + " with the agent as its "
                    + (proposer ? PROPOSER : "rollout policy") + " -> " + dir);
        }
        loop.run(round -> {
            Path agentFile = round.agentFile();
            List<String> row = new ArrayList<>(List.of(Integer.toString(round.round()),
                    Boolean.toString(round.teacherActed()), Long.toString(round.steps()),
                    Format.sig(round.crossEntropy(), 4), Format.sig(round.agreement(), 4),
                    Format.sig(round.seconds(), 4)));
            String line = "round " + round.round() + ": " + round.steps() + " steps labelled by " + PLANNER
                    + (round.teacherActed() ? " (acting)" : " (the agent acting)") + ", agreement "
                    + Format.sig(100 * round.agreement(), 3) + " %, " + Format.sig(round.seconds(), 3) + " s";
            if (split != null) {
                List<HeldOutEvaluation.Row> rows = HeldOutResults.evaluate(registry, cluster, split, split.heldOut(),
                        List.of("milp" + queue, agentName(agentFile) + queue, PLANNER + queue),
                        plannerOptions(agentFile, proposer, target));
                HeldOutEvaluation.Row milp = rows.get(0);
                HeldOutEvaluation.Row agent = rows.get(1);
                HeldOutEvaluation.Row planner = rows.get(2);
                row.addAll(List.of(Integer.toString(split.heldOut().size()), Format.sig(agent.vsMilp().mean(), 5),
                        Format.sig(agent.vsMilp().halfWidth(), 3), Format.sig(planner.vsMilp().mean(), 5),
                        Format.sig(planner.vsMilp().halfWidth(), 3), Integer.toString(agent.winsVsMilp()),
                        Integer.toString(planner.winsVsMilp())));
                line += "; held-out cost / milp: agent " + TextTable.interval(agent.vsMilp(), 3) + " ("
                        + agent.winsVsMilp() + " wins), planner " + TextTable.interval(planner.vsMilp(), 3) + " ("
                        + planner.winsVsMilp() + " wins) on " + split.heldOut().size() + " workloads";
                if (target && milp.target() != null && !Double.isNaN(milp.target().mean())) {
                    row.addAll(List.of(Format.sig(milp.target().mean(), 5), Format.sig(agent.target().mean(), 5),
                            Format.sig(agent.target().halfWidth(), 3), Format.sig(planner.target().mean(), 5),
                            Format.sig(planner.target().halfWidth(), 3)));
                    line += "; Target: milp " + Format.sig(milp.target().mean(), 4) + ", agent "
                            + TextTable.interval(agent.target(), 4) + ", planner "
                            + TextTable.interval(planner.target(), 4);
                } else {
                    row.addAll(List.of("", "", "", "", ""));
                }
            } else {
                row.addAll(List.of("0", "", "", "", "", "", "", "", "", "", "", ""));
            }
            table.row(row);
            table.write(dir.resolve(CSV));
            out.println(line);
            out.flush();
        }, new TrainingListener() {
        });
        out.println("wrote " + ExpertIteration.roundFile(dir, rounds) + " (the last round's agent; also "
                + dir.resolve("agent.xprl") + "), " + dir.resolve(CSV));
        out.flush();
    }

    /**
     * The planner's settings: the defaults, with the agent as rollout policy or proposer (none: the
     * defaults), scoring rollouts by Target when the agent learns Target.
     */
    private static SchedulerOptions plannerOptions(Path agent, boolean proposer, boolean target) {
        LookaheadOptions l = LookaheadOptions.defaults();
        if (target) {
            l = l.withObjective("target");
        }
        if (agent != null) {
            l = proposer ? l.withProposer(agentName(agent)) : l.withRollout(agentName(agent));
        }
        return SchedulerOptions.defaults().with(l);
    }

    /** The scheduler name of an agent file. */
    private static String agentName(Path agent) {
        return RlSchedulers.PREFIX + ":" + agent;
    }

    /** The first {@code rounds} rows of a rounds file written before (a resumed run keeps them); none without a file. */
    private static List<List<String>> readRows(Path file, int rounds) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        if (rounds == 0 || !Files.isRegularFile(file)) {
            return rows;
        }
        List<String> lines = Files.readAllLines(file);
        for (int i = 1; i < lines.size() && rows.size() < rounds; i++) {
            List<String> row = new ArrayList<>(List.of(lines.get(i).split(",", -1)));
            while (row.size() < COLUMNS.size()) {
                row.add(""); // a file written before the Target columns
            }
            rows.add(row);
        }
        return rows;
    }
}

package io.execplace.experiments.training;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.CsvTable;
import io.execplace.core.model.Cluster;
import io.execplace.core.progress.RoundResults;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.experiments.heldout.HeldOutEvaluation;
import io.execplace.experiments.heldout.HeldOutResults;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.report.Format;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.ExpertIteration;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.spi.DeciderName;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Expert iteration of the size-free agent ({@link ExpertIteration}) with {@code lookahead} as the
 * planner, as {@code train --agent ppo-pairs --imitate lookahead --expert-rounds N} runs it: a row per
 * round in {@code DIR/rounds.csv}, with the held-out cost of the agent and of the planner that uses it
 * when the run's setup asks for held-out workloads. A run for deadlines (the Target reward) has the
 * planner score its rollouts by Target too, runs the held-out schedulers with the run's queue order,
 * and records their held-out Target beside the cost.
 */
public final class ExpertRounds {

    /** The planner that can use an agent. */
    public static final String PLANNER = "lookahead";
    /** Labels the rest of a job the planner would hold after the agent began placing it. */
    static final String PLACER = "milp";
    public static final String ROLLOUT = "rollout";
    public static final String PROPOSER = "proposer";
    public static final String CSV = "rounds.csv";

    private static final List<String> COLUMNS = List.of("round", "teacher_acted", "labelled_steps", "cross_entropy",
            "agreement", "seconds", "held_out_workloads", "agent_vs_milp", "agent_vs_milp_half_width",
            "planner_vs_milp", "planner_vs_milp_half_width", "agent_wins_vs_milp", "planner_wins_vs_milp",
            "milp_target", "agent_target", "agent_target_half_width", "planner_target", "planner_target_half_width");

    /**
     * The held-out runs after a round, each against milp on the same workloads with the run's queue order.
     *
     * @param workloads how many held-out workloads
     * @param milp      milp's runs
     * @param agent     the round's agent's
     * @param planner   the planner's, using the round's agent
     * @param target    true when the run learns Target and milp's Target is known: the rows' Target counts
     */
    public record HeldOutRound(int workloads, HeldOutEvaluation.Row milp, HeldOutEvaluation.Row agent,
                               HeldOutEvaluation.Row planner, boolean target) {
    }

    /**
     * A round done.
     *
     * @param round   what the round labelled and learnt
     * @param heldOut its held-out runs, or null when the run has none
     */
    public record RoundDone(ExpertIteration.Round round, HeldOutRound heldOut) {
    }

    private final SchedulerRegistry registry;
    private final ExpertIteration loop;
    private final ExpertIteration.Settings settings;
    private final boolean proposer;
    private final boolean target;
    private final String queue;
    private final Path dir;
    private HeldOutSplit split;
    private Cluster cluster;
    private CsvTable table;

    private ExpertRounds(SchedulerRegistry registry, Trainer trainer, JsonNode setup, int rounds, Path dir, Path from) {
        this.registry = registry;
        this.dir = dir;
        JsonNode imitation = setup.path("imitation");
        JsonNode expert = setup.path("expert");
        settings = new ExpertIteration.Settings(rounds, imitation.path("episodes").asInt(200),
                imitation.path("epochs").asInt(10), expert.path("ppo").asInt(0), expert.path("clairvoyant").asBoolean(false));
        proposer = PROPOSER.equals(expert.path("agentAs").asText(ROLLOUT));
        TpdsEnvConfig env = trainer.spec().environment();
        target = env.targetReward();
        // The held-out schedulers run with the training queue order.
        queue = DeciderName.queueSuffix(env.queue());
        loop = new ExpertIteration(trainer, dir, settings,
                (agent, seed) -> registry.create(PLANNER, seed, plannerOptions(agent, proposer, target)), from,
                registry.create(PLACER, trainer.spec().seed()), trainer.spec().seed());
    }

    /** How the planner uses the agent: {@value #ROLLOUT} or {@value #PROPOSER}; anything else is bad input. */
    public static String agentAs(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (!v.equals(ROLLOUT) && !v.equals(PROPOSER)) {
            throw BadInputException.option("--expert-agent-as", "must be rollout or proposer, got '" + value + "'");
        }
        return v;
    }

    /** The training schedule of an expert run: PPO iterations per round, evaluated after each, checkpoints by the rounds. */
    public static TrainingSpec spec(TrainingSpec base, int rounds, int ppoPerRound) {
        return base.withIterations(Math.max(1, rounds * ppoPerRound)).withEvalInterval(Math.max(1, ppoPerRound))
                .withCheckpointInterval(Integer.MAX_VALUE);
    }

    /**
     * The rounds of the run in {@code dir} up to {@code rounds}, restored from {@code checkpoint} (null:
     * a fresh run, started from the setup's {@code expert.from} agent when it names one). When rounds
     * remain, the held-out workloads are checked here, before any round: a workload that has no held-out
     * seeds (a trace file) is bad input now, not after hours.
     */
    public static ExpertRounds open(SchedulerRegistry registry, Trainer trainer, ArrayBundle checkpoint, JsonNode setup,
                                    int rounds, Path dir) throws IOException {
        JsonNode expert = setup.path("expert");
        Path from = expert.hasNonNull("from") ? AgentFiles.resolve(Path.of(expert.get("from").asText())) : null;
        ExpertRounds r = new ExpertRounds(registry, trainer, setup, rounds, dir, from);
        if (checkpoint != null) {
            r.loop.restore(checkpoint);
        } else if (from != null) {
            TrainedAgent start = BadInputException.checkedOption("--expert-from", () -> RlSchedulers.load(from));
            BadInputException.checkedOption("--expert-from", () -> {
                SizeFreeStart.adopt(trainer, SizeFreeSetup.fromJson(setup).schema(), start);
                return null;
            });
        }
        if (r.roundsDone() < rounds) {
            r.prepareHeldOut(expert.path("heldOut").asInt(0), SizeFreeSetup.fromJson(setup));
            r.table = new CsvTable(COLUMNS);
            for (List<String> old : readRows(dir.resolve(CSV), r.roundsDone())) {
                r.table.row(old);
            }
        }
        return r;
    }

    private void prepareHeldOut(int heldOut, SizeFreeSetup sizeFree) {
        if (heldOut == 0) {
            return;
        }
        if (!WorkloadPresets.isPreset(sizeFree.workloads().get(0))) {
            throw BadInputException.option("--expert-held-out", "held-out workloads are other seeds of a preset, and '"
                    + sizeFree.workloads().get(0) + "' is not one");
        }
        split = BadInputException.checkedOption("--expert-held-out",
                () -> HeldOutSplit.of(sizeFree.workloads().get(0), sizeFree.base().jobs(), sizeFree.base().seed(),
                        sizeFree.base().workloadSeeds(), heldOut));
        cluster = sizeFree.base().resolve(null).cluster();
    }

    /** Rounds the run in the folder has done (restored from its checkpoint). */
    public int roundsDone() {
        return loop.roundsDone();
    }

    /** The rounds' settings (episodes, epochs, PPO iterations, a clairvoyant planner). */
    public ExpertIteration.Settings settings() {
        return settings;
    }

    /** True if the planner uses the agent as the proposer of a candidate, false if as its rollout policy. */
    public boolean proposer() {
        return proposer;
    }

    /** The last round's agent file. */
    public Path lastRoundFile() {
        return ExpertIteration.roundFile(dir, settings.rounds());
    }

    /**
     * Runs the rounds that remain; after each, its held-out runs (if any), its row written to
     * {@code DIR/rounds.csv}, then {@code each} told.
     */
    public void run(RoundResults<RoundDone> each) throws IOException {
        loop.run(round -> {
            HeldOutRound heldOut = split == null ? null : heldOut(round.agentFile());
            table.row(row(round, heldOut));
            table.write(dir.resolve(CSV));
            each.roundDone(new RoundDone(round, heldOut));
        }, new TrainingListener() {
        });
    }

    private HeldOutRound heldOut(Path agentFile) {
        List<HeldOutEvaluation.Row> rows = HeldOutResults.evaluate(registry, cluster, split, split.heldOut(),
                List.of("milp" + queue, agentName(agentFile) + queue, PLANNER + queue),
                plannerOptions(agentFile, proposer, target));
        HeldOutEvaluation.Row milp = rows.get(0);
        return new HeldOutRound(split.heldOut().size(), milp, rows.get(1), rows.get(2),
                target && milp.target() != null && !Double.isNaN(milp.target().mean()));
    }

    private static List<String> row(ExpertIteration.Round round, HeldOutRound h) {
        List<String> row = new ArrayList<>(List.of(Integer.toString(round.round()),
                Boolean.toString(round.teacherActed()), Long.toString(round.steps()),
                Format.sig(round.crossEntropy(), 4), Format.sig(round.agreement(), 4), Format.sig(round.seconds(), 4)));
        if (h == null) {
            row.addAll(List.of("0", "", "", "", "", "", "", "", "", "", "", ""));
            return row;
        }
        row.addAll(List.of(Integer.toString(h.workloads()), Format.sig(h.agent().vsMilp().mean(), 5),
                Format.sig(h.agent().vsMilp().halfWidth(), 3), Format.sig(h.planner().vsMilp().mean(), 5),
                Format.sig(h.planner().vsMilp().halfWidth(), 3), Integer.toString(h.agent().winsVsMilp()),
                Integer.toString(h.planner().winsVsMilp())));
        if (h.target()) {
            row.addAll(List.of(Format.sig(h.milp().target().mean(), 5), Format.sig(h.agent().target().mean(), 5),
                    Format.sig(h.agent().target().halfWidth(), 3), Format.sig(h.planner().target().mean(), 5),
                    Format.sig(h.planner().target().halfWidth(), 3)));
        } else {
            row.addAll(List.of("", "", "", "", ""));
        }
        return row;
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

package io.execplace.cli.train;

import io.execplace.cli.command.DeprecatedNames;
import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.PresetJobs;
import io.execplace.cli.command.PresetPricing;
import io.execplace.cli.command.QuietOption;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.schedulers.spi.DeciderName;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.core.model.PricingModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.training.ChoiceRounds;
import io.execplace.experiments.training.ChoiceWorkloads;
import io.execplace.rl.choice.ChoiceAgent;
import io.execplace.rl.choice.ChoicePolicy;
import io.execplace.rl.choice.ChoiceRules;
import io.execplace.rl.choice.ChoiceTraining;
import io.execplace.rl.train.AgentFiles;
import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.spi.SchedulerContext;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code execplace train-choice}: a learned chooser among lookahead's candidate placements. */
@Command(name = "train-choice", mixinStandardHelpOptions = true, versionProvider = Version.class, abbreviateSynopsis = true,
        description = {"Train a choice agent, a learned chooser among lookahead's candidate placements.",
                "For each job it picks one of a few schedulers' placements (milp's first) or waiting, by a network that",
                "estimates each one's cost (or HJS Target) from now on against milp's, learnt by regression on a",
                "clairvoyant lookahead's rollout scores on training workloads, in DAgger rounds. No rollout at decision",
                "time. Writes DIR/agent.xprl (scheduler agent:DIR/agent.xprl), DIR/round-K.xprl and DIR/rounds.csv.",
                "docs/rl.md \"Choice agents\"."})
public final class TrainChoiceCommand extends ContextCommand {

    public TrainChoiceCommand(CommandContext context) {
        super(context);
    }

    @Option(names = "--workloads", paramLabel = "a,b", split = ",", defaultValue = "tpds-burst,tpds-normal",
            description = "Workload presets to train on (default ${DEFAULT-VALUE}); HJS job sets: hjs-40-20,...,hjs-60-100.")
    List<String> workloads;

    @Option(names = "--cluster", paramLabel = "NAME",
            description = "Cluster preset (default: each workload's own, tpds for TPDS presets, c5 for HJS job sets).")
    String cluster;

    @Option(names = "--workload-seeds", paramLabel = "N", defaultValue = "16",
            description = "Training workloads per preset: seeds --seed, --seed+1, ... (default ${DEFAULT-VALUE}).")
    int workloadSeeds;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "First training seed; also seeds the network and the shuffling (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--queue", paramLabel = "fcfs|edf|edf-feasible|hjs-weight", defaultValue = "fcfs",
            description = "Queue order of training (and of the agent's held-out runs) (default ${DEFAULT-VALUE}).")
    String queue;

    @Option(names = "--objective", paramLabel = "cost|target", defaultValue = "cost",
            description = "What the teacher's rollouts score: cost, or HJS's Target (cost and missed deadlines) (default ${DEFAULT-VALUE}).")
    String objective;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
            description = "Rounds: milp acts in the first, the agent in the next (DAgger) (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--epochs", paramLabel = "N", defaultValue = "20", description = "Passes over all labels per round (default ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--lr", paramLabel = "R", defaultValue = "0.001", description = "Adam's step size (default ${DEFAULT-VALUE}).")
    double learningRate;

    @Option(names = "--hidden", paramLabel = "W,W", split = ",", defaultValue = "64,64",
            description = "Hidden widths of the network (default ${DEFAULT-VALUE}).")
    List<Integer> hidden;

    @Option(names = "--lookahead-horizon", paramLabel = "N",
            description = "Future arrivals the teacher's rollouts simulate, as lookahead's option (default 10).")
    Integer lookaheadHorizon;

    @Option(names = "--horizon", paramLabel = "N", hidden = true, description = "Deprecated: --lookahead-horizon.")
    Integer oldHorizon;

    private int horizon;

    @Option(names = "--candidates", paramLabel = "a,b", split = ",", defaultValue = "milp,first-fit-fullest,gio,first-fit",
            description = "Schedulers whose placements the agent weighs, besides waiting: 1 to 8 registry names, the first "
                    + "the reference (default ${DEFAULT-VALUE}: lookahead's).")
    List<String> candidates;

    @Option(names = "--teacher-rollout", paramLabel = "NAME", defaultValue = "first-fit-fullest",
            description = "The policy that places the future jobs of the teacher's rollouts (default ${DEFAULT-VALUE}).")
    String teacherRollout;

    @Option(names = "--teacher-futures", paramLabel = "K", defaultValue = "1",
            description = "Futures the teacher scores each decision on and averages: the true one, and the later arrivals of K-1 "
                    + "other training workloads of the same preset (default ${DEFAULT-VALUE}: the true future only).")
    int teacherFutures;

    @Option(names = "--hold-charge", paramLabel = "P", defaultValue = "0",
            description = "Charge for each decision to wait, in label units (Target points with --objective target), as HJS "
                    + "Table 1 charges a skip; without it holding a job without a deadline back looks free (default ${DEFAULT-VALUE}).")
    double holdCharge;

    @Option(names = "--margin", paramLabel = "M", defaultValue = "0",
            description = "Another candidate replaces milp's only when scored higher by more than M (default ${DEFAULT-VALUE}).")
    double margin;

    @Option(names = "--max-hold", paramLabel = "S",
            description = "The agent no longer chooses to wait once a job has waited S seconds since it arrived (default: no limit).")
    Double maxHold;

    @Option(names = "--held-out", paramLabel = "N", defaultValue = "0",
            description = "After each round, run the agent and milp on N held-out workloads per preset (seeds 100001...; default ${DEFAULT-VALUE}: none).")
    int heldOut;

    @Mixin
    PresetPricing pricing;

    @Mixin
    PresetJobs jobs;

    @Option(names = "--out", paramLabel = "DIR", description = "Output folder (default runs/choice-FIRST-WORKLOAD).")
    Path out;

    @Mixin
    QuietOption quietOption;

    @Override
    public Integer call() throws Exception {
        Integer given = DeprecatedNames.either(context, "--horizon", oldHorizon, "--lookahead-horizon", lookaheadHorizon);
        horizon = given == null ? 10 : given;
        QueuePolicy q = Options.checked("--queue", () -> QueuePolicy.byName(queue));
        LookaheadOptions teacher = Options.checked("--objective, --lookahead-horizon, --teacher-rollout",
                () -> LookaheadOptions.defaults().withObjective(objective).withHorizon(horizon).withRollout(teacherRollout));
        if (horizon < 1) {
            throw BadInputException.option("--lookahead-horizon", "must be at least 1 (a teacher without rollouts scores nothing), got " + horizon);
        }
        ChoiceTraining.Settings settings = Options.checked("--rounds, --epochs, --lr, --hidden",
                () -> new ChoiceTraining.Settings(rounds, epochs, learningRate, hidden, seed));
        if (workloadSeeds < 1 || workloadSeeds > 10_000) {
            throw BadInputException.option("--workload-seeds", "must be 1 to 10000, got " + workloadSeeds);
        }
        if (teacherFutures < 1 || teacherFutures > workloadSeeds) {
            throw BadInputException.option("--teacher-futures", "must be 1 to --workload-seeds (" + workloadSeeds
                    + "): the other futures come from the other training workloads, got " + teacherFutures);
        }
        ChoiceRules choiceRules = Options.checked("--margin, --max-hold",
                () -> new ChoiceRules(margin, maxHold == null ? Double.POSITIVE_INFINITY : maxHold));
        if (heldOut != 0 && (heldOut < 2 || heldOut > 10_000)) {
            throw BadInputException.option("--held-out", "must be 0 (none) or 2 to 10000, got " + heldOut);
        }
        PricingModel pricingModel = Options.checked("--pricing", () -> PricingModel.parse(pricing.model));
        ChoiceWorkloads choiceWorkloads = ChoiceWorkloads.of(workloads, cluster, pricingModel, jobs.jobs, seed, workloadSeeds,
                heldOut);
        SchedulerRegistry registry = context.schedulers();
        SchedulerContext check = new SchedulerContext(seed, SchedulerOptions.defaults(), registry);
        Options.checked("--candidates", () -> ChoicePolicy.candidatePlacements(check, candidates));
        Options.checked("--teacher-rollout", () -> check.create(teacher.rollout()));
        ChoiceTraining training = Options.checked("--hold-charge", () -> new ChoiceTraining(registry, teacher, candidates, holdCharge));
        Path dir = out != null ? out : Path.of("runs", Options.folderName("choice-" + workloads.get(0)));
        OutputPaths.checkFolder("--out", dir);
        List<ChoiceTraining.Episode> episodes = choiceWorkloads.episodes(q, seed, teacherFutures);
        if (teacher.scoresTarget() && !choiceWorkloads.hasDeadlines()) {
            throw BadInputException.option("--objective", "target needs jobs with deadlines (the HJS job sets, hjs-*)");
        }
        Files.createDirectories(dir);
        ObjectNode setup = setup(q);
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!quietOption.quiet) {
            err.println("train-choice on " + String.join(",", workloads) + " (" + Options.count(episodes.size(), "workload") + ", queue "
                    + q.name() + ", objective " + teacher.objective() + ") -> " + dir);
            err.flush();
        }
        new ChoiceRounds(registry, choiceWorkloads, q, heldOut, dir).run(training, episodes, settings,
                network -> new ChoiceAgent(network, candidates, q.name(), choiceRules, setup), done -> {
                    ChoiceTraining.Round round = done.round();
                    String line = String.format(Locale.ROOT, "round %d: %d labelled decisions, mse %s, %s s",
                            round.round(), round.samples(), Format.sig(round.meanSquaredError(), 4),
                            Format.sig(round.seconds(), 3));
                    ChoiceWorkloads.Score h = done.heldOut();
                    if (h != null) {
                        line += String.format(Locale.ROOT, "; held-out cost / milp %s", Format.sig(h.costVsMilp(), 4))
                                + (Double.isNaN(h.target()) ? "" : ", Target " + Format.sig(h.target(), 4) + " (milp "
                                + Format.sig(h.milpTarget(), 4) + ")");
                    }
                    stdout.println(line);
                    stdout.flush();
                });
        stdout.println("wrote " + dir.resolve(AgentFiles.MODEL_FILE) + " (scheduler agent:" + dir.resolve(AgentFiles.MODEL_FILE)
                + DeciderName.queueSuffix(q.name()) + "), round-K.xprl and rounds.csv");
        stdout.flush();
        return 0;
    }

    /** What the agent file records of this training ({@code heldout} reads seed and workloadSeeds). */
    private ObjectNode setup(QueuePolicy q) {
        ObjectNode s = new ObjectMapper().createObjectNode();
        s.put("command", "train-choice");
        s.put("workloads", String.join(",", workloads));
        if (cluster != null) {
            s.put("cluster", cluster);
        }
        if (!pricing.model.equals("1")) {
            s.put("pricing", pricing.model); // absent when 1, so earlier agents' setups read the same
        }
        s.put("seed", seed);
        s.put("workloadSeeds", workloadSeeds);
        s.put("queue", q.name());
        s.put("objective", objective);
        s.put("horizon", horizon);
        s.put("teacherRollout", teacherRollout);
        if (holdCharge > 0) {
            s.put("holdCharge", holdCharge);
        }
        if (teacherFutures > 1) {
            s.put("teacherFutures", teacherFutures); // absent when 1, so earlier agents' setups read the same
        }
        s.put("rounds", rounds);
        s.put("epochs", epochs);
        s.put("lr", learningRate);
        s.put("hidden", hidden.toString());
        s.put("candidates", String.join(",", candidates));
        return s;
    }
}

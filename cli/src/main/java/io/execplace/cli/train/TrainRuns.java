package io.execplace.cli.train;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.Options;
import io.execplace.cli.command.ScenarioOptions;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.experiments.training.TrainingRun;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.env.TpdsEnvConfig;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code execplace train}'s options become a {@link TrainingRun} (fresh, size-free or resumed):
 * every option that does not apply to the run asked for is refused before any work, and the rest
 * passed to the library. Reads the options of one {@link TrainCommand} after picocli has set them.
 */
final class TrainRuns {

    private final CommandContext context;
    private final ScenarioOptions scenario;
    private final EnvironmentOptions environment;
    private final AgentOptions agentOptions;
    private final SizeFreeOptions pairs;
    private final String agent;
    private final String envName;
    private final Double beta;
    private final Integer iterations;
    private final Integer evalInterval;
    private final Integer evalEpisodes;
    private final Integer checkpointInterval;
    private final Integer workloadSeeds;
    private final Path out;

    TrainRuns(TrainCommand c) {
        context = c.context;
        scenario = c.scenario;
        environment = c.environment;
        agentOptions = c.agentOptions;
        pairs = c.pairs;
        agent = c.agent;
        envName = c.envName;
        beta = c.beta;
        iterations = c.iterations;
        evalInterval = c.evalInterval;
        evalEpisodes = c.evalEpisodes;
        checkpointInterval = c.checkpointInterval;
        Options.atLeastOne("--iterations", iterations);
        Options.atLeastOne("--eval-interval", evalInterval);
        Options.atLeastOne("--eval-episodes", evalEpisodes);
        Options.atLeastOne("--checkpoint-interval", checkpointInterval);
        workloadSeeds = c.workloadSeeds;
        out = c.out;
    }

    boolean sizeFree() {
        return TrainingRun.SIZE_FREE.equalsIgnoreCase(agent);
    }

    boolean hjs() {
        if (envName == null || envName.equalsIgnoreCase("tpds")) {
            return false;
        }
        if (envName.equalsIgnoreCase("hjs")) {
            return true;
        }
        throw BadInputException.option("--env", "must be tpds or hjs, got '" + envName + "'");
    }

    /** The scenario options an RL environment has no use for. */
    void rejectScenarioOptions() {
        List<String> bad = new ArrayList<>();
        if (scenario.scenario != null) {
            bad.add("--scenario (give --cluster and --workload)");
        }
        if (hjs()) {
            if (scenario.queue != null && !scenario.queue.equalsIgnoreCase(HjsWeightOrder.NAME)) {
                bad.add("--queue (the HJS environment offers jobs in hjs-weight order; set --weight-lambda)");
            }
            if (beta != null) {
                bad.add("--beta (the HJS environment's final reward is Target)");
            }
            List<String> tpdsOnly = new ArrayList<>(environment.given());
            tpdsOnly.removeAll(List.of("--mask", "--normalise", "--max-steps"));
            bad.addAll(tpdsOnly);
        } else if (!sizeFree()) {
            if (scenario.queue != null && !scenario.queue.equalsIgnoreCase("fcfs")) {
                bad.add("--queue (the environment is FCFS, as TPDS; --agent ppo-pairs takes any order)");
            }
            if (scenario.weightLambda != null) {
                bad.add("--weight-lambda (use --env hjs)");
            }
        }
        if (Boolean.TRUE.equals(scenario.admission)) {
            bad.add("--admission");
        }
        if (Boolean.TRUE.equals(scenario.backfill)) {
            bad.add("--backfill");
        }
        if (scenario.billing != null && !scenario.billing.equalsIgnoreCase("exact")) {
            bad.add("--billing (R_epi uses exact busy seconds)");
        }
        if (scenario.generator.deadlineTolerance != null || scenario.generator.meanGap != null || scenario.generator.gaps != null
                || scenario.generator.deadlineShare != null || scenario.generator.deadlineSlack != null) {
            bad.add("--deadline-tolerance, --mean-gap, --gaps, --deadline-share, --deadline-slack");
        }
        if (!bad.isEmpty()) {
            throw new BadInputException("not available for training: " + String.join(", ", bad));
        }
    }

    TrainingRun fresh() throws IOException {
        Algorithm algorithm = Options.checked("--agent", () -> Algorithm.parse(agent == null ? "dqn" : agent));
        List<String> pairsOnly = pairs.given();
        if (!pairsOnly.isEmpty()) {
            throw new BadInputException(String.join(", ", pairsOnly) + " apply to --agent ppo-pairs only");
        }
        double b = beta == null ? 0.5 : beta;
        EnvironmentSetup setup = Options.checked("--workload-seeds", () -> setupBuilder()
                .workloadSeeds(workloadSeeds == null ? 1 : workloadSeeds).build());
        AgentConfig config = agentOptions.resolve(algorithm);
        Double lambda = null;
        TpdsEnvConfig env = Options.checked("environment options", () -> environment.resolve(b));
        if (hjs()) {
            lambda = scenario.weightLambda == null ? HjsWeightOrder.DEFAULT_LAMBDA : scenario.weightLambda;
            double l = lambda;
            Options.checked("--weight-lambda", () -> new HjsWeightOrder(l)); // validates λ before any work
            env = TrainingRun.hjsObservation(env, environment.mask, environment.normalise);
        }
        return TrainingRun.fresh(setup, config, env, lambda, schedule(), out);
    }

    /** A fresh run of the size-free agent: PPO with the pair network on randomised clusters and workloads. */
    TrainingRun freshSizeFree() throws IOException {
        List<String> bad = new ArrayList<>();
        if (scenario.cluster != null) {
            bad.add("--cluster (give --clusters)");
        }
        if (scenario.workload != null) {
            bad.add("--workload (give --workloads)");
        }
        if (envName != null) {
            bad.add("--env");
        }
        bad.addAll(pairs.check(name -> Options.checked("--imitate", () -> context.schedulers().create(name, 1))));
        List<String> observationOptions = new ArrayList<>(environment.given());
        observationOptions.retainAll(List.of("--mask", "--normalise", "--busy-time", "--lookahead", "--max-steps"));
        bad.addAll(observationOptions);
        if (!bad.isEmpty()) {
            throw new BadInputException("not available for --agent ppo-pairs (it always masks, and observes the pair "
                    + "schema on any cluster): " + String.join(", ", bad));
        }
        double b = beta == null ? 0.5 : beta;
        EnvironmentSetup base = Options.checked("--workload-seeds", () -> pairs.base(setupBuilder())
                .workloadSeeds(workloadSeeds == null ? 1 : workloadSeeds).build());
        SizeFreeSetup setup = Options.checked("--cluster-variants", () -> pairs.setup(base));
        List<String> agentGiven = agentOptions.given();
        PpoConfig config = TrainingRun.sizeFreeAgent((PpoConfig) agentOptions.resolve(Algorithm.PPO),
                agentGiven.contains("--hidden"), agentGiven.contains("--reward-scale"), pairs.deadlines());
        String queue = scenario.queueWithLambda();
        if (pairs.deadlines() && environment.given().contains("--per-job-reward")) {
            throw new BadInputException("--per-job-reward with --deadlines (the Target reward replaces R_epi)");
        }
        TpdsEnvConfig env = TrainingRun.sizeFreeEnvironment(Options.checked("environment options",
                () -> environment.resolve(b)), pairs.deadlines(), queue);
        if (pairs.expert() && (iterations != null || evalInterval != null || checkpointInterval != null)) {
            throw new BadInputException("--iterations, --eval-interval and --checkpoint-interval do not apply to "
                    + "--expert-rounds (set --expert-ppo: PPO iterations per round; checkpoints come after each round)");
        }
        return TrainingRun.sizeFree(setup, config, env, schedule(), pairs.teaching(), out);
    }

    /** The environment the scenario options give (TPDS cluster and normal workload by default), seed --seed or 1. */
    EnvironmentSetup.Builder setupBuilder() {
        return EnvironmentSetup.builder()
                .cluster(scenario.cluster == null ? "tpds" : scenario.cluster).pricing(scenario.pricing)
                .workload(scenario.workload == null ? "tpds-normal" : scenario.workload).format(scenario.format)
                .jobs(scenario.jobs).requests(scenario.generator.requests).typePenalty(scenario.typePenalty)
                .hybridPenalty(scenario.hybridPenalty).profile(scenario.jobProfile.file)
                .seed(scenario.seed == null ? 1 : scenario.seed);
    }

    /** The training schedule the options give (null fields: the defaults). */
    TrainingRun.Schedule schedule() {
        return new TrainingRun.Schedule(iterations, evalInterval, evalEpisodes, checkpointInterval);
    }

    TrainingRun resumed() throws IOException {
        if (out == null) {
            throw new BadInputException("--resume needs --out DIR, the folder of the run to continue");
        }
        List<String> changed = new ArrayList<>(agentOptions.given());
        changed.addAll(environment.given());
        changed.addAll(pairs.given());
        changed.remove("--expert-rounds"); // raises the total, as --iterations does
        changed.addAll(Options.given(new Object[][]{{"--agent", agent}, {"--beta", beta},
            {"--eval-interval", evalInterval}, {"--eval-episodes", evalEpisodes},
            {"--checkpoint-interval", checkpointInterval}, {"--workload-seeds", workloadSeeds},
            {"--cluster", scenario.cluster}, {"--workload", scenario.workload}, {"--seed", scenario.seed},
            {"--jobs", scenario.jobs}, {"--requests", scenario.generator.requests}, {"--pricing", scenario.pricing},
            {"--format", scenario.format}, {"--type-penalty", scenario.typePenalty},
            {"--hybrid-penalty", scenario.hybridPenalty}, {"--profile", scenario.jobProfile.file}}));
        if (!changed.isEmpty()) {
            OutputPaths.checkFolder("--out", out); // an --out that is no folder is named first, as without changes
            throw new BadInputException("a resumed run keeps the settings of its checkpoint; drop "
                    + String.join(", ", changed));
        }
        return TrainingRun.resume(out, iterations, pairs.expertRounds);
    }
}

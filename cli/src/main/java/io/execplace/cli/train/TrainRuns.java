package io.execplace.cli.train;

import io.execplace.cli.command.Options;
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
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code execplace train}'s options become a {@link TrainingRun} (fresh, size-free or resumed):
 * every option that does not apply to the run asked for is refused before any work, and the rest
 * passed to the library. Reads the options of one {@link TrainCommand} after picocli has set them.
 */
final class TrainRuns {

    /** The command whose options these are, as picocli set them. */
    private final TrainCommand options;

    TrainRuns(TrainCommand command) {
        options = command;
        Options.atLeastOne("--iterations", options.iterations);
        Options.atLeastOne("--eval-interval", options.evalInterval);
        Options.atLeastOne("--eval-episodes", options.evalEpisodes);
        Options.atLeastOne("--checkpoint-interval", options.checkpointInterval);
    }

    boolean sizeFree() {
        return TrainingRun.SIZE_FREE.equalsIgnoreCase(options.agent);
    }

    boolean hjs() {
        if (options.envName == null || options.envName.equalsIgnoreCase("tpds")) {
            return false;
        }
        if (options.envName.equalsIgnoreCase("hjs")) {
            return true;
        }
        throw BadInputException.option("--env", "must be tpds or hjs, got '" + options.envName + "'");
    }

    /** The scenario options an RL environment has no use for. */
    void rejectScenarioOptions() {
        List<String> bad = new ArrayList<>();
        if (options.scenario.scenario != null) {
            bad.add("--scenario (give --cluster and --workload)");
        }
        if (hjs()) {
            if (options.scenario.queue != null && !options.scenario.queue.equalsIgnoreCase(HjsWeightOrder.NAME)) {
                bad.add("--queue (the HJS environment offers jobs in hjs-weight order; set --weight-lambda)");
            }
            if (options.beta != null) {
                bad.add("--beta (the HJS environment's final reward is Target)");
            }
            List<String> tpdsOnly = new ArrayList<>(options.environment.given());
            tpdsOnly.removeAll(List.of("--mask", "--normalise", "--max-steps"));
            bad.addAll(tpdsOnly);
        } else if (!sizeFree()) {
            if (options.scenario.queue != null && !options.scenario.queue.equalsIgnoreCase("fcfs")) {
                bad.add("--queue (the environment is FCFS, as TPDS; --agent ppo-pairs takes any order)");
            }
            if (options.scenario.weightLambda != null) {
                bad.add("--weight-lambda (use --env hjs)");
            }
        }
        if (Boolean.TRUE.equals(options.scenario.admission)) {
            bad.add("--admission");
        }
        if (Boolean.TRUE.equals(options.scenario.backfill)) {
            bad.add("--backfill");
        }
        if (options.scenario.billing != null && !options.scenario.billing.equalsIgnoreCase("exact")) {
            bad.add("--billing (R_epi uses exact busy seconds)");
        }
        if (options.scenario.generator.deadlineTolerance != null || options.scenario.generator.meanGap != null || options.scenario.generator.gaps != null
                || options.scenario.generator.deadlineShare != null || options.scenario.generator.deadlineSlack != null) {
            bad.add("--deadline-tolerance, --mean-gap, --gaps, --deadline-share, --deadline-slack");
        }
        if (!bad.isEmpty()) {
            throw new BadInputException("not available for training: " + String.join(", ", bad));
        }
    }

    TrainingRun fresh() throws IOException {
        Algorithm algorithm = Options.checked("--agent", () -> Algorithm.parse(options.agent == null ? "dqn" : options.agent));
        List<String> pairsOnly = options.pairs.given();
        if (!pairsOnly.isEmpty()) {
            throw new BadInputException(String.join(", ", pairsOnly) + " apply to --agent ppo-pairs only");
        }
        double b = options.beta == null ? 0.5 : options.beta;
        EnvironmentSetup setup = Options.checked("--workload-seeds", () -> setupBuilder()
                .workloadSeeds(options.workloadSeeds == null ? 1 : options.workloadSeeds).build());
        AgentConfig config = options.agentOptions.resolve(algorithm);
        Double lambda = null;
        TpdsEnvConfig env = Options.checked("environment options", () -> options.environment.resolve(b));
        if (hjs()) {
            lambda = options.scenario.weightLambda == null ? HjsWeightOrder.DEFAULT_LAMBDA : options.scenario.weightLambda;
            double l = lambda;
            Options.checked("--weight-lambda", () -> new HjsWeightOrder(l)); // validates λ before any work
            env = TrainingRun.hjsObservation(env, options.environment.mask, options.environment.normalise);
        }
        return TrainingRun.fresh(setup, config, env, lambda, schedule(), options.out);
    }

    /** A fresh run of the size-free agent: PPO with the pair network on randomised clusters and workloads. */
    TrainingRun freshSizeFree() throws IOException {
        List<String> bad = new ArrayList<>();
        if (options.scenario.cluster != null) {
            bad.add("--cluster (give --clusters)");
        }
        if (options.scenario.workload != null) {
            bad.add("--workload (give --workloads)");
        }
        if (options.envName != null) {
            bad.add("--env");
        }
        bad.addAll(options.pairs.check(name -> Options.checked("--imitate", () -> options.context().schedulers().create(name, 1))));
        List<String> observationOptions = new ArrayList<>(options.environment.given());
        observationOptions.retainAll(List.of("--mask", "--normalise", "--busy-time", "--lookahead", "--max-steps"));
        bad.addAll(observationOptions);
        if (!bad.isEmpty()) {
            throw new BadInputException("not available for --agent ppo-pairs (it always masks, and observes the pair "
                    + "schema on any cluster): " + String.join(", ", bad));
        }
        double b = options.beta == null ? 0.5 : options.beta;
        EnvironmentSetup base = Options.checked("--workload-seeds", () -> options.pairs.base(setupBuilder())
                .workloadSeeds(options.workloadSeeds == null ? 1 : options.workloadSeeds).build());
        SizeFreeSetup setup = Options.checked("--cluster-variants", () -> options.pairs.setup(base));
        List<String> agentGiven = options.agentOptions.given();
        PpoConfig config = TrainingRun.sizeFreeAgent((PpoConfig) options.agentOptions.resolve(Algorithm.PPO),
                agentGiven.contains("--hidden"), agentGiven.contains("--reward-scale"), options.pairs.deadlines());
        String queue = options.scenario.queueWithLambda();
        if (options.pairs.deadlines() && options.environment.given().contains("--per-job-reward")) {
            throw new BadInputException("--per-job-reward with --deadlines (the Target reward replaces R_epi)");
        }
        TpdsEnvConfig env = TrainingRun.sizeFreeEnvironment(Options.checked("environment options",
                () -> options.environment.resolve(b)), options.pairs.deadlines(), queue);
        if (options.pairs.expert() && (options.iterations != null || options.evalInterval != null || options.checkpointInterval != null)) {
            throw new BadInputException("--iterations, --eval-interval and --checkpoint-interval do not apply to "
                    + "--expert-rounds (set --expert-ppo: PPO iterations per round; checkpoints come after each round)");
        }
        return TrainingRun.sizeFree(setup, config, env, schedule(), options.pairs.teaching(), options.out);
    }

    /** The environment the scenario options give (TPDS cluster and normal workload by default), seed --seed or 1. */
    EnvironmentSetup.Builder setupBuilder() {
        return EnvironmentSetup.builder()
                .cluster(options.scenario.cluster == null ? "tpds" : options.scenario.cluster).pricing(options.scenario.pricing)
                .workload(options.scenario.workload == null ? "tpds-normal" : options.scenario.workload).format(options.scenario.format)
                .jobs(options.scenario.jobs).requests(options.scenario.generator.requests).typePenalty(options.scenario.typePenalty)
                .hybridPenalty(options.scenario.hybridPenalty).profile(options.scenario.jobProfile.file)
                .seed(options.scenario.seed == null ? 1 : options.scenario.seed);
    }

    /** The training schedule the options give (null fields: the defaults). */
    TrainingRun.Schedule schedule() {
        return new TrainingRun.Schedule(options.iterations, options.evalInterval, options.evalEpisodes, options.checkpointInterval);
    }

    TrainingRun resumed() throws IOException {
        if (options.out == null) {
            throw new BadInputException("--resume needs --out DIR, the folder of the run to continue");
        }
        List<String> changed = new ArrayList<>(options.agentOptions.given());
        changed.addAll(options.environment.given());
        changed.addAll(options.pairs.given());
        changed.remove("--expert-rounds"); // raises the total, as --iterations does
        changed.addAll(Options.given(new Object[][]{{"--agent", options.agent}, {"--beta", options.beta},
            {"--eval-interval", options.evalInterval}, {"--eval-episodes", options.evalEpisodes},
            {"--checkpoint-interval", options.checkpointInterval}, {"--workload-seeds", options.workloadSeeds},
            {"--cluster", options.scenario.cluster}, {"--workload", options.scenario.workload}, {"--seed", options.scenario.seed},
            {"--jobs", options.scenario.jobs}, {"--requests", options.scenario.generator.requests}, {"--pricing", options.scenario.pricing},
            {"--format", options.scenario.format}, {"--type-penalty", options.scenario.typePenalty},
            {"--hybrid-penalty", options.scenario.hybridPenalty}, {"--profile", options.scenario.jobProfile.file}}));
        if (!changed.isEmpty()) {
            OutputPaths.checkFolder("--out", options.out); // an --out that is no folder is named first, as without changes
            throw new BadInputException("a resumed run keeps the settings of its checkpoint; drop "
                    + String.join(", ", changed));
        }
        return TrainingRun.resume(options.out, options.iterations, options.pairs.expertRounds);
    }
}

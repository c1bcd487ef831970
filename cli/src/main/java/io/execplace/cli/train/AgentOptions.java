package io.execplace.cli.train;

import io.execplace.cli.command.Options;
import io.execplace.core.io.BadInputException;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.AgentConfigBuilder;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.DqnConfig;
import io.execplace.rl.agent.EpisodeConfigBuilder;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.agent.ReplayConfigBuilder;
import io.execplace.rl.agent.SacConfig;
import io.execplace.rl.nn.Loss;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/** Hyper-parameter options of the learning agents; defaults are TPDS Table 5's (docs/rl.md, "Agents"). */
final class AgentOptions {

    @Option(names = "--hidden", paramLabel = "N[,N...]", split = ",", description = "Hidden layer widths (default 200).")
    List<Integer> hidden;

    @Option(names = "--lr", paramLabel = "RATE", description = "Adam learning rate (default 0.001).")
    Double lr;

    @Option(names = "--gamma", paramLabel = "G", description = "Discount factor (default 0.9).")
    Double gamma;

    @Option(names = "--collect", paramLabel = "N",
            description = "DQN, SAC: environment steps per iteration (one gradient step each; default DQN 10, SAC 1); "
                    + "REINFORCE, PPO: episodes per iteration (default 10).")
    Integer collect;

    @Option(names = "--reward-scale", paramLabel = "S", description = "Multiply rewards by S before learning (default: 1; PPO, SAC 0.001).")
    Double rewardScale;

    @Option(names = "--clip-grad", paramLabel = "NORM", description = "Clip gradients to this global norm (default: none; PPO 0.5).")
    Double clipGrad;

    @Option(names = "--batch", paramLabel = "N", description = "DQN, SAC: batch size (default 64).")
    Integer batch;

    @Option(names = "--replay", paramLabel = "N", description = "DQN, SAC: replay buffer size (default 10000).")
    Integer replay;

    @Option(names = "--epsilon", paramLabel = "E", description = "DQN: exploration rate (default 0.001).")
    Double epsilon;

    @Option(names = "--target-update", paramLabel = "N", description = "DQN: gradient steps between target-network copies (default 100).")
    Integer targetUpdate;

    @Option(names = "--double-dqn", negatable = true, description = "DQN: Double DQN targets (default off).")
    Boolean doubleDqn;

    @Option(names = "--loss", paramLabel = "mse|huber", description = "DQN: TD loss (default mse).")
    String loss;

    @Option(names = "--warmup", paramLabel = "N", description = "DQN, SAC: random steps before the first update (default 1000).")
    Integer warmup;

    @Option(names = "--tau", paramLabel = "T", description = "SAC: target critics move this far towards the critics per step (default 0.005).")
    Double tau;

    @Option(names = "--temperature", paramLabel = "A", description = "SAC: initial entropy temperature alpha (default 0.1).")
    Double temperature;

    @Option(names = "--target-entropy", paramLabel = "F",
            description = "SAC: tune alpha towards this fraction of the largest entropy; 0 keeps alpha fixed (default 0.2).")
    Double targetEntropy;

    @Option(names = "--baseline", negatable = true, description = "REINFORCE: learned state-value baseline (default off).")
    Boolean baseline;

    @Option(names = "--normalize-returns", negatable = true, description = "REINFORCE: standardise returns per batch (default on).")
    Boolean normalizeReturns;

    @Option(names = "--entropy", paramLabel = "C", description = "REINFORCE, PPO: entropy bonus weight (default 0; PPO 0.01).")
    Double entropy;

    @Option(names = "--lambda", paramLabel = "L", description = "PPO: GAE lambda (default 0.95).")
    Double lambda;

    @Option(names = "--epochs", paramLabel = "N", description = "PPO: passes over each batch (default 4).")
    Integer epochs;

    @Option(names = "--minibatch", paramLabel = "N", description = "PPO: minibatch size (default 256).")
    Integer minibatch;

    @Option(names = "--clip-ratio", paramLabel = "E", description = "PPO: clip range of the probability ratio (default 0.2).")
    Double clipRatio;

    @Option(names = "--value-coef", paramLabel = "C", description = "PPO: weight of the critic loss (default 0.5).")
    Double valueCoef;

    @Option(names = "--normalize-advantages", negatable = true, description = "PPO: standardise advantages per batch (default on).")
    Boolean normalizeAdvantages;

    @Option(names = "--target-kl", paramLabel = "KL", description = "PPO: stop an iteration's epochs once a minibatch's "
            + "approximate KL divergence exceeds KL (CleanRL's target_kl; default: off).")
    Double targetKl;

    private static final Set<String> COMMON = Set.of("--hidden", "--lr", "--gamma", "--collect", "--reward-scale", "--clip-grad");
    private static final Map<Algorithm, Set<String>> OWN = Map.of(
            Algorithm.DQN, Set.of("--batch", "--replay", "--epsilon", "--target-update", "--double-dqn", "--loss", "--warmup"),
            Algorithm.REINFORCE, Set.of("--baseline", "--normalize-returns", "--entropy"),
            Algorithm.PPO, Set.of("--entropy", "--lambda", "--epochs", "--minibatch", "--clip-ratio", "--value-coef",
                    "--normalize-advantages", "--target-kl"),
            Algorithm.SAC, Set.of("--batch", "--replay", "--warmup", "--tau", "--temperature", "--target-entropy"));

    /** The hyper-parameters of {@code algorithm}: its defaults with the given options applied. */
    AgentConfig resolve(Algorithm algorithm) {
        for (String option : given()) {
            if (!COMMON.contains(option) && !OWN.get(algorithm).contains(option)) {
                throw new BadInputException(option + " does not apply to " + algorithm.label());
            }
        }
        if (lr != null && !(lr > 0 && lr < Double.POSITIVE_INFINITY)) {
            throw BadInputException.option("--lr", "learning rate must be a positive number, got " + lr);
        }
        try {
            return Options.checked("agent options", () -> build(algorithm));
        } catch (BadInputException together) {
            // The configurations check their values in build(): the option refused on its own is named.
            for (String option : given()) {
                only = option;
                try {
                    build(algorithm);
                } catch (IllegalArgumentException alone) {
                    throw BadInputException.option(option, alone.getMessage());
                } finally {
                    only = null;
                }
            }
            throw together;
        }
    }

    /** While {@link #resolve} looks for the option it refuses: the one option applied, else null (all). */
    private String only;

    private AgentConfig build(Algorithm algorithm) {
        return switch (algorithm) {
            case DQN -> {
                DqnConfig.Builder b = replay(common(DqnConfig.paper().toBuilder()));
                set("--epsilon", epsilon, b::epsilon);
                set("--target-update", targetUpdate, b::targetUpdatePeriod);
                set("--double-dqn", doubleDqn, b::doubleDqn);
                set("--loss", loss, v -> b.loss(Loss.parse(v)));
                yield b.build();
            }
            case REINFORCE -> {
                ReinforceConfig.Builder b = episodes(common(ReinforceConfig.paper().toBuilder()));
                set("--baseline", baseline, b::baseline);
                set("--normalize-returns", normalizeReturns, b::normalizeReturns);
                yield b.build();
            }
            case PPO -> {
                PpoConfig.Builder b = episodes(common(PpoConfig.defaults().toBuilder()));
                set("--lambda", lambda, b::lambda);
                set("--epochs", epochs, b::epochs);
                set("--minibatch", minibatch, b::minibatchSize);
                set("--clip-ratio", clipRatio, b::clipRatio);
                set("--value-coef", valueCoef, b::valueCoef);
                set("--normalize-advantages", normalizeAdvantages, b::normalizeAdvantages);
                set("--target-kl", targetKl, b::targetKl);
                yield b.build();
            }
            case SAC -> {
                SacConfig.Builder b = replay(common(SacConfig.defaults().toBuilder()));
                set("--tau", tau, b::targetSmoothing);
                set("--temperature", temperature, b::initialTemperature);
                set("--target-entropy", targetEntropy, b::targetEntropy);
                yield b.build();
            }
        };
    }

    /** The options every algorithm has. */
    private <B extends AgentConfigBuilder<B, ?>> B common(B b) {
        set("--hidden", hidden, b::hidden);
        set("--lr", lr, b::learningRate);
        set("--gamma", gamma, b::gamma);
        set("--clip-grad", clipGrad, b::gradientClip);
        set("--reward-scale", rewardScale, b::rewardScale);
        return b;
    }

    /** The options of the off-policy learners. */
    private <B extends ReplayConfigBuilder<B, ?>> B replay(B b) {
        set("--batch", batch, b::batchSize);
        set("--replay", replay, b::replayCapacity);
        set("--collect", collect, b::collectSteps);
        set("--warmup", warmup, b::warmupSteps);
        return b;
    }

    /** The options of the episode-batch learners. */
    private <B extends EpisodeConfigBuilder<B, ?>> B episodes(B b) {
        set("--collect", collect, b::episodesPerIteration);
        set("--entropy", entropy, b::entropyCoef);
        return b;
    }

    /** Applies an option's value when it was given (and is the one applied, while {@link #resolve} looks for it). */
    private <T> void set(String option, T given, Consumer<T> setter) {
        if (given != null && (only == null || only.equals(option))) {
            setter.accept(given);
        }
    }

    /** The options given on the command line, in the order {@link #resolve} names a refused one. */
    List<String> given() {
        return Options.given(new Object[][]{
            {"--hidden", hidden}, {"--lr", lr}, {"--gamma", gamma}, {"--collect", collect},
            {"--reward-scale", rewardScale}, {"--clip-grad", clipGrad}, {"--batch", batch}, {"--replay", replay},
            {"--epsilon", epsilon}, {"--target-update", targetUpdate}, {"--double-dqn", doubleDqn}, {"--loss", loss},
            {"--warmup", warmup}, {"--tau", tau}, {"--temperature", temperature}, {"--target-entropy", targetEntropy},
            {"--baseline", baseline}, {"--normalize-returns", normalizeReturns}, {"--entropy", entropy},
            {"--lambda", lambda}, {"--epochs", epochs}, {"--minibatch", minibatch}, {"--clip-ratio", clipRatio},
            {"--value-coef", valueCoef}, {"--normalize-advantages", normalizeAdvantages}, {"--target-kl", targetKl}});
    }
}

package io.execplace.rl.train;

import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.DqnConfig;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.agent.SacConfig;
import io.execplace.rl.agent.TinyEnvironment;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Loss;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TrainerTest {

    static AgentConfig config(String algorithm) {
        return switch (algorithm) {
            case "dqn" -> DqnConfig.paper().toBuilder().hidden(List.of(16)).learningRate(3e-3).batchSize(16)
                    .replayCapacity(500).epsilon(0.2).targetUpdatePeriod(20).doubleDqn(true).loss(Loss.HUBER)
                    .warmupSteps(100).gradientClip(1).rewardScale(1e-3).build();
            case "reinforce" -> ReinforceConfig.paper().toBuilder().hidden(List.of(16)).learningRate(1e-2)
                    .episodesPerIteration(4).baseline(true).entropyCoef(0.01).gradientClip(1).rewardScale(1e-3).build();
            case "sac" -> SacConfig.defaults().toBuilder().hidden(List.of(16)).learningRate(3e-3).batchSize(16)
                    .replayCapacity(500).targetSmoothing(0.01).warmupSteps(100).gradientClip(1).build();
            default -> PpoConfig.defaults().toBuilder().hidden(List.of(16)).learningRate(3e-3).episodesPerIteration(4)
                    .epochs(2).minibatchSize(16).build();
        };
    }

    private static Trainer trainer(String algorithm, int iterations, Path dir) {
        TpdsEnv env = TinyEnvironment.create(true);
        TrainingSpec spec = TrainingSpec.of(config(algorithm), env.config(), iterations, 7).withEvalInterval(20)
                .withEvalEpisodes(2).withCheckpointInterval(20);
        return new Trainer(spec, env, TinyEnvironment.create(true), dir, null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dqn", "reinforce", "ppo", "sac"})
    void resumingFromACheckpointGivesTheSameRunBitForBit(String algorithm, @TempDir Path tmp) throws Exception {
        Path straight = tmp.resolve("straight");
        Trainer a = trainer(algorithm, 60, straight);
        a.run(TrainingListener.NONE);

        // An interrupted run: a first process stops after 20 iterations (checkpoint written), a second
        // one resumes from that checkpoint and goes on to 60.
        Path interrupted = tmp.resolve("interrupted");
        Trainer first = trainer(algorithm, 20, interrupted);
        first.run(TrainingListener.NONE);
        Trainer resumed = trainer(algorithm, 60, interrupted);
        resumed.restore(ArrayBundle.read(interrupted.resolve(AgentFiles.CHECKPOINT_FILE)));
        assertThat(resumed.iteration()).isEqualTo(20);
        resumed.run(TrainingListener.NONE);

        assertThat(resumed.learner().policyNetwork().parameters()).containsExactly(a.learner().policyNetwork().parameters());
        assertThat(resumed.curve().points()).isEqualTo(a.curve().points());
        assertThat(Files.readString(interrupted.resolve(AgentFiles.CURVE_FILE)))
                .isEqualTo(Files.readString(straight.resolve(AgentFiles.CURVE_FILE)));
        assertThat(resumed.learner().totalSteps()).isEqualTo(a.learner().totalSteps());
    }

    @ParameterizedTest
    @ValueSource(strings = {"dqn", "ppo", "sac"})
    void theSameSeedGivesTheSameCurve(String algorithm) throws Exception {
        Trainer a = trainer(algorithm, 40, null);
        Trainer b = trainer(algorithm, 40, null);
        a.run(TrainingListener.NONE);
        b.run(TrainingListener.NONE);
        assertThat(a.curve().points()).isEqualTo(b.curve().points()).hasSize(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dqn", "reinforce", "sac"})
    void filesAreWrittenAndTheModelLoads(String algorithm, @TempDir Path dir) throws Exception {
        Trainer t = trainer(algorithm, 25, dir);
        t.run(TrainingListener.NONE);
        assertThat(dir.resolve(AgentFiles.MODEL_FILE)).isRegularFile();
        assertThat(dir.resolve(AgentFiles.CHECKPOINT_FILE)).isRegularFile();
        // Evaluations at 20 and at the last iteration, 25.
        assertThat(Files.readAllLines(dir.resolve(AgentFiles.CURVE_FILE))).hasSize(3)
                .first().asString().startsWith("iteration,env_steps");
        TrainedAgent agent = TrainedAgent.read(dir);
        assertThat(agent.algorithm().label()).isEqualTo(algorithm);
        assertThat(agent.environment()).isEqualTo(t.spec().environment());
        assertThat(agent.policy().act(TinyEnvironment.create(true).reset(0), null))
                .isEqualTo(new GreedyPolicy(t.learner().policyNetwork())
                        .act(TinyEnvironment.create(true).reset(0), null));
        assertThat(agent.metadata().get("training").get("iteration").asInt()).isEqualTo(25);
    }
}

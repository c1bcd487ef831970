package io.execplace.experiments.training;

import io.execplace.core.io.BadInputException;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.DqnConfig;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.AgentFiles;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code train}'s runs as the library makes them: the schedules' defaults, the default folders, the
 * size-free agent's defaults and recorded warm start, a resumed run continuing where the first stopped,
 * and the folders a run refuses before writing anything.
 */
class TrainingRunTest {

    private static final EnvironmentSetup SETUP = EnvironmentSetup.builder().workload("tpds-burst").jobs(10).seed(3)
            .build();
    private static final TrainingRun.Schedule DEFAULTS = new TrainingRun.Schedule(null, null, null, null);

    @Test
    void schedulesTakeTheirDefaultsWhereNothingIsGiven() throws Exception {
        TrainingRun fixed = TrainingRun.fresh(SETUP, DqnConfig.paper(), TpdsEnvConfig.paper(0.25), null, DEFAULTS, null);
        assertThat(fixed.spec().iterations()).isEqualTo(10_000);
        assertThat(fixed.spec().evalInterval()).isEqualTo(1000);
        assertThat(fixed.spec().evalEpisodes()).isEqualTo(10);
        assertThat(fixed.spec().checkpointInterval()).isEqualTo(1000);
        assertThat(fixed.spec().seed()).isEqualTo(3);
        assertThat(fixed.dir()).isEqualTo(Path.of("runs", "dqn-tpds-burst-beta-0.25"));
        assertThat(fixed.objective("HJS")).isEqualTo(", beta 0.25");

        TrainingRun hjs = TrainingRun.fresh(SETUP.toBuilder().cluster("c5").workload("hjs-40-20").build(),
                DqnConfig.paper(), TpdsEnvConfig.paper(0.5), 0.75, new TrainingRun.Schedule(50, 10, 2, null), null);
        assertThat(hjs.dir()).isEqualTo(Path.of("runs", "dqn-hjs-40-20-hjs-lambda-0.75"));
        assertThat(hjs.spec().checkpointInterval()).isEqualTo(10);
        assertThat(hjs.hjsLambda()).isEqualTo(0.75);
        assertThat(hjs.objective("HJS")).isEqualTo(", HJS, lambda 0.75");
    }

    @Test
    void theSizeFreeAgentHasItsOwnDefaultsAndRecordsItsWarmStart() throws Exception {
        PpoConfig given = PpoConfig.defaults();
        assertThat(TrainingRun.sizeFreeAgent(given, false, false, false).hidden()).containsExactly(64, 64);
        assertThat(TrainingRun.sizeFreeAgent(given, true, false, false).hidden()).isEqualTo(given.hidden());
        assertThat(TrainingRun.sizeFreeAgent(given, false, false, true).rewardScale()).isEqualTo(0.1);
        assertThat(TrainingRun.sizeFreeAgent(given, false, true, true).rewardScale()).isEqualTo(given.rewardScale());

        SizeFreeSetup setup = new SizeFreeSetup(List.of("tpds", "c5"), List.of("tpds-burst"), SETUP, 3, 0.2);
        TpdsEnvConfig env = TrainingRun.sizeFreeEnvironment(TpdsEnvConfig.paper(1), false, null);
        assertThat(env.masking()).isTrue();
        SizeFreeStart.Teaching expert = new SizeFreeStart.Teaching("lookahead", 4, 2, 3,
                new SizeFreeStart.Expert(5, 2, ExpertRounds.PROPOSER, 0, true, null));
        TrainingRun run = TrainingRun.sizeFree(setup, given, env, DEFAULTS, expert, null);
        assertThat(run.dir()).isEqualTo(Path.of("runs", "ppo-pairs-beta-1.0"));
        assertThat(run.sizeFree()).isTrue();
        assertThat(run.expert()).isTrue();
        assertThat(run.expertRounds(null)).isEqualTo(5);
        assertThat(run.expertRounds(7)).isEqualTo(7);
        assertThat(run.agentLabel()).isEqualTo(TrainingRun.SIZE_FREE);
        assertThat(run.spec().iterations()).isEqualTo(10); // five rounds of two PPO iterations
        assertThat(run.environment().setup().get("imitation").toString())
                .isEqualTo("{\"teacher\":\"lookahead\",\"episodes\":4,\"epochs\":2,\"rounds\":1}");
        assertThat(run.environment().setup().get("expert").toString()).isEqualTo(
                "{\"rounds\":5,\"ppo\":2,\"agentAs\":\"proposer\",\"heldOut\":0,\"clairvoyant\":true}");

        TrainingRun plain = TrainingRun.sizeFree(setup, given, env, DEFAULTS, null, null);
        assertThat(plain.spec().iterations()).isEqualTo(1000);
        assertThat(plain.spec().evalInterval()).isEqualTo(100);
        assertThat(plain.spec().evalEpisodes()).isEqualTo(2); // one per base cluster
        assertThat(plain.environment().setup().has("imitation")).isFalse();
        assertThat(plain.expert()).isFalse();
    }

    @Test
    void aResumedRunContinuesWithItsSettingsAndAFreshRunRefusesItsFolder(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("run");
        TrainingRun first = TrainingRun.fresh(SETUP, DqnConfig.paper().toBuilder().hidden(List.of(8)).build(),
                TpdsEnvConfig.paper(0.5), null, new TrainingRun.Schedule(20, 10, 1, null), dir);
        Trainer trainer = first.open();
        trainer.run(new TrainingListener() {
        });
        assertThat(Files.isRegularFile(dir.resolve(AgentFiles.CHECKPOINT_FILE))).isTrue();

        TrainingRun again = TrainingRun.resume(dir, 30, null);
        TrainingSpec spec = again.spec();
        assertThat(spec.iterations()).isEqualTo(30);
        assertThat(spec.agent()).isEqualTo(first.spec().agent());
        assertThat(spec.environment()).isEqualTo(first.spec().environment());
        assertThat(again.environment()).isEqualTo(first.environment());
        assertThat(again.label()).isEqualTo(first.label());
        assertThat(again.open().iteration()).isEqualTo(20);

        assertThatThrownBy(() -> TrainingRun.fresh(SETUP, DqnConfig.paper(), TpdsEnvConfig.paper(0.5), null, DEFAULTS, dir))
                .isInstanceOf(BadInputException.class).hasMessageContaining("already holds a training run");
        assertThatThrownBy(() -> TrainingRun.resume(dir, null, 3))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--expert-rounds")
                .hasMessageContaining("without expert iteration");
        assertThatThrownBy(() -> TrainingRun.resume(tmp.resolve("none"), null, null))
                .isInstanceOf(BadInputException.class).hasMessageContaining("no checkpoint to resume");
    }

    @Test
    void aNetworkTooLargeForTheJvmIsRefusedNamingHidden() {
        assertThatThrownBy(() -> TrainingRun.checkMemory(DqnConfig.paper().toBuilder().hidden(List.of(1 << 20, 1 << 20))
                .build(), 100, 10)).isInstanceOf(BadInputException.class).hasMessageContaining("--hidden");
    }
}

package io.execplace.experiments.env;

import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.HjsEnv;
import io.execplace.rl.env.HjsEnvConfig;
import io.execplace.rl.env.ObservationSettings;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.env.TpdsEpisodeRules;
import io.execplace.rl.pairs.PairEnv;
import io.execplace.rl.pairs.PairSchema;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A training run's environment, rebuilt from registry settings, is to the bit the one built
 * directly from its setup and configuration (what training did before the registry), for every
 * environment and non-default options, and survives the round trip through the agent files' setup.
 */
class TrainingEnvironmentTest {

    private static final EnvironmentSetup SETUP = EnvironmentSetup.builder().workload("tpds-burst").seed(3)
            .workloadSeeds(2).build();

    @Test
    void tpdsWithEveryOptionMatchesTheDirectEnvironment() {
        TpdsEnvConfig config = TpdsEnvConfig.reference(0.25).withMasking(true).withNormalised(true).withBusyTime(true)
                .withPerJobReward(true).withMaxSteps(300).withFixedReward(5000);
        EnvironmentSetup.Resolved r = SETUP.resolve(null);
        Env direct = new TpdsEnv(r.cluster(), r.workloads(), r.durationModel(), config).wrapped();
        TrainingEnvironment e = TrainingEnvironment.tpds(SETUP, config);
        assertThat(EnvTraces.trace(e.make(), 4)).isEqualTo(EnvTraces.trace(direct, 4));
        TrainingEnvironment back = TrainingEnvironment.of(e.setup(), config);
        assertThat(back).isEqualTo(e);
    }

    @Test
    void hjsMatchesTheDirectEnvironment() {
        TpdsEnvConfig config = TpdsEnvConfig.paper(0.5).withMasking(true).withNormalised(false).withMaxSteps(400);
        EnvironmentSetup setup = EnvironmentSetup.builder().cluster("c5").workload("hjs-60-20").build();
        EnvironmentSetup.Resolved r = setup.resolve(null);
        Env direct = new HjsEnv(r.cluster(), r.workloads(), r.durationModel(),
                HjsEnvConfig.of(0.7).withObservation(new ObservationSettings(false, true, 400)), null).wrapped();
        TrainingEnvironment e = TrainingEnvironment.hjs(setup, config, 0.7);
        assertThat(EnvTraces.trace(e.make(), 4)).isEqualTo(EnvTraces.trace(direct, 4));
        assertThat(TrainingEnvironment.lambdaOf(e.setup())).isEqualTo(0.7);
        assertThat(TrainingEnvironment.of(e.setup(), config)).isEqualTo(e);
    }

    @Test
    void pairsMatchTheDirectEnvironment() {
        TpdsEnvConfig config = TpdsEnvConfig.reference(0.5).withMasking(true);
        SizeFreeSetup sizeFree = new SizeFreeSetup(List.of("tpds", "c5"), List.of("tpds-burst"),
                SETUP.toBuilder().cluster("tpds").build(), 3, 0.2);
        TrainingEnvironment e = TrainingEnvironment.pairs(sizeFree, config);
        Env direct = PairsEnvFactory.environment(sizeFree, config.rules());
        assertThat(EnvTraces.trace(e.make(), 4)).isEqualTo(EnvTraces.trace(direct, 4));
        assertThat(TrainingEnvironment.of(e.setup(), config).settings()).isEqualTo(e.settings());
    }

    @Test
    void deadlinePairsWithAQueueAndTheTargetRewardSurviveTheRoundTrip() {
        TpdsEnvConfig config = TpdsEnvConfig.paper(1).withMasking(true).withQueue("hjs-weight:0.75").withTargetReward(true);
        SizeFreeSetup sizeFree = new SizeFreeSetup(List.of("c5"), List.of("hjs-60-20", "hjs-40-20"),
                SETUP.toBuilder().cluster("c5").workload("hjs-60-20").build(), 1, 0.3, PairSchema.DEADLINES);
        TrainingEnvironment e = TrainingEnvironment.pairs(sizeFree, config);
        assertThat(e.settings()).containsEntry("queue", "hjs-weight:0.75").containsEntry("target-reward", "true")
                .containsEntry("deadline-features", "true");
        PairEnv direct = PairsEnvFactory.environment(sizeFree, config.rules());
        assertThat(direct.schema()).isEqualTo(PairSchema.DEADLINES);
        assertThat(EnvTraces.trace(e.make(), 4)).isEqualTo(EnvTraces.trace(direct, 4));
        TrainingEnvironment back = TrainingEnvironment.of(e.setup(), config);
        assertThat(back.settings()).isEqualTo(e.settings());
        assertThat(SizeFreeSetup.fromJson(back.setup()).schema()).isEqualTo(PairSchema.DEADLINES);
    }

    @Test
    void rewardsNoSettingExpressesAreRefused() {
        TpdsEnvConfig odd = TpdsEnvConfig.paper(0.5).withRewards(new TpdsEpisodeRules.Rewards(2, -1, -200, -200, -200, -200));
        assertThatThrownBy(() -> TrainingEnvironment.tpds(SETUP, odd))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("differ from TPDS Table 3");
    }
}

package io.execplace.liu.env;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.EnvChecker;
import io.execplace.rl.env.EpisodeOutcome;
import io.execplace.rl.env.StepEvent;
import io.execplace.rl.env.StepResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.sim.LiuEpisode;
import io.execplace.liu.sim.LiuRunner;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.managers.LiuBaselines;
import java.util.Arrays;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

class LiuEnvTest {

    private static final LiuWorkloadSpec SPEC = LiuWorkloadSpec.standard(ArrivalPattern.uniformPattern()).withApps(120);

    private static LiuEnv env() {
        return new LiuEnv(ExecutorClusters.liu(), SPEC, LiuObservation.standard(5, 1900), 0.5);
    }

    @Test
    void passesTheConformanceCheck() {
        assertThat(EnvChecker.check(LiuEnvTest::env, new EnvChecker.Options(new long[] {1, 2, 3}, 10_000, true)))
                .isEmpty();
    }

    @Test
    void outcomeReportsTheEpisode() {
        LiuEnv env = env();
        assertThatThrownBy(env::outcome).isInstanceOf(IllegalStateException.class);
        env.reset(4);
        EpisodeOutcome first = env.outcome();
        assertThat(first.completed()).isFalse();
        assertThat(first.endEvent()).isNull();
        assertThat(first.jobsPlaced()).isZero();
        assertThat(first.jobs()).isEqualTo(120);
        while (env.waitingCount() > 0) {
            env.step(0);
        }
        EpisodeOutcome o = env.outcome();
        LiuEpisode e = env.episode();
        assertThat(o.completed()).isTrue();
        assertThat(o.jobsPlaced()).isEqualTo(120);
        assertThat(o.cost()).isEqualTo((double) e.executorSlices()).isPositive();
        assertThat(o.deadlineMetPercent())
                .isEqualTo(100.0 * (e.deadlineRuns() - e.totalMissed()) / e.deadlineRuns());
        assertThat(o.episodeReward()).isLessThanOrEqualTo(0);
    }

    @Test
    void tableOneShapeAndSpaces() {
        LiuEnv env = env();
        assertThat(env.observationSize()).isEqualTo(529);
        assertThat(env.actionCount()).isEqualTo(5);
        assertThat(env.observationSpace().labels()).hasSize(529).contains("c4.occupation-100", "app.duration");
        assertThat(env.actionMask()).containsOnly(true);
    }

    @Test
    void randomEpisodesStayInTheSpaceAndAreReproducible() {
        LiuEnv env = env();
        double[] first = run(env, 7, 99);
        double[] again = run(env, 7, 99);
        assertThat(again).containsExactly(first);
        assertThat(run(env, 8, 99)).isNotEqualTo(first);
    }

    /** Plays random actions; checks the Env contract on the way; returns (return, steps, TMDL, AJDR). */
    private static double[] run(LiuEnv env, long seed, long actionSeed) {
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(actionSeed);
        double[] obs = env.reset(seed);
        assertThat(env.observationSpace().contains(obs)).isTrue();
        double total = 0;
        int steps = 0;
        StepResult r;
        do {
            int k = rng.nextInt(env.waitingCount());
            double[] selected = env.select(k);
            assertThat(env.observationSpace().contains(selected)).isTrue();
            r = env.step(rng.nextInt(env.actionCount()));
            assertThat(r.truncated()).isFalse();
            assertThat(r.reward()).isLessThanOrEqualTo(0);
            total += r.reward();
            steps++;
            if (!r.done()) {
                assertThat(env.observationSpace().contains(r.observation())).isTrue();
                assertThat(env.waitingCount()).isPositive();
            }
        } while (!r.done());
        assertThat(r.terminated()).isTrue();
        assertThat(r.event()).isEqualTo(StepEvent.COMPLETED);
        assertThat(steps).isEqualTo(120); // one decision per application
        LiuEpisode e = env.episode();
        assertThat(total).isEqualTo(-e.totalMissed()); // the return is −TMDL
        assertThatThrownBy(() -> env.step(0)).isInstanceOf(IllegalStateException.class);
        return new double[] {total, steps, e.totalMissed(), e.ajdr()};
    }

    @Test
    void badActionsAndSelectionsAreRefused() {
        LiuEnv env = env();
        assertThatThrownBy(() -> env.step(0)).isInstanceOf(IllegalStateException.class);
        env.reset(1);
        assertThatThrownBy(() -> env.step(5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> env.step(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> env.select(env.waitingCount())).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void observeAllGivesEachWaitingApplicationsRowAndTheBaselineEpisodeMatchesTheSimulator() {
        LiuEnv env = env();
        env.reset(3);
        // Drive the environment with SF-E through the view and compare with the simulator's own run.
        var sfe = LiuBaselines.of("sf-e");
        double[] rows = new double[64 * 529];
        boolean sawSeveral = false;
        while (env.waitingCount() > 0) {
            int n = env.observeAll(rows);
            for (int k = 0; k < n; k++) {
                double[] sel = env.select(k);
                assertThat(Arrays.copyOfRange(rows, k * 529, (k + 1) * 529)).containsExactly(sel);
            }
            sawSeveral |= n > 1;
            var d = sfe.decide(env.view());
            env.select(d.waiting());
            env.step(d.cluster());
        }
        assertThat(sawSeveral).isTrue();
        LiuEpisode viaEnv = env.episode();
        LiuEpisode direct = LiuRunner.run(new LiuSimulation(ExecutorClusters.liu()), LiuBaselines.of("sf-e"),
                LiuWorkloadGenerator.generate(SPEC, 3), 0);
        assertThat(viaEnv.totalMissed()).isEqualTo(direct.totalMissed());
        assertThat(viaEnv.ajdr()).isEqualTo(direct.ajdr());
    }
}

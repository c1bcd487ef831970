package io.execplace.schedulers.lookahead;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.spi.SchedulerOptions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.execplace.schedulers.lookahead.LookaheadTest.assertSameSchedule;
import static io.execplace.schedulers.lookahead.LookaheadTest.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code lookahead} on elastic pools, its rollouts on the event kernel resumed from the run's state. */
class ElasticLookaheadTest {

    private static Workload medium(long seed) {
        return WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(150));
    }

    @Test
    void horizonZeroIsExactlyItsElasticRolloutPolicy() {
        SchedulerOptions o = SchedulerOptions.defaults().with(LookaheadOptions.defaults().withHorizon(0));
        for (Cluster cluster : List.of(ElasticPresets.spot(), ElasticPresets.onDemand())) {
            for (long seed = 1; seed <= 3; seed++) {
                Workload w = medium(seed);
                assertSameSchedule(run(cluster, w, "lookahead", seed, o), run(cluster, w, ElasticRollouts.DEFAULT_ROLLOUT, seed, o));
            }
        }
    }

    @Test
    void rolloutsLeaveTheRunAsItWas() {
        // With a 99 % margin no candidate ever replaces the rollout policy's own decision, yet every
        // decision is rolled out: the run must be exactly the rollout policy's.
        SchedulerOptions o = SchedulerOptions.defaults().with(LookaheadOptions.defaults().withMargin(0.99));
        Cluster spot = ElasticPresets.spot();
        Workload w = medium(2);
        assertSameSchedule(run(spot, w, "lookahead", 2, o), run(spot, w, ElasticRollouts.DEFAULT_ROLLOUT, 2, o));
    }

    @Test
    void looksAheadReproduciblyAndDecidesOtherwise() {
        SchedulerOptions o = SchedulerOptions.defaults();
        Cluster spot = ElasticPresets.spot();
        Workload w = medium(3);
        RunResult a = run(spot, w, "lookahead", 3, o);
        assertSameSchedule(a, run(spot, w, "lookahead", 3, o));
        assertThat(a.summary().jobsCompleted()).isEqualTo(w.size());
        RunResult base = run(spot, w, ElasticRollouts.DEFAULT_ROLLOUT, 3, o);
        assertThat(a.summary().totalCost()).isNotEqualTo(base.summary().totalCost());
    }

    @Test
    void theMeanMissGuardIsReproducibleAndDecidesOtherwiseThanEvery() {
        LookaheadOptions many = LookaheadOptions.defaults().withSamples(8);
        SchedulerOptions every = SchedulerOptions.defaults().with(many);
        SchedulerOptions mean = SchedulerOptions.defaults().with(many.withMissGuard(LookaheadOptions.MEAN));
        Cluster spot = ElasticPresets.spot();
        Workload w = medium(4);
        RunResult a = run(spot, w, "lookahead", 4, mean);
        assertSameSchedule(a, run(spot, w, "lookahead", 4, mean));
        assertThat(a.summary().jobsCompleted()).isEqualTo(w.size());
        assertThat(a.summary().totalCost()).isNotEqualTo(run(spot, w, "lookahead", 4, every).summary().totalCost());
        assertThatThrownBy(() -> many.withMissGuard("some")).hasMessageContaining("every or mean");
    }

    @Test
    void drawnSpotWindowsChangeNothingWithoutAnAvailabilityTrace() {
        LookaheadOptions l = LookaheadOptions.defaults();
        SchedulerOptions stay = SchedulerOptions.defaults().with(l);
        SchedulerOptions drawn = stay.with(new SpotWindows(SpotWindows.DRAWN));
        Cluster spot = ElasticPresets.spot();
        Workload w = medium(5);
        assertSameSchedule(run(spot, w, "lookahead", 5, drawn), run(spot, w, "lookahead", 5, stay));
        assertThatThrownBy(() -> new SpotWindows("known")).hasMessageContaining("stay or drawn");
    }

    @Test
    void drawnSpotWindowsAreReproducibleAndDecideOtherwiseOnAWindowedPool() {
        // 400 jobs, about 7.8 h: the preset's first window opens at 5.0 h.
        Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(6).withJobs(400));
        Cluster windows = ElasticPresets.spotPublishedWindows();
        SchedulerOptions stay = SchedulerOptions.defaults();
        SchedulerOptions drawn = stay.with(new SpotWindows(SpotWindows.DRAWN));
        RunResult a = run(windows, w, "lookahead", 6, drawn);
        assertSameSchedule(a, run(windows, w, "lookahead", 6, drawn));
        assertThat(a.summary().jobsCompleted()).isEqualTo(w.size());
        assertThat(a.summary().totalCost()).isNotEqualTo(run(windows, w, "lookahead", 6, stay).summary().totalCost());
    }

    @Test
    void aProposerIsWeighedOnElasticClustersToo() {
        LookaheadOptions l = LookaheadOptions.defaults();
        SchedulerOptions none = SchedulerOptions.defaults().with(l);
        Cluster spot = ElasticPresets.spot();
        Workload w = medium(8);
        RunResult without = run(spot, w, "lookahead", 8, none);
        // The rollout policy as proposer proposes its own decision: nothing changes.
        assertSameSchedule(run(spot, w, "lookahead", 8, none.with(l.withProposer(ElasticRollouts.DEFAULT_ROLLOUT))), without);
        SchedulerOptions kube = none.with(l.withProposer("kube-spot"));
        RunResult a = run(spot, w, "lookahead", 8, kube);
        assertSameSchedule(a, run(spot, w, "lookahead", 8, kube));
        assertThat(a.summary().jobsCompleted()).isEqualTo(w.size());
        assertThat(a.summary().totalCost()).isNotEqualTo(without.summary().totalCost());
    }
}

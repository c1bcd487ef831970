package io.execplace.schedulers.lookahead;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.TpdsWorkloadSpec;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.SchedulerOptions;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LookaheadTest {

    private static RunResult run(Cluster c, Workload w, String name, long seed, SchedulerOptions o) {
        return Simulation.run(c, w, Schedulers.create(name, seed, o), SimulationConfig.defaults(c, w));
    }

    private static void assertSameSchedule(RunResult a, RunResult b) {
        assertThat(a.summary().totalCost()).isEqualTo(b.summary().totalCost());
        assertThat(a.summary().meanTurnaround()).isEqualTo(b.summary().meanTurnaround());
        List<JobRecord> ja = a.jobs();
        List<JobRecord> jb = b.jobs();
        assertThat(ja).hasSameSizeAs(jb);
        for (int i = 0; i < ja.size(); i++) {
            assertThat(ja.get(i).placement()).isEqualTo(jb.get(i).placement());
            assertThat(ja.get(i).start()).isEqualTo(jb.get(i).start());
        }
    }

    @Test
    void horizonZeroIsExactlyItsRolloutPolicy() {
        Cluster tpds = ClusterPresets.tpds();
        Cluster hybrid = ClusterPresets.hybridSmall(PricingModel.MODEL_1);
        int runs = 0;
        for (String rollout : List.of("first-fit", "gio", "round-robin-consolidate", "round-robin")) {
            SchedulerOptions o = SchedulerOptions.defaults()
                    .withLookahead(LookaheadOptions.defaults().withHorizon(0).withRollout(rollout));
            for (long seed = 1; seed <= 10; seed++) {
                Workload burst = TpdsWorkloadSpec.burst().withSeed(seed).generate();
                assertSameSchedule(run(tpds, burst, "lookahead", seed, o), run(tpds, burst, rollout, seed, o));
                Workload high = WorkloadPresets.generate("hybrid-high", WorkloadOptions.seed(seed).withJobs(150));
                assertSameSchedule(run(hybrid, high, "lookahead", seed, o), run(hybrid, high, rollout, seed, o));
                runs += 2;
            }
        }
        assertThat(runs).isEqualTo(80);
    }

    @Test
    void looksAheadReproduciblyAndValidly() {
        Cluster tpds = ClusterPresets.tpds();
        Workload burst = TpdsWorkloadSpec.burst().withSeed(4).generate();
        SchedulerOptions o = SchedulerOptions.defaults();
        RunResult a = run(tpds, burst, "lookahead", 4, o);
        RunResult b = run(tpds, burst, "lookahead", 4, o);
        assertSameSchedule(a, b);
        assertThat(a.summary().jobsCompleted()).isEqualTo(burst.size());
        RunResult rollout = run(tpds, burst, "first-fit", 4, o);
        // It does decide differently from its rollout policy once it looks ahead.
        assertThat(a.summary().totalCost()).isNotEqualTo(rollout.summary().totalCost());
    }

    @Test
    void refusesBadOptions() {
        assertThatThrownBy(() -> LookaheadOptions.defaults().withHorizon(-1))
                .hasMessageContaining("horizon must be between 0");
        assertThatThrownBy(() -> LookaheadOptions.defaults().withCandidates(0))
                .hasMessageContaining("candidates must be between 1");
        assertThatThrownBy(() -> LookaheadOptions.defaults().withRollout("lookahead"))
                .hasMessageContaining("other than lookahead");
        assertThatThrownBy(() -> Schedulers.create("lookahead", 1,
                SchedulerOptions.defaults().withLookahead(LookaheadOptions.defaults().withRollout("nope"))))
                .hasMessageContaining("unknown scheduler 'nope'");
    }
}

package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Over seeded workloads: the model of {@code --wait-for-room} changes nothing where it does not wait —
 * with a wait of 0, and on a fixed cluster where no placement buys — job by job (start, end, nodes) and in
 * cost; and with the wait every job ends, the same seed giving the same run.
 */
class RoomWaitModelPropertyTest {

    private static final int[] SEEDS = {1, 2, 3, 4, 5};

    private static Workload workload(int seed) {
        return WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(120).withMeanGapSeconds(20.0));
    }

    private static RunResult run(Cluster cluster, Workload w, PlacementPolicy policy) {
        return Simulation.run(cluster, w, policy, SimulationConfig.defaults(cluster, w).withBackfilling(true));
    }

    /** Each job's id, start, end and nodes, in the run's order. */
    private static List<String> schedule(RunResult run) {
        List<String> out = new ArrayList<>();
        for (JobRecord r : run.jobs()) {
            out.add(r.job().id() + "@" + r.start() + "-" + r.finish() + " on " + r.placement());
        }
        return out;
    }

    private static void assertSameRun(Cluster cluster, Supplier<PlacementPolicy> policy, PlacementPolicy model, int seed) {
        Workload w = workload(seed);
        RunResult alone = run(cluster, w, policy.get());
        RunResult modelled = run(cluster, w, model);
        assertThat(schedule(modelled)).as("seed %d on %s", seed, cluster.name()).isEqualTo(schedule(alone));
        assertThat(modelled.summary().totalCost()).isEqualTo(alone.summary().totalCost());
    }

    @Test
    void aWaitOfZeroChangesNoRun() {
        for (int seed : SEEDS) {
            for (Cluster cluster : List.of(ElasticPresets.onDemand(), ElasticPresets.onDemandUnderutilized(), ElasticPresets.spot())) {
                assertSameRun(cluster, FinishTogether::new, new RoomWaitModel(new FinishTogether(), 0), seed);
                assertSameRun(cluster, FinishTogetherPatient::create, new RoomWaitModel(FinishTogetherPatient.create(), 0), seed);
            }
        }
    }

    @Test
    void onAFixedClusterNothingIsBoughtSoNothingWaits() {
        Cluster fixed = ClusterPresets.hybridLarge(PricingModel.MODEL_1);
        for (int seed : SEEDS) {
            assertSameRun(fixed, FinishTogether::new, new RoomWaitModel(new FinishTogether(), 600), seed);
        }
    }

    @Test
    void withTheWaitEveryJobEndsAndTheSameSeedGivesTheSameRun() {
        for (int seed : SEEDS) {
            Workload w = workload(seed);
            Cluster cluster = ElasticPresets.onDemand();
            RunResult waited = run(cluster, w, new RoomWaitModel(new FinishTogether(), 90));
            assertThat(waited.jobs()).as("seed %d", seed).hasSize(w.size()).allMatch(JobRecord::completed);
            assertThat(schedule(run(cluster, w, new RoomWaitModel(new FinishTogether(), 90)))).isEqualTo(schedule(waited));
        }
    }
}

package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code finish-together-steady}: the exposure rule on a hand-worked case, its name, and where it changes nothing. */
class FinishTogetherSteadyTest {

    private static final InstanceType N8 = new InstanceType("n8", 8, 32, 8, 4);

    private static RunResult run(Cluster c, PlacementPolicy policy, List<Job> jobs) {
        Workload w = new Workload("hand", jobs);
        return Simulation.run(c, w, policy, SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF));
    }

    private static Job job(int id, double arrival, int cores, double base) {
        return new Job(id, JobType.WORDCOUNT, arrival, 1, cores, cores, base, Job.NO_DEADLINE);
    }

    // 8-core nodes that launch at once, consolidateAfter 30 s (a node may be drained once quiet 30 + 15 s).
    // P (6 cores, 400 s) buys node 0 at 0, R (6 cores, 215 s) does not fit there and buys node 1: each has
    // 2 cores free. J (2 cores, 200 s) comes at 10 and adds no node time on either. finish-together puts it
    // on node 1, whose job ends closest to its own (at 215 against J's 210); then node 0 holds P alone and
    // unchanged from 0, and when R ends at 215 P fits on the emptied node 1: chosen at 220, drained at 235.
    // finish-together-steady sees node 0 quiet from 10 to 400 without J (345 s past the 45 s window) and
    // 300 s with J's end at 210 breaking the stretch, node 1 quiet 160 s without and 155 with: node 0.
    // There P is a candidate only from 210 + 30 = 240, chosen then, and at the check 15 s later node 1 is
    // gone (removed empty at 245): nothing is evicted.
    @Test
    void aJobWhoseEndBreaksALongQuietStretchGoesThereAndTheNodeIsNotDrained() {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N8)).limitCores(24).launchDelay(LaunchDelay.NONE)
                .consolidateAfter(30).consolidationPolicy(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED).build();
        Cluster c = new NodePools("hand", List.of(pool), false).cluster();
        List<Job> jobs = List.of(job(0, 0, 6, 400), job(1, 0, 6, 215), job(2, 10, 2, 200));

        RunResult together = run(c, new FinishTogetherSpot(), jobs);
        assertThat(together.jobs().get(2).placement().vm(0)).isEqualTo(together.jobs().get(1).placement().vm(0));
        assertThat(together.capacity().executorsEvicted()).isEqualTo(1);
        assertThat(together.jobs().get(0).start()).isEqualTo(235);

        RunResult steady = run(c, new FinishTogetherSteady(), jobs);
        assertThat(steady.jobs().get(2).placement().vm(0)).isEqualTo(steady.jobs().get(0).placement().vm(0));
        assertThat(steady.capacity().executorsEvicted()).isZero();
        assertThat(steady.jobs().get(0).finish()).isEqualTo(400);
        assertThat(steady.summary().totalCost()).isLessThan(together.summary().totalCost());
    }

    @Test
    void isRegisteredAsAnElasticPolicy() {
        assertThat(Schedulers.create(FinishTogetherSteady.NAME, 1).name()).isEqualTo("finish-together-steady");
        assertThat(Schedulers.ELASTIC_POLICIES).contains(FinishTogetherSteady.NAME);
    }

    /** Pools that remove only empty nodes never evict: the rule is finish-together-spot's, job for job. */
    @Test
    void onPoolsThatRemoveOnlyEmptyNodesItPlacesAsFinishTogetherSpot() {
        for (Cluster c : List.of(ElasticPresets.onDemand(), ElasticPresets.spot())) {
            Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(3).withJobs(200).withMeanGapSeconds(20.0));
            SimulationConfig config = SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF).withCapacitySeed(3);
            RunResult spot = Simulation.run(c, w, new FinishTogetherSpot(), config);
            RunResult steady = Simulation.run(c, w, new FinishTogetherSteady(), config);
            assertThat(steady.jobs()).isEqualTo(spot.jobs());
            assertThat(steady.summary().totalCost()).isEqualTo(spot.summary().totalCost());
        }
    }
}

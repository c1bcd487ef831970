package io.execplace.schedulers.milp;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.Simulation;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code milp-elastic} against {@code milp} on hand-worked elastic pools (one 4-core type per pool,
 * one job of one 4-core executor running 100 s, so a node bought holds exactly the job), and on the
 * papers' fixed clusters, where it must decide exactly as {@code milp}.
 */
class MilpElasticTest {

    private static NodePool pool(String name, CapacityType capacity, InstanceType type, double launch,
            double minimumBilled, Interruptions interruptions) {
        return NodePool.builder(name).capacityType(capacity).instanceTypes(List.of(type)).limitCores(16)
                .launchDelay(LaunchDelay.constant(launch)).billing(1, minimumBilled).consolidateAfter(30)
                .interruptions(interruptions).build();
    }

    private static Cluster cluster(NodePool... pools) {
        return new NodePools("hand", List.of(pools), false).cluster();
    }

    private static Job job(double deadline) {
        return new Job(0, JobType.WORDCOUNT, 0, 1, 4, 4, 100, deadline);
    }

    private static RunResult run(Cluster c, PlacementPolicy policy, Job job) {
        Workload w = new Workload("hand", List.of(job));
        return Simulation.run(c, w, policy, SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF));
    }

    private static String poolOf(RunResult r) {
        JobRecord j = r.jobs().get(0);
        return r.cluster().pools().pool(j.placement().vm(0)).name();
    }

    private static Milp milp() {
        return new Milp(MilpOptions.defaults());
    }

    private static Milp milpElastic() {
        return Milp.elastic(MilpOptions.defaults());
    }

    @Test
    void aNodeBilledAnHourIsNotBoughtForAHundredSeconds() {
        // "hourly": 1/s, 60 s launch, 3600 s minimum; "per-second": 2/s, 60 s launch, 60 s minimum.
        // milp prices the job's 100 s only: 100 against 200, hourly. milp-elastic bills the launch and
        // the minimum: 1 × max(160, 3600) = 3600 against 2 × 160 = 320, per-second.
        Cluster c = cluster(
                pool("hourly", CapacityType.ON_DEMAND, new InstanceType("h", 4, 16, 1, 1), 60, 3600, Interruptions.NONE),
                pool("per-second", CapacityType.ON_DEMAND, new InstanceType("p", 4, 16, 2, 2), 60, 60,
                        Interruptions.NONE));
        RunResult plain = run(c, milp(), job(10_000));
        RunResult elastic = run(c, milpElastic(), job(10_000));
        assertThat(poolOf(plain)).isEqualTo("hourly");
        assertThat(poolOf(elastic)).isEqualTo("per-second");
        // The bill: the hourly node is billed its hour; the per-second node 60 + 100 + 30 s of consolidation.
        assertThat(plain.summary().totalCost()).isEqualTo(3600.0);
        assertThat(elastic.summary().totalCost()).isEqualTo(2 * 190.0);
    }

    @Test
    void aNodeReadyTooLateForTheDeadlineIsNotBought() {
        // "slow": 0.2/s, ready after 600 s; "fast": 2/s, ready after 60 s. Deadline 300: on the slow
        // node the job ends at 700, on the fast one at 160. Billed with the boot, the slow node is
        // still the cheaper (0.2 × 700 = 140 against 2 × 160 = 320): only the deadline rules it out.
        Cluster c = cluster(
                pool("slow", CapacityType.ON_DEMAND, new InstanceType("s", 4, 16, 0.2, 0.2), 600, 60, Interruptions.NONE),
                pool("fast", CapacityType.ON_DEMAND, new InstanceType("f", 4, 16, 2, 2), 60, 60, Interruptions.NONE));
        RunResult plain = run(c, milp(), job(300));
        RunResult elastic = run(c, milpElastic(), job(300));
        assertThat(poolOf(plain)).isEqualTo("slow");
        assertThat(plain.jobs().get(0).finish()).isEqualTo(700.0);
        assertThat(plain.summary().deadlineMetPercent()).isEqualTo(0.0);
        assertThat(poolOf(elastic)).isEqualTo("fast");
        assertThat(elastic.jobs().get(0).finish()).isEqualTo(160.0);
        assertThat(elastic.summary().deadlineMetPercent()).isEqualTo(100.0);
        // Without a deadline the slow node's wait costs nothing but its billed boot: milp-elastic buys it.
        assertThat(poolOf(run(c, milpElastic(), job(10_000)))).isEqualTo("slow");
    }

    @Test
    void aSpotNodeCarriesItsExpectedInterruptionCost() {
        // Spot at 1/s against on-demand at 1.2/s, both ready after 60 s. The spot pool's availability
        // trace reclaims 10 times over 5009 s (after the job): about 2.0e-3 per second. Expected cost
        // on spot: 160 + (1 − e^(−0.0020 × 160)) × (60 s relaunch + 100 s redone) ≈ 160 + 43.5 = 203.5,
        // against 1.2 × 160 = 192 on-demand. milp sees 100 against 120 and takes spot.
        InstanceType t = new InstanceType("t", 4, 16, 1.2, 1);
        List<Double> reclaims = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            reclaims.add(5000.0 + i);
        }
        Cluster risky = cluster(
                pool("spot", CapacityType.SPOT, t, 60, 60, Interruptions.trace(120, reclaims)),
                pool("od", CapacityType.ON_DEMAND, t, 60, 60, Interruptions.NONE));
        assertThat(poolOf(run(risky, milp(), job(10_000)))).isEqualTo("spot");
        assertThat(poolOf(run(risky, milpElastic(), job(10_000)))).isEqualTo("od");
        // Without the trace the spot node's expected cost is its price: milp-elastic takes spot too.
        Cluster calm = cluster(
                pool("spot", CapacityType.SPOT, t, 60, 60, Interruptions.NONE),
                pool("od", CapacityType.ON_DEMAND, t, 60, 60, Interruptions.NONE));
        assertThat(poolOf(run(calm, milpElastic(), job(10_000)))).isEqualTo("spot");
    }

    @Test
    void onFixedClustersItDecidesExactlyAsMilp() {
        Milp plain = milp();
        Milp elastic = milpElastic();
        int placed = 0;
        for (long seed = 0; seed < 200; seed++) {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
            ClusterState state = RandomInstances.state(rng, 2, 12);
            for (int k = 0; k < 3; k++) {
                Job job = RandomInstances.job(rng, 100 + k, true);
                Placement m = plain.place(job, state);
                Placement e = elastic.place(job, state);
                assertThat(e).as("seed " + seed + ", " + job).isEqualTo(m);
                if (!m.isNone()) {
                    placed++;
                }
            }
        }
        assertThat(placed).isGreaterThan(300);
        assertThat(elastic.name()).isEqualTo("milp-elastic");
    }
}

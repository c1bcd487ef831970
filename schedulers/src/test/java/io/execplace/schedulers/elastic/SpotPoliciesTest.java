package io.execplace.schedulers.elastic;

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
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The spot policies on hand-worked cases: one 4-core type, launch 60 s exactly, so a job of one
 * 4-core executor that buys a node waits 60 s, and a restart after an interruption costs 60 s of
 * launch plus (without graceful decommissioning) the run's work again.
 */
class SpotPoliciesTest {

    private static final InstanceType S = new InstanceType("s", 4, 16, 4, 1);

    private static NodePool pool(String name, CapacityType capacity, int limit, Interruptions interruptions) {
        return NodePool.builder(name).capacityType(capacity).instanceTypes(List.of(S)).limitCores(limit)
                .launchDelay(LaunchDelay.constant(60)).consolidateAfter(30).interruptions(interruptions).build();
    }

    private static Cluster spotFirst(Interruptions spot, boolean graceful, int spotLimit) {
        return new NodePools("hand", List.of(pool("spot", CapacityType.SPOT, spotLimit, spot),
                pool("od", CapacityType.ON_DEMAND, 16, Interruptions.NONE)), graceful).cluster();
    }

    private static Job job(int id, double arrival, double base, double deadline) {
        return new Job(id, JobType.WORDCOUNT, arrival, 1, 4, 4, base, deadline);
    }

    private static RunResult run(Cluster c, PlacementPolicy policy, Job... jobs) {
        Workload w = new Workload("hand", List.of(jobs));
        return Simulation.run(c, w, policy, SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF));
    }

    private static CapacityType capacityOf(Cluster c, JobRecord j) {
        return c.pools().capacityType(j.placement().vm(0));
    }

    @Test
    void uniformProgressTakesSpotOnlyWhereTheSlackCoversARestart() {
        Cluster c = spotFirst(Interruptions.NONE, false, 16);
        // Spot: 60 s launch + 100 s work + a restart of 60 s launch + 100 s redone = 320 s needed.
        RunResult loose = run(c, new UniformProgress(false), job(0, 0, 100, 320));
        RunResult tight = run(c, new UniformProgress(false), job(0, 0, 100, 319));
        assertThat(capacityOf(c, loose.jobs().get(0))).isEqualTo(CapacityType.SPOT);
        assertThat(capacityOf(c, tight.jobs().get(0))).isEqualTo(CapacityType.ON_DEMAND);
        // With graceful decommissioning nothing finished is redone: 60 + 100 + 60 = 220 s suffice.
        Cluster graceful = spotFirst(Interruptions.NONE, true, 16);
        RunResult decommissioned = run(graceful, new UniformProgress(false), job(0, 0, 100, 220));
        assertThat(capacityOf(graceful, decommissioned.jobs().get(0))).isEqualTo(CapacityType.SPOT);
    }

    @Test
    void aStoppedJobDecidesAgainWithTheWorkThatIsLeft() {
        // The spot pool is taken back at 100 with no notice: the job ran 40 of its 100 s (started at
        // 60) on its only executor, so without decommissioning all 100 s are left. At 100 spot would
        // need 60 + 100 + 160 = 320 s but 300 are left: on-demand, ready at 160, done at 260.
        Cluster c = spotFirst(Interruptions.trace(0, List.of(100.0)), false, 16);
        RunResult up = run(c, new UniformProgress(false), job(0, 0, 100, 400));
        JobRecord j = up.jobs().get(0);
        assertThat(up.capacity().jobsStopped()).isEqualTo(1);
        assertThat(capacityOf(c, j)).isEqualTo(CapacityType.ON_DEMAND);
        assertThat(j.start()).isEqualTo(160);
        assertThat(j.finish()).isEqualTo(260);
        // The practitioners' rule goes back to spot (bought at 100, ready at 160, also done at 260).
        RunResult rule = run(c, new KubeProvisioned(KubeProvisioned.Scoring.SPOT_PREFERRED), job(0, 0, 100, 400));
        assertThat(capacityOf(c, rule.jobs().get(0))).isEqualTo(CapacityType.SPOT);
    }

    @Test
    void uniformProgressWaitsForFullSpotWhileItIsNotBehind() {
        // Spot holds one node. Job 0 (no deadline) takes it, running 60-160. Job 1 arrives at 10, not
        // behind its uniform line (nothing expected yet) and safe (1000 s left): it waits for spot
        // rather than buy on-demand, and takes the spot node when job 0 ends at 160.
        Cluster c = spotFirst(Interruptions.NONE, false, 4);
        RunResult r = run(c, new UniformProgress(false), job(0, 0, 100, Job.NO_DEADLINE), job(1, 10, 100, 1010));
        JobRecord second = r.jobs().get(1);
        assertThat(capacityOf(c, second)).isEqualTo(CapacityType.SPOT);
        assertThat(second.placement().vm(0)).isEqualTo(r.jobs().get(0).placement().vm(0));
        assertThat(second.start()).isEqualTo(160);
        assertThat(r.capacity().nodeLaunches()).isEqualTo(1);
    }

    @Test
    void finishTogetherSpotWeighsTheSlackAgainstTheExpectedRestart() {
        // The trace takes spot back twice in 2,000 s: 1e-3 reclaims a second. Over the 160 s of wait
        // and work, p = 1 - exp(-0.16) = 0.148; a restart costs 160 s, so 23.7 s are expected.
        Cluster c = spotFirst(Interruptions.trace(0, List.of(1_000.0, 2_000.0)), false, 16);
        RunResult covered = run(c, new FinishTogetherSpot(), job(0, 0, 100, 184));
        RunResult notCovered = run(c, new FinishTogetherSpot(), job(0, 0, 100, 183));
        assertThat(capacityOf(c, covered.jobs().get(0))).isEqualTo(CapacityType.SPOT);
        assertThat(capacityOf(c, notCovered.jobs().get(0))).isEqualTo(CapacityType.ON_DEMAND);
    }

    @Test
    void finishTogetherSpotWaitsForRoomThatComesBeforeANewNodeWould() {
        // Job 0 holds the only node 60-160. Job 1 arrives at 120: room comes in 40 s, a new node in 60,
        // so it waits and runs 160-210 on the same node; finish-together buys a second node.
        Cluster c = spotFirst(Interruptions.NONE, false, 16);
        Job first = job(0, 0, 100, Job.NO_DEADLINE);
        Job second = job(1, 120, 50, Job.NO_DEADLINE);
        RunResult waits = run(c, new FinishTogetherSpot(), first, second);
        assertThat(waits.jobs().get(1).placement().vm(0)).isEqualTo(waits.jobs().get(0).placement().vm(0));
        assertThat(waits.jobs().get(1).start()).isEqualTo(160);
        assertThat(waits.capacity().nodeLaunches()).isEqualTo(1);
        RunResult buys = run(c, new FinishTogether(), first, second);
        assertThat(buys.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(waits.summary().totalCost()).isLessThan(buys.summary().totalCost());
        // Arriving at 100, room (60 s away) is no sooner than a launch: it buys.
        RunResult early = run(c, new FinishTogetherSpot(), first, job(1, 100, 50, Job.NO_DEADLINE));
        assertThat(early.capacity().nodeLaunches()).isEqualTo(2);
    }

    @Test
    void thePractitionersRuleBuysSpotEvenWhereOnDemandIsTheFirstPool() {
        Cluster c = new NodePools("od-first", List.of(pool("od", CapacityType.ON_DEMAND, 16, Interruptions.NONE),
                pool("spot", CapacityType.SPOT, 16, Interruptions.NONE)), false).cluster();
        Job j = job(0, 0, 100, Job.NO_DEADLINE);
        RunResult kubeDefault = run(c, new KubeProvisioned(KubeProvisioned.Scoring.LEAST_ALLOCATED), j);
        RunResult rule = run(c, new KubeProvisioned(KubeProvisioned.Scoring.SPOT_PREFERRED), j);
        assertThat(capacityOf(c, kubeDefault.jobs().get(0))).isEqualTo(CapacityType.ON_DEMAND);
        assertThat(capacityOf(c, rule.jobs().get(0))).isEqualTo(CapacityType.SPOT);
    }
}

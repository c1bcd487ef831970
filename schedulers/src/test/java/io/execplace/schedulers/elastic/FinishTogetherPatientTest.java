package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
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
import static org.assertj.core.api.Assertions.within;

/**
 * {@code finish-together-patient} on hand-worked timelines: one 4-core type, launch 60 s exactly,
 * empty nodes removed after 30 s. Job 0 (one 4-core executor, 100 s) buys node 0 at 0 and runs on it
 * 60-160; job 1 (one 4-core executor, 50 s) arrives at 60, when node 0 is full: its room comes in 100 s,
 * later than a new node (60 s), so {@code finish-together-steady} buys node 1 and runs job 1 120-170.
 */
class FinishTogetherPatientTest {

    private static final InstanceType S = new InstanceType("s", 4, 16, 4, 1);
    private static final Cluster POOL = new NodePools("hand", List.of(NodePool.builder("od").instanceTypes(List.of(S))
            .limitCores(32).launchDelay(LaunchDelay.constant(60)).consolidateAfter(30).build()), false).cluster();

    private static final Job FIRST = job(0, 0, 100, Job.NO_DEADLINE);

    private static Job job(int id, double arrival, double base, double deadline) {
        return new Job(id, JobType.WORDCOUNT, arrival, 1, 4, 4, base, deadline);
    }

    private static RunResult run(PlacementPolicy policy, Job... jobs) {
        Workload w = new Workload("hand", List.of(jobs));
        return Simulation.run(POOL, w, policy, SimulationConfig.defaults(POOL, w).withQueue(QueuePolicy.EDF));
    }

    // Deadline 310: 200 s of slack at 60. Waiting 100 s for node 0 leaves 100 s, more than a launch (60 s)
    // should the room not come: it waits and runs 160-210 on node 0, in time, with one node bought. Node 0
    // lives 0-240 (240 node-seconds) against 0-190 and 60-200 (330) when job 1 buys.
    @Test
    void aJobWhoseSlackCoversTheWaitAndALaunchWaitsForRoom() {
        Job second = job(1, 60, 50, 310);
        RunResult patient = run(FinishTogetherPatient.create(), FIRST, second);
        assertThat(patient.jobs().get(1).start()).isEqualTo(160);
        assertThat(patient.jobs().get(1).placement().vm(0)).isEqualTo(patient.jobs().get(0).placement().vm(0));
        assertThat(patient.jobs().get(1).metDeadline()).isTrue();
        assertThat(patient.capacity().nodeLaunches()).isEqualTo(1);
        assertThat(patient.capacity().nodeHours() * 3600).isCloseTo(240, within(1e-6));

        RunResult steady = run(new FinishTogetherSteady(), FIRST, second);
        assertThat(steady.jobs().get(1).start()).isEqualTo(120);
        assertThat(steady.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(steady.capacity().nodeHours() * 3600).isCloseTo(330, within(1e-6));
        assertThat(patient.summary().totalCost()).isLessThan(steady.summary().totalCost());
    }

    // Deadline 260: 150 s of slack at 60. After a 100 s wait 50 s would be left, less than a launch: it buys
    // now and runs 120-170, in time.
    @Test
    void aJobWhoseSlackWouldNotCoverALaunchAfterTheWaitBuys() {
        RunResult patient = run(FinishTogetherPatient.create(), FIRST, job(1, 60, 50, 260));
        assertThat(patient.jobs().get(1).start()).isEqualTo(120);
        assertThat(patient.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(patient.jobs().get(1).metDeadline()).isTrue();
    }

    // Deadline 140: 30 s of slack at 60, shorter than any launch: a node bought now runs it 120-170, late.
    // Lost either way, it waits for node 0 (100 s, within two launches) and runs 160-210, no node bought.
    // When node 0's job runs 190 s (room 190 s away, past two launches) it buys.
    @Test
    void aJobNoPurchaseCanSaveWaitsUpToTwoLaunches() {
        Job lost = job(1, 60, 50, 140);
        RunResult patient = run(FinishTogetherPatient.create(), FIRST, lost);
        assertThat(patient.jobs().get(1).start()).isEqualTo(160);
        assertThat(patient.capacity().nodeLaunches()).isEqualTo(1);
        assertThat(patient.jobs().get(1).metDeadline()).isFalse();
        RunResult steady = run(new FinishTogetherSteady(), FIRST, lost);
        assertThat(steady.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(steady.jobs().get(1).metDeadline()).isFalse();

        RunResult far = run(FinishTogetherPatient.create(), job(0, 0, 190, Job.NO_DEADLINE), lost);
        assertThat(far.jobs().get(1).start()).isEqualTo(120);
        assertThat(far.capacity().nodeLaunches()).isEqualTo(2);
    }

    // Without a deadline a job waits no longer than a launch, as finish-together-spot's rule.
    @Test
    void aJobWithoutDeadlineWaitsOnlyForRoomSoonerThanALaunch() {
        RunResult patient = run(FinishTogetherPatient.create(), FIRST, job(1, 60, 50, Job.NO_DEADLINE));
        assertThat(patient.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(run(FinishTogetherPatient.create(), FIRST, job(1, 120, 50, Job.NO_DEADLINE)).capacity().nodeLaunches())
                .isEqualTo(1);
    }

    // Arrivals at 0, 10, 40 seen (the one at 10 twice): 2 gaps over 40 s. The rate is read over the arrival
    // times, not up to now, so it does not fall while a waiting head keeps later arrivals from being shown.
    @Test
    void theArrivalRateCountsEachJobOnceOverItsArrivalTimes() {
        ArrivalRate rate = new ArrivalRate();
        rate.observe(job(0, 0, 50, Job.NO_DEADLINE));
        assertThat(rate.perSecond()).isInfinite();
        rate.observe(job(1, 10, 50, Job.NO_DEADLINE));
        rate.observe(job(1, 10, 50, Job.NO_DEADLINE));
        rate.observe(job(2, 40, 50, Job.NO_DEADLINE));
        assertThat(rate.perSecond()).isEqualTo(2 / 40.0);
    }

    // The hand-worked runs above see two arrivals 60 s apart: at most 3 x 60 = 180 s of wait, which none
    // of them reaches. Three more jobs (10 s each) arriving at 57-59 each buy a node, the first running
    // 117-127: job 1's room comes in 67 s, its slack would cover that and a launch, but 4 gaps in 60 s
    // allow 45 s of wait: it buys and runs from 120.
    @Test
    void aJobDoesNotWaitLongerThanALaunchWhenManyArrivalsWouldQueueBehindIt() {
        RunResult busy = run(FinishTogetherPatient.create(), FIRST, job(2, 57, 10, Job.NO_DEADLINE),
                job(3, 58, 10, Job.NO_DEADLINE), job(4, 59, 10, Job.NO_DEADLINE), job(1, 60, 50, 310));
        assertThat(busy.jobs().get(4).job().id()).isEqualTo(1);
        assertThat(busy.jobs().get(4).start()).isEqualTo(120);
    }

    @Test
    void areRegisteredAndRunOnlyWhenNamed() {
        for (String name : List.of("finish-together-patient", "finish-together-patient-protected")) {
            assertThat(Schedulers.create(name, 1).name()).isEqualTo(name);
            assertThat(Schedulers.WHEN_NAMED).contains(name);
            assertThat(Schedulers.ELASTIC_POLICIES).doesNotContain(name);
        }
    }

    /** On a fixed cluster every VM is live and nothing is bought: the placements are finish-together's. */
    @Test
    void onAFixedClusterItPlacesAsFinishTogether() {
        Cluster c = ClusterPresets.tpds();
        Workload w = WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(2));
        SimulationConfig config = SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF);
        RunResult patient = Simulation.run(c, w, FinishTogetherPatient.create(), config);
        RunResult together = Simulation.run(c, w, new FinishTogether(), config);
        assertThat(patient.jobs()).isEqualTo(together.jobs());
    }

    /** Seeded: on the preset's pools it buys fewer nodes than finish-together-steady, which waits only for a launch. */
    @Test
    void buysFewerNodesThanFinishTogetherSteadyOnASeededRun() {
        Cluster c = ElasticPresets.onDemand();
        Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(3).withJobs(300));
        SimulationConfig config = SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF).withCapacitySeed(3);
        RunResult patient = Simulation.run(c, w, FinishTogetherPatient.create(), config);
        RunResult steady = Simulation.run(c, w, new FinishTogetherSteady(), config);
        assertThat(patient.capacity().nodeLaunches()).isLessThan(steady.capacity().nodeLaunches());
        assertThat(patient.summary().totalCost()).isLessThan(steady.summary().totalCost());
    }
}

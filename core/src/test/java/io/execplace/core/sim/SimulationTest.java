package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class SimulationTest {

    private static final VmType SMALL = new VmType("small", 4, 8);

    private static Cluster twoVms(double price0, double price1) {
        return Cluster.builder("two").add(SMALL, Site.CLOUD, 1, price0).add(SMALL, Site.CLOUD, 1, price1).build();
    }

    private static Job job(int id, double arrival, int executors, int cores, double mem, double duration) {
        return new Job(id, JobType.GENERIC, arrival, executors, cores, mem, duration, Job.NO_DEADLINE);
    }

    private static SimulationConfig plain(Cluster c, Workload w) {
        return SimulationConfig.defaults(c, w).withDurationModel(DurationModel.none());
    }

    @Test
    void costIsPriceTimesUnionOfBusyTime() {
        Cluster c = twoVms(2, 3);
        // Job 0 on VM 0 during [0,10]; job 1 on VM 0 during [5,20] (overlap counted once); job 2 on VM 0 [30,35].
        Workload w = new Workload("w", List.of(job(0, 0, 1, 2, 2, 10), job(1, 5, 1, 2, 2, 15), job(2, 30, 1, 1, 1, 5)));
        RunResult r = Simulation.run(c, w, TestPolicies.pack(), plain(c, w));
        assertThat(r.summary().totalCost()).isCloseTo(2 * (20 + 5), within(1e-12));
        assertThat(r.vms().get(0).intervals()).isEqualTo(2);
        assertThat(r.summary().vmsUsed()).isEqualTo(1);
        assertThat(r.summary().makespan()).isEqualTo(35);
    }

    @Test
    void touchingBusyIntervalsMergeIntoOne() {
        Cluster c = twoVms(1, 1);
        Workload w = new Workload("w", List.of(job(0, 0, 1, 4, 8, 10), job(1, 1, 1, 4, 8, 10)));
        RunResult r = Simulation.run(c, w, TestPolicies.pack(), plain(c, w));
        // Job 1 waits for job 0 (VM 0 full) ... no: pack puts it on VM 1 at t=1.
        assertThat(r.jobs().get(1).placement()).isEqualTo(Placement.of(1));
        Cluster one = Cluster.builder("one").add(SMALL, Site.CLOUD, 1, 1).build();
        RunResult r1 = Simulation.run(one, w, TestPolicies.pack(), plain(one, w));
        assertThat(r1.jobs().get(1).start()).isEqualTo(10);
        assertThat(r1.vms().get(0).intervals()).isEqualTo(1);
        assertThat(r1.summary().totalCost()).isEqualTo(20);
        assertThat(r1.summary().jobsWaited()).isEqualTo(1);
        assertThat(r1.summary().meanTurnaround()).isEqualTo((10 + 19) / 2.0);
    }

    @Test
    void fcfsHeadOfLineBlocksAndBackfillingDoesNot() {
        Cluster one = Cluster.builder("one").add(SMALL, Site.CLOUD, 1, 1).build();
        // Job 0 holds 3 cores until 100; job 1 needs 4 cores (waits); job 2 needs 1 core and fits now.
        Workload w = new Workload("w", List.of(job(0, 0, 1, 3, 1, 100), job(1, 1, 1, 4, 1, 10), job(2, 2, 1, 1, 1, 10)));
        RunResult fcfs = Simulation.run(one, w, TestPolicies.pack(), plain(one, w));
        assertThat(fcfs.jobs().get(2).start()).isEqualTo(110);
        RunResult backfill = Simulation.run(one, w, TestPolicies.pack(), plain(one, w).withBackfilling(true));
        assertThat(backfill.jobs().get(2).start()).isEqualTo(2);
        assertThat(backfill.jobs().get(1).start()).isEqualTo(100);
    }

    @Test
    void edfOffersEarliestDeadlineAmongArrivedJobs() {
        Cluster one = Cluster.builder("one").add(SMALL, Site.CLOUD, 1, 1).build();
        Workload w = new Workload("w", List.of(
                new Job(0, JobType.GENERIC, 0, 1, 4, 1, 10, 1000),
                new Job(1, JobType.GENERIC, 1, 1, 4, 1, 10, 500),
                new Job(2, JobType.GENERIC, 2, 1, 4, 1, 10, 100),
                // Arrives after job 0 finishes: must not block anything despite its early deadline.
                new Job(3, JobType.GENERIC, 50, 1, 4, 1, 10, 60)));
        RunResult r = Simulation.run(one, w, TestPolicies.pack(), plain(one, w).withQueue(QueuePolicy.EDF));
        assertThat(r.jobs().get(0).start()).isEqualTo(0);
        assertThat(r.jobs().get(2).start()).isEqualTo(10);
        assertThat(r.jobs().get(1).start()).isEqualTo(20);
        assertThat(r.jobs().get(3).start()).isEqualTo(50);
        assertThat(r.summary().deadlineMetPercent()).isEqualTo(100);
    }

    @Test
    void admissionDropsJobsPredictedToMissTheirDeadline() {
        Cluster one = Cluster.builder("one").add(SMALL, Site.CLOUD, 1, 1).build();
        Workload w = new Workload("w", List.of(
                new Job(0, JobType.GENERIC, 0, 1, 4, 1, 100, 1000),
                new Job(1, JobType.GENERIC, 1, 1, 4, 1, 10, 50),    // cannot start before 100: misses
                new Job(2, JobType.GENERIC, 2, 1, 4, 1, 10, 200)));
        RunResult without = Simulation.run(one, w, TestPolicies.pack(), plain(one, w));
        assertThat(without.summary().jobsDropped()).isZero();
        assertThat(without.summary().deadlineMetPercent()).isCloseTo(200.0 / 3, within(1e-9));
        RunResult with = Simulation.run(one, w, TestPolicies.pack(), plain(one, w).withDeadlineAdmission(true));
        assertThat(with.jobs().get(1).status().label()).isEqualTo("dropped");
        assertThat(with.jobs().get(1).dropReason()).contains("deadline");
        assertThat(with.jobs().get(2).start()).isEqualTo(100);
        assertThat(with.summary().deadlineMetPercent()).isCloseTo(200.0 / 3, within(1e-9));
        assertThat(with.summary().totalCost()).isEqualTo(110);
    }

    @Test
    void jobThatCannotFitTheEmptyClusterIsDroppedNotLoopedOn() {
        Cluster c = twoVms(1, 1);
        Workload w = new Workload("w", List.of(job(0, 0, 3, 4, 1, 10), job(1, 0, 2, 4, 8, 10)));
        RunResult r = Simulation.run(c, w, TestPolicies.pack(), plain(c, w));
        assertThat(r.jobs().get(0).dropReason()).contains("does not fit the cluster even when it is empty");
        assertThat(r.jobs().get(1).completed()).isTrue();
        assertThat(r.summary().jobsDropped()).isEqualTo(1);
    }

    @Test
    void invalidPlacementFailsTheRunLoudly() {
        Cluster c = twoVms(1, 1);
        Workload w = new Workload("w", List.of(job(0, 0, 2, 4, 1, 10)));
        assertThatThrownBy(() -> Simulation.run(c, w, TestPolicies.overcommit(), plain(c, w)))
                .isInstanceOf(InvalidPlacementException.class)
                .hasMessageContaining("test-overcommit")
                .hasMessageContaining("VM 0 over capacity");
    }

    @Test
    void durationPenaltiesFollowTypeAndSite() {
        Cluster c = Cluster.builder("h").add(SMALL, Site.LOCAL, 1, 1).add(SMALL, Site.CLOUD, 1, 4).build();
        Job pagerankSpread = new Job(0, JobType.PAGERANK, 0, 2, 4, 1, 100, Job.NO_DEADLINE);
        DurationModel both = new DurationModel(true, true, 1.3);
        assertThat(both.duration(pagerankSpread, Placement.of(0, 1), c)).isCloseTo(100 * 1.3 * 1.3, within(1e-9));
        assertThat(both.duration(pagerankSpread, Placement.of(0, 0), c)).isEqualTo(100);
        Job sort = new Job(1, JobType.SORT, 0, 2, 1, 1, 100, Job.NO_DEADLINE);
        assertThat(both.duration(sort, Placement.of(0, 0), c)).isCloseTo(130, within(1e-9));
        assertThat(both.duration(sort, Placement.of(1, 1), c)).isCloseTo(169, within(1e-9));
        Job single = new Job(2, JobType.PAGERANK, 0, 1, 1, 1, 100, Job.NO_DEADLINE);
        assertThat(DurationModel.matchesType(single, Placement.of(1))).isTrue();
        assertThat(DurationModel.none().duration(sort, Placement.of(1, 1), c)).isEqualTo(100);
    }

    @Test
    void goodPlacementsCountTypeMatches() {
        Cluster c = twoVms(1, 1);
        Workload w = new Workload("w", List.of(
                new Job(0, JobType.WORDCOUNT, 0, 2, 1, 1, 10, Job.NO_DEADLINE),  // packed on VM 0: bad
                new Job(1, JobType.PAGERANK, 100, 2, 1, 1, 10, Job.NO_DEADLINE))); // packed: good
        RunResult r = Simulation.run(c, w, TestPolicies.pack(), SimulationConfig.defaults(c, w));
        List<JobRecord> jobs = r.jobs();
        assertThat(jobs.get(0).goodPlacement()).isFalse();
        assertThat(jobs.get(0).duration()).isCloseTo(13, within(1e-9));
        assertThat(jobs.get(1).goodPlacement()).isTrue();
        assertThat(r.summary().goodPlacements()).isEqualTo(1);
    }
}

package io.execplace.core.sim;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.RunningJob;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The kernel's driver contract, decision by decision. */
class EventKernelTest {

    private static final VmType SMALL = new VmType("small", 4, 8);
    private static final Cluster TWO = Cluster.builder("two").add(SMALL, Site.CLOUD, 2, 1).build();

    private static Job job(int id, double arrival, int executors, double duration) {
        return new Job(id, JobType.GENERIC, arrival, executors, 4, 8, duration, Job.NO_DEADLINE);
    }

    private static EventKernel kernel(Job... jobs) {
        Workload w = new Workload("w", List.of(jobs));
        EventKernel k = new EventKernel(TWO, SimulationConfig.defaults(TWO, w).withDurationModel(DurationModel.none()));
        k.reset(w);
        return k;
    }

    @Test
    void aDecisionPointShowsEveryWaitingJobAndADriverMayStartAnyOfThem() {
        EventKernel k = kernel(job(0, 0, 2, 10), job(1, 0, 1, 5), job(2, 0, 1, 7));
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isZero();
        assertThat(k.waitingCount()).isEqualTo(3);
        assertThat(k.offered()).isZero();
        // A multi-job dispatcher starts the second and third jobs, leaving the head waiting.
        assertThat(k.start(1, Placement.of(0))).isTrue();
        assertThat(k.start(1, Placement.of(1))).isTrue();
        assertThat(k.waitingCount()).isEqualTo(1);
        assertThat(k.offeredJob().id()).isZero();
        k.skip(); // not idle, no backfilling: wait for the next event
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isEqualTo(5); // job 1 finished
        k.skip();
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isEqualTo(7);
        k.start(k.offered(), Placement.of(0, 1));
        assertThat(k.nextDecision()).isFalse();
        RunResult r = k.result("test", new long[0], 0);
        assertThat(r.summary().jobsCompleted()).isEqualTo(3);
        assertThat(r.summary().makespan()).isEqualTo(17);
        assertThat(r.jobs().get(0).start()).isEqualTo(7);
    }

    @Test
    void executorsPlacedOneByOneHoldTheirRoomAndStartTheJobWithTheLast() {
        EventKernel k = kernel(job(0, 0, 1, 10), job(1, 2, 2, 4));
        k.nextDecision();
        assertThat(k.placeExecutor(0)).isTrue();
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isEqualTo(2);
        assertThat(k.placeExecutor(1)).isFalse();
        assertThat(k.executorsPlaced()).isEqualTo(1);
        assertThat(k.view().freeCores(1)).isZero();
        // The second executor needs VM 0, busy until 10: wait for that completion, keeping VM 1 held.
        k.waitForCompletion();
        assertThat(k.now()).isEqualTo(10);
        assertThat(k.view().freeCores(1)).isZero();
        assertThat(k.placeExecutor(0)).isTrue();
        assertThat(k.tally().lastDuration()).isEqualTo(4);
        assertThat(k.nextDecision()).isFalse();
        RunResult r = k.result("test", new long[0], 0);
        assertThat(r.jobs().get(1).placement()).isEqualTo(Placement.of(1, 0));
        // VM 1 was billed from its first executor at 2 to the job's end at 14.
        assertThat(r.vms().get(1).busySeconds()).isEqualTo(12);
    }

    @Test
    void aJobSkippedOnAnIdleClusterIsDroppedAndOneThatCannotFitIsDroppedOnArrival() {
        EventKernel k = kernel(job(0, 0, 3, 10), job(1, 1, 1, 5));
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.offeredJob().id()).isEqualTo(1); // job 0 needs 3 whole VMs of 2: dropped on arrival
        k.setDecider("nobody");
        k.skip();
        assertThat(k.nextDecision()).isFalse();
        RunResult r = k.result("nobody", new long[0], 0);
        assertThat(r.jobs().get(0).dropReason()).contains("does not fit");
        assertThat(r.jobs().get(1).dropReason()).contains("policy nobody would not place it on an idle cluster");
    }

    @Test
    void jobsOutOfArrivalOrderAreRefused() {
        EventKernel k = new EventKernel(TWO, SimulationConfig.defaults(TWO,
                new Workload("w", List.of(job(0, 0, 1, 1)))));
        assertThatThrownBy(() -> k.reset(new Job[]{job(0, 5, 1, 1), job(1, 2, 1, 1)}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("arrival order");
    }

    @Test
    void theRunningJobsListIsHandedOutAgainUntilAJobStartsOrEnds() {
        EventKernel k = kernel(job(0, 0, 1, 10), job(1, 0, 2, 5), job(2, 3, 1, 4));
        assertThat(k.nextDecision()).isTrue();
        k.start(k.offered(), Placement.of(0));
        assertThat(k.nextDecision()).isTrue(); // job 1 needs both VMs
        List<RunningJob> first = k.runningJobs();
        assertThat(first).extracting(r -> r.job().id()).containsExactly(0);
        assertThatThrownBy(() -> first.remove(0)).isInstanceOf(UnsupportedOperationException.class);
        k.skip();
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isEqualTo(3); // job 2 arrived: nothing started or ended
        assertThat(k.runningJobs()).isSameAs(first);
        k.start(1, Placement.of(1));
        List<RunningJob> second = k.runningJobs();
        assertThat(second).isNotSameAs(first).extracting(r -> r.job().id()).containsExactly(0, 2);
        assertThat(second).extracting(RunningJob::finish).containsExactly(10.0, 7.0);
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isEqualTo(3); // job 1 offered again at once
        assertThat(k.runningJobs()).isSameAs(second);
        k.skip();
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isEqualTo(7); // job 2 ended
        assertThat(k.runningJobs()).isNotSameAs(second).extracting(r -> r.job().id()).containsExactly(0);
    }

    @Test
    void whileProtectionsRunTheLayoutListOutlivesTheClockButTheRunningJobsDoNot() {
        EventKernel k = kernel(job(0, 0, 1, 10), job(1, 0, 2, 5), job(2, 3, 1, 4));
        assertThat(k.nextDecision()).isTrue();
        k.start(k.offered(), Placement.of(0).withProtection(100));
        assertThat(k.nextDecision()).isTrue(); // job 1 needs both VMs
        List<RunningJob> layout = k.runningLayout();
        assertThat(k.runningJobs().get(0).placement().protectionSeconds(0)).isEqualTo(100);
        k.skip();
        assertThat(k.nextDecision()).isTrue();
        assertThat(k.now()).isEqualTo(3); // job 2 arrived: nothing started or ended, the clock moved
        assertThat(k.runningJobs().get(0).placement().protectionSeconds(0)).isEqualTo(97);
        assertThat(k.runningLayout()).isSameAs(layout).extracting(RunningJob::finish).containsExactly(10.0);
        assertThat(layout.get(0).placement().vm(0)).isZero();
        k.start(1, Placement.of(1));
        List<RunningJob> started = k.runningLayout();
        assertThat(started).isNotSameAs(layout).extracting(r -> r.job().id()).containsExactly(0, 2);
        assertThat(started).extracting(RunningJob::finish).containsExactly(10.0, 7.0);
    }
}

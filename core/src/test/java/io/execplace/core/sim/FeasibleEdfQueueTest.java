package io.execplace.core.sim;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.FeasibleEdfOrder;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The edf-feasible queue on a hand-worked timeline. One VM of 4 cores; every job needs all of it
 * for r = 10 s, so they run one after another.
 *
 * <pre>
 * J0 t=0 no deadline     runs [0,10]
 * J1 t=1 deadline 15     at t=10: 10 + 10 = 20 > 15, lost
 * J2 t=2 deadline 25     at t=10: 20 <= 25, can still make it
 * J3 t=3 no deadline
 * EDF at t=10: J1 [10,20] (misses 15), J2 [20,30] (misses 25), J3 [30,40]: no deadline met.
 * edf-feasible at t=10: J2 [10,20] (meets 25), then J1 and J3 by arrival: J1 [20,30], J3 [30,40].
 * </pre>
 */
class FeasibleEdfQueueTest {

    private static final Cluster ONE = Cluster.builder("one").add(new VmType("vm", 4, 8), Site.CLOUD, 1, 1).build();

    private static Job job(int id, double arrival, double deadline) {
        return new Job(id, JobType.GENERIC, arrival, 1, 4, 2, 10, deadline);
    }

    private static final Job J0 = job(0, 0, Job.NO_DEADLINE);
    private static final Job J1 = job(1, 1, 15);
    private static final Job J2 = job(2, 2, 25);
    private static final Job J3 = job(3, 3, Job.NO_DEADLINE);
    private static final Workload W = new Workload("w", List.of(J0, J1, J2, J3));

    private static RunResult run(QueuePolicy queue) {
        SimulationConfig config = SimulationConfig.defaults(ONE, W).withDurationModel(DurationModel.none())
                .withQueue(queue);
        return Simulation.run(ONE, W, TestPolicies.pack(), config);
    }

    @Test
    void edfServesTheLostDeadlineFirstAndMissesBoth() {
        RunResult r = run(QueuePolicy.EDF);
        assertThat(r.jobs()).extracting(x -> x.start()).containsExactly(0.0, 10.0, 20.0, 30.0);
        assertThat(r.summary().deadlineMetPercent()).isZero();
    }

    @Test
    void edfFeasibleServesTheDeadlineThatCanStillBeMet() {
        RunResult r = run(QueuePolicy.byName("edf-feasible"));
        assertThat(r.jobs()).extracting(x -> x.start()).containsExactly(0.0, 20.0, 10.0, 30.0);
        assertThat(r.summary().deadlineMetPercent()).isEqualTo(50);
        assertThat(r.summary().queue()).isEqualTo(FeasibleEdfOrder.NAME);
    }

    @Test
    void orderAtAGivenTime() {
        FeasibleEdfOrder order = new FeasibleEdfOrder();
        List<Job> q = new ArrayList<>(List.of(J3, J2, J1, J0));
        q.sort(order.orderAt(5, ClusterPresets.c5()));      // both deadlines can still be met: EDF
        assertThat(q).containsExactly(J1, J2, J0, J3);
        q.sort(order.orderAt(15, ClusterPresets.c5()));     // J2 exactly on time (15 + 10 = 25), J1 lost
        assertThat(q).containsExactly(J2, J0, J1, J3);
        q.sort(order.orderAt(16, ClusterPresets.c5()));     // both lost: arrival order
        assertThat(q).containsExactly(J0, J1, J2, J3);
        assertThat(order.reordersOverTime()).isTrue();
        assertThat(FeasibleEdfOrder.canMeetDeadline(J0, 0)).isFalse();
    }
}

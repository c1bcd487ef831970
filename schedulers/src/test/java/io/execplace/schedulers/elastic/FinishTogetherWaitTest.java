package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code finish-together-wait} on hand-worked timelines: wait for room on a bought node, or buy. */
class FinishTogetherWaitTest {

    private static final InstanceType N4 = new InstanceType("n4", 4, 16, 1, 1);

    private static Cluster pool(double launchSeconds) {
        NodePool pool = NodePool.builder("od").instanceTypes(List.of(N4)).limitCores(16)
                .launchDelay(LaunchDelay.constant(launchSeconds)).billing(1, 0).consolidateAfter(30).build();
        return new NodePools("hand", List.of(pool), false).cluster();
    }

    /** A: 4 cores for 50 s from 0 (it buys the first node); B: 2 executors of 2 cores for 30 s, arriving later. */
    private static RunResult run(Cluster c, boolean wait, double bArrives) {
        Job a = new Job(0, JobType.WORDCOUNT, 0, 1, 4, 4, 50, Job.NO_DEADLINE);
        Job b = new Job(1, JobType.WORDCOUNT, bArrives, 2, 2, 2, 30, Job.NO_DEADLINE);
        Workload w = new Workload("hand", List.of(a, b));
        SimulationConfig config = SimulationConfig.defaults(c, w).withDurationModel(new DurationModel(false, false, 1.3));
        return Simulation.run(c, w, new FinishTogether(wait), config);
    }

    @Test
    void waitsForTheBoughtNodeWhenItFreesRoomBeforeANewNodeWouldBeReady() {
        // Launch 60: A runs 60-110. B at 100: a new node would be ready at 160, the bought node is free
        // at 110. finish-together-wait waits and starts B there at 110, buying nothing more;
        // finish-together buys at 100 and starts B at 160.
        RunResult waits = run(pool(60), true, 100);
        assertThat(waits.jobs().get(1).start()).isEqualTo(110);
        assertThat(waits.jobs().get(1).placement().vm(0)).isEqualTo(waits.jobs().get(0).placement().vm(0));
        assertThat(waits.capacity().nodeLaunches()).isEqualTo(1);
        RunResult buys = run(pool(60), false, 100);
        assertThat(buys.jobs().get(1).start()).isEqualTo(160);
        assertThat(buys.capacity().nodeLaunches()).isEqualTo(2);
        assertThat(waits.summary().totalCost()).isLessThan(buys.summary().totalCost());
    }

    @Test
    void buysWhenANewNodeIsReadyFirst() {
        // Launch 10: A runs 10-60. B at 20: a new node is ready at 30, before the bought node frees at 60.
        RunResult r = run(pool(10), true, 20);
        assertThat(r.jobs().get(1).start()).isEqualTo(30);
        assertThat(r.capacity().nodeLaunches()).isEqualTo(2);
    }
}

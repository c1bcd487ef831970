package io.execplace.rl.env;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Drives a kernel environment with a placement policy's decisions and compares the run with a simulation's. */
final class KernelEnvDriving {

    private KernelEnvDriving() {
    }

    /**
     * Steps the environment with the policy's placements, the whole job decided on the state before
     * any of its executors is placed, as the simulator asks it.
     *
     * @return how many executor requests were offered
     */
    static int drive(KernelEnv env, PlacementPolicy policy) {
        env.reset(0, 0);
        int requests = 0;
        while (env.active()) {
            if (env.kernel.waitingJobIndex(env.kernel.offered()) >= env.kernel.jobCount()) {
                requests++;
            }
            Placement p = policy.place(env.currentJob(), env.clusterView());
            if (p == null || p.isNone()) {
                assertThat(env.actionMask()[0]).isTrue();
                env.step(0);
                continue;
            }
            for (int i = 0; i < p.executors() && env.active(); i++) {
                assertThat(env.actionMask()[p.vm(i) + 1]).isTrue();
                env.step(p.vm(i) + 1);
            }
        }
        return requests;
    }

    /** The first entry that differs is named (the lists are long). */
    private static void assertSameList(String what, List<?> env, List<?> sim) {
        for (int i = 0; i < Math.min(env.size(), sim.size()); i++) {
            assertThat(env.get(i)).as("%s %d", what, i).isEqualTo(sim.get(i));
        }
        assertThat(env).hasSameSizeAs(sim);
    }

    static void assertSameRun(RunResult env, RunResult sim) {
        assertSameList("job", env.jobs(), sim.jobs());
        assertThat(env.vms()).usingRecursiveComparison().isEqualTo(sim.vms());
        assertThat(env.capacity()).isEqualTo(sim.capacity());
        RunSummary a = env.summary();
        RunSummary b = sim.summary();
        assertThat(a.totalCost()).isEqualTo(b.totalCost());
        assertThat(a.meanDuration()).isEqualTo(b.meanDuration());
        assertThat(a.meanTurnaround()).isEqualTo(b.meanTurnaround());
        assertThat(Double.valueOf(a.deadlineMetPercent())).isEqualTo(Double.valueOf(b.deadlineMetPercent())); // NaN without deadlines
        assertThat(a.makespan()).isEqualTo(b.makespan());
    }
}

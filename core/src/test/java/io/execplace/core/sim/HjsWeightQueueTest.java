package io.execplace.core.sim;

import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.HjsWeightOrder;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The hjs-weight queue inside the simulator, on a hand-worked timeline. One VM of 4 cores / 8 GB at
 * price 1/s; every job needs the whole VM's cores, so they run one after another.
 *
 * <pre>
 * J0 t=0  1x4c/8GB r=10 no deadline          runs [0,10]
 * J1 t=1  1x4c/4GB r=10 no deadline          R_tot = 4/4 + 4/8 = 1.5
 * J2 t=2  1x4c/2GB r=10 deadline 25          R_tot = 1.25
 * J3 t=3  1x4c/2GB r=10 deadline 15          R_tot = 1.25
 * At t=10, λ = 0.5: J2 on time, U = 1, Wei = 1.125; J1 Wei = 0.75; J3 late by 10+10-15 = 5 s,
 * U = 1/5, Wei = 0.1 + 0.625 = 0.725. Order J2, J1, J3: J2 [10,20] meets 25, J1 [20,30], J3 [30,40].
 * Had the weights been fixed at arrival, J3 (on time at t=3, Wei 1.125) would run second.
 * FCFS runs J1, J2, J3: J2 [20,30] misses its deadline.
 * </pre>
 */
class HjsWeightQueueTest {

    private static final Cluster ONE = Cluster.builder("one").add(new VmType("vm", 4, 8), Site.CLOUD, 1, 1).build();

    private static Job job(int id, double arrival, double mem, double deadline) {
        return new Job(id, JobType.GENERIC, arrival, 1, 4, mem, 10, deadline);
    }

    private static final Workload W = new Workload("w", List.of(
            job(0, 0, 8, Job.NO_DEADLINE), job(1, 1, 4, Job.NO_DEADLINE), job(2, 2, 2, 25), job(3, 3, 2, 15)));

    private static RunResult run(QueuePolicy queue) {
        SimulationConfig config = SimulationConfig.defaults(ONE, W).withDurationModel(DurationModel.none())
                .withQueue(queue);
        return Simulation.run(ONE, W, TestPolicies.pack(), config);
    }

    @Test
    void weightsAreRecomputedAtEachDecisionTime() {
        RunResult r = run(new HjsWeightOrder(0.5));
        assertThat(r.jobs()).extracting(x -> x.start()).containsExactly(0.0, 20.0, 10.0, 30.0);
        assertThat(r.summary().deadlineMetPercent()).isEqualTo(50);
        assertThat(r.summary().queue()).isEqualTo("hjs-weight");
    }

    @Test
    void lambdaZeroOrdersBySizeOnly() {
        // J1 1.5 > J2 = J3 1.25 (tie: arrival): J1, J2, J3.
        RunResult r = run(new HjsWeightOrder(0));
        assertThat(r.jobs()).extracting(x -> x.start()).containsExactly(0.0, 10.0, 20.0, 30.0);
    }

    @Test
    void fcfsMissesTheDeadlineTheWeightsMeet() {
        RunResult r = run(QueuePolicy.FCFS);
        assertThat(r.jobs()).extracting(x -> x.start()).containsExactly(0.0, 10.0, 20.0, 30.0);
        assertThat(r.summary().deadlineMetPercent()).isZero();
    }

    @Test
    void targetOfTheTimeline() {
        // C = 40 s x 1/s; C_max = (4 x 10 s) x 1/s = 40; D_in/D_num = 1/2: Target = 100 x (0 + 0.5).
        HjsTarget t = HjsTarget.of(run(new HjsWeightOrder(0.5)));
        assertThat(t.cost()).isEqualTo(40);
        assertThat(t.maxCost()).isEqualTo(40);
        assertThat(t.deadlineJobs()).isEqualTo(2);
        assertThat(t.deadlinesMet()).isEqualTo(1);
        assertThat(t.target()).isCloseTo(50, within(1e-12));
        assertThat(HjsTarget.of(run(QueuePolicy.FCFS)).target()).isCloseTo(0, within(1e-12));
    }
}

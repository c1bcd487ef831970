package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Dynamic allocation: executor lifetimes from a demand, and a hand-worked timeline in the kernel. */
class DynamicAllocationTest {

    /** Each executor on the lowest-numbered VM with room. */
    private static final PlacementPolicy LOWEST_FIRST = TestPolicies.pack();

    private static final Cluster TWO = Cluster.builder("two").add(new VmType("small", 4, 8), Site.CLOUD, 2, 1).build();

    private static Job job(int id, double arrival, int executors, double base) {
        return new Job(id, JobType.WORDCOUNT, arrival, executors, 1, 1, base, Job.NO_DEADLINE);
    }

    private static ExecutorDemand demand(double idle, double... stepPairs) {
        double[] at = new double[stepPairs.length / 2];
        int[] count = new int[at.length];
        for (int i = 0; i < at.length; i++) {
            at[i] = stepPairs[2 * i];
            count[i] = (int) stepPairs[2 * i + 1];
        }
        return new ExecutorDemand(at, count, idle);
    }

    private static RunResult run(Cluster cluster, Workload w) {
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withDurationModel(new DurationModel(false, false, 1.3));
        return Simulation.run(cluster, w, LOWEST_FIRST, config);
    }

    @Test
    void lifetimesAreLastInFirstOutAndKeptAcrossShortDips() {
        // 2 executors, 5 from 10 s, 3 from 20 s, 5 from 30 s, 2 from 100 s; base 120 s.
        ExecutorDemand d = demand(5, 0, 2, 10, 5, 20, 3, 30, 5, 100, 2);
        assertThat(d.lifetimes(2, 120)).containsExactly(
                new ExecutorDemand.Lifetime(1, 10, 100),
                new ExecutorDemand.Lifetime(2, 10, 20),
                new ExecutorDemand.Lifetime(2, 30, 100));
        // A dip of 10 s within a 15 s idle timeout keeps the executors.
        ExecutorDemand patient = demand(15, 0, 2, 10, 5, 20, 3, 30, 5, 100, 2);
        assertThat(patient.lifetimes(2, 120)).containsExactly(new ExecutorDemand.Lifetime(3, 10, 100));
        // Below the least demand the floor's executors are lifetimes too; steps past the base duration are ignored.
        assertThat(d.lifetimes(1, 60)).containsExactly(
                new ExecutorDemand.Lifetime(1, 0, 60),
                new ExecutorDemand.Lifetime(1, 10, 60),
                new ExecutorDemand.Lifetime(2, 10, 20),
                new ExecutorDemand.Lifetime(2, 30, 60));
        assertThat(d.maxLifetimes(1)).isGreaterThanOrEqualTo(d.lifetimes(1, 60).size());
        assertThat(d).hasToString("0:2 10:5 20:3 30:5 100:2");
    }

    @Test
    void badDemandsAreRefused() {
        assertThatThrownBy(() -> demand(60, 5, 2)).hasMessageContaining("first step is at 0 s");
        assertThatThrownBy(() -> demand(60, 0, 2, 0, 3)).hasMessageContaining("increasing");
        assertThatThrownBy(() -> demand(60, 0, 0)).hasMessageContaining("at least 1 executor");
        assertThatThrownBy(() -> demand(-1, 0, 2)).hasMessageContaining("idle timeout");
        assertThatThrownBy(() -> new Workload("w", List.of(job(0, 0, 3, 10)), Map.of(0, demand(60, 0, 2, 5, 4))))
                .hasMessageContaining("job 0 holds 3 executors").hasMessageContaining("only 2");
        assertThatThrownBy(() -> new Workload("w", List.of(job(0, 0, 1, 10)), Map.of(7, demand(60, 0, 2))))
                .hasMessageContaining("job 7, which it does not have");
    }

    @Test
    void addedExecutorsHoldTheirResourcesUntilTheIdleTimeoutEnds() {
        // A holds 1 executor 0-100 and wants 4 from 10 s, 2 from 50 s (idle timeout 5 s): the request
        // for 1 executor (10 s to the end) and for 2 (10 s to 50 s + 5 s) fill VM 0. B (3 executors,
        // 20-50) goes to VM 1. C at 52 finds VM 0 still full (A's 2 idle executors stay until 55):
        // VM 1. D at 56 finds them gone: VM 0.
        Workload w = new Workload("hand", List.of(job(0, 0, 1, 100), job(1, 20, 3, 30), job(2, 52, 2, 10),
                job(3, 56, 2, 10)), Map.of(0, demand(5, 0, 1, 10, 4, 50, 2)));
        RunResult r = run(TWO, w);
        List<JobRecord> jobs = r.jobs();
        assertThat(jobs.get(0).start()).isEqualTo(0);
        assertThat(jobs.get(0).finish()).isEqualTo(100);
        assertThat(jobs.get(1).placement().vm(0)).isEqualTo(1);
        assertThat(jobs.get(2).placement().vm(0)).isEqualTo(1);
        assertThat(jobs.get(2).start()).isEqualTo(52);
        assertThat(jobs.get(3).placement().vm(0)).isEqualTo(0);
        assertThat(jobs.get(3).start()).isEqualTo(56);
        assertThat(r.capacity().executorsAdded()).isEqualTo(3);
        assertThat(r.capacity().executorsCancelled()).isZero();
        assertThat(r.capacity().addedExecutorHours()).isCloseTo((1 * 90 + 2 * 45) / 3600.0, within(1e-12));
        // VM 0 busy 0-100 in one interval: the added executors lived inside A's run.
        assertThat(r.vms().get(0).intervals()).isEqualTo(1);
        assertThat(r.vms().get(0).intervalEnd(0)).isEqualTo(100);
    }

    @Test
    void aRequestNoLongerWantedWhenRoomComesIsCancelled() {
        Cluster one = Cluster.builder("one").add(new VmType("small", 4, 8), Site.CLOUD, 1, 1).build();
        // B takes 3 of VM 0's 4 cores 5-35; A wants 3 more executors 10-20 (no idle timeout): never placed.
        // Cancelled at 35: A makes up their 3 x 10 executor-seconds on its 1 executor, ending at 130.
        Workload w = new Workload("hand", List.of(job(0, 0, 1, 100), job(1, 5, 3, 30)),
                Map.of(0, demand(0, 0, 1, 10, 4, 20, 1)));
        RunResult r = run(one, w);
        assertThat(r.jobs().get(0).finish()).isEqualTo(130);
        assertThat(r.jobs().get(1).start()).isEqualTo(5);
        assertThat(r.capacity().executorsAdded()).isZero();
        assertThat(r.capacity().executorsCancelled()).isEqualTo(3);
    }

    @Test
    void executorsThatComeLateOrNeverAreMadeUpAtTheEnd() {
        Cluster one = Cluster.builder("one").add(new VmType("small", 4, 8), Site.CLOUD, 1, 1).build();
        // B holds 3 cores 0-40. A (1 executor, base 100, starts at 5) wants 3 more from 10 s in (15) to
        // the end: they get room at 40, 25 s late: 75 executor-seconds missed, made up by A's 4 executors
        // at the end: 5 + 100 + 75 / 4 = 123.75, the added executors staying to that end.
        Workload w = new Workload("hand", List.of(job(1, 0, 3, 40), job(0, 5, 1, 100)),
                Map.of(0, demand(60, 0, 1, 10, 4)));
        RunResult r = run(one, w);
        JobRecord a = r.jobs().stream().filter(j -> j.job().id() == 0).findFirst().orElseThrow();
        assertThat(a.start()).isEqualTo(5);
        assertThat(a.finish()).isEqualTo(123.75);
        assertThat(r.capacity().executorsAdded()).isEqualTo(3);
        assertThat(r.capacity().addedExecutorHours()).isCloseTo(3 * (123.75 - 40) / 3600, within(1e-12));
        assertThat(r.vms().get(0).intervalEnd(r.vms().get(0).intervals() - 1)).isEqualTo(123.75);
    }

    @Test
    void aFlatDemandIsTheFixedExecutorRunToTheBit() {
        Workload fixed = new Workload("hand", List.of(job(0, 0, 2, 100), job(1, 20, 3, 30), job(2, 52, 4, 10)));
        Workload flat = new Workload("hand", fixed.jobs(), Map.of(0, demand(60, 0, 2, 50, 2), 2, demand(60, 0, 4)));
        RunResult a = run(TWO, fixed);
        RunResult b = run(TWO, flat);
        assertThat(b.summary()).usingRecursiveComparison()
                .ignoringFields("schedulingDelayMeanMs", "schedulingDelayMedianMs", "schedulingDelayP99Ms")
                .withEqualsForType((x, y) -> Double.compare(x, y) == 0, Double.class)
                .isEqualTo(a.summary());
        assertThat(b.jobs()).isEqualTo(a.jobs());
        assertThat(b.capacity()).isEqualTo(a.capacity());
    }
}

package io.execplace.schedulers.lookahead;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.VmRecord;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.EventKernel;
import io.execplace.core.sim.ResumedRun;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The elastic {@code lookahead}'s rollouts ({@link ResumedRun}) with the run's own policy and the true
 * future reproduce the run's continuation exactly, for the policies whose state the kernel keeps between
 * decisions: {@code finish-together-overprovisioned}'s placeholder pods with driver pods and spot
 * reclaims, {@code finish-together-steady-protected} under under-used consolidation (its clocks, its
 * evictions, protected executors). Pinned: every job's start, finish and placement, the deadlines
 * missed, each node lifetime's end (and start, unless the lifetime began before the resume), and the
 * counts of nodes bought, interruptions, evictions and application restarts.
 */
class ElasticRolloutContinuationTest {

    @ParameterizedTest(name = "{0} on {1}, seed {2}")
    @CsvSource({
            "finish-together-overprovisioned, elastic-spot+drivers, 1, 90",
            "finish-together-overprovisioned, elastic-spot-published-windows+drivers, 2, 140",
            "finish-together-overprovisioned, elastic-spot, 3, 200",
            "finish-together-steady-protected, elastic-ondemand-underutilized, 1, 120",
            "finish-together-steady-protected, elastic-ondemand-underutilized, 2, 250",
            "finish-together-protected-overprovisioned, elastic-ondemand-underutilized, 3, 160",
    })
    void aRolloutWithTheRunsPolicyAndTrueFutureIsTheRunsContinuation(String name, String preset, long seed, int resumeAt) {
        Cluster cluster = ClusterPresets.byName(preset, PricingModel.MODEL_1);
        Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(300));
        SimulationConfig config = SimulationConfig.defaults(cluster, w).withQueue(QueuePolicy.EDF);
        RunResult whole = Simulation.run(cluster, w, Schedulers.create(name, seed), config);

        PlacementPolicy policy = Schedulers.create(name, seed);
        EventKernel source = new EventKernel(cluster, config);
        source.reset(w);
        source.setDecider(policy);
        ResumedRun resumed = new ResumedRun(true);
        ResumedRun.Outcome outcome = null;
        CapacityStats before = null;
        Set<Integer> decidedOn = new HashSet<>();
        double now = Double.NaN;
        for (int d = 0; outcome == null && source.nextDecision(); d++) {
            Job job = source.offeredJob();
            Placement p = policy.place(job, source.view());
            if (d == resumeAt) {
                now = source.now();
                before = source.capacity();
                for (int i = 0; i < source.waitingCount(); i++) {
                    decidedOn.add(source.waitingJob(i).id());
                }
                double at = now;
                List<Job> future = w.jobs().stream().filter(j -> j.arrival() > at).toList();
                future.forEach(j -> decidedOn.add(j.id()));
                outcome = resumed.run(source.state(), job, p, future, policy, 0);
            } else if (p == null || p.isNone()) {
                source.skip();
            } else {
                source.start(source.offered(), p);
            }
        }
        assertThat(outcome).as("resumed at decision " + resumeAt).isNotNull();
        assertThat(outcome.currentStarted()).isTrue();

        Map<Integer, JobRecord> byId = new HashMap<>();
        whole.jobs().forEach(r -> byId.put(r.job().id(), r));
        RunResult after = resumed.result();
        int missed = 0;
        for (JobRecord r : after.jobs()) {
            JobRecord there = byId.get(r.job().id());
            assertThat(r.start()).as("start of job " + r.job().id()).isEqualTo(there.start());
            assertThat(r.finish()).as("finish of job " + r.job().id()).isEqualTo(there.finish());
            assertThat(r.placement().toArray()).as("placement of job " + r.job().id()).isEqualTo(there.placement().toArray());
            missed += decidedOn.contains(r.job().id()) && r.job().hasDeadline() && !r.metDeadline() ? 1 : 0;
        }
        assertThat(outcome.deadlinesMissed()).isEqualTo(missed);

        Map<String, Double> wholeStartByEnd = new HashMap<>();
        int endingAfter = 0;
        for (VmRecord vm : whole.vms()) {
            for (int i = 0; i < vm.intervals(); i++) {
                if (vm.intervalEnd(i) > now) {
                    wholeStartByEnd.put(vm.vm().id() + "@" + vm.intervalEnd(i), vm.intervalStart(i));
                    endingAfter++;
                }
            }
        }
        int lifetimes = 0;
        for (VmRecord vm : after.vms()) {
            for (int i = 0; i < vm.intervals(); i++) {
                Double start = wholeStartByEnd.get(vm.vm().id() + "@" + vm.intervalEnd(i));
                assertThat(start).as("node " + vm.vm().id() + " ending at " + vm.intervalEnd(i)).isNotNull();
                if (start >= now) {
                    assertThat(vm.intervalStart(i)).isEqualTo(start);
                }
                lifetimes++;
            }
        }
        assertThat(lifetimes).isEqualTo(endingAfter);

        CapacityStats all = whole.capacity();
        CapacityStats rest = resumed.capacity();
        assertThat(before.nodeLaunches() + rest.nodeLaunches()).isEqualTo(all.nodeLaunches());
        assertThat(before.interruptions() + rest.interruptions()).isEqualTo(all.interruptions());
        assertThat(before.executorsEvicted() + rest.executorsEvicted()).isEqualTo(all.executorsEvicted());
        assertThat(before.applicationsRestarted() + rest.applicationsRestarted()).isEqualTo(all.applicationsRestarted());
    }
}

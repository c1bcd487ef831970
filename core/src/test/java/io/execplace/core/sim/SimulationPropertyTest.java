package io.execplace.core.sim;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.metrics.ScheduleTrace;
import io.execplace.core.metrics.ScheduleTraceCheck;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Invariants of the simulator over many random seeds, clusters, workloads and rules. */
class SimulationPropertyTest {

    private static final int SEEDS = 200;

    static Cluster randomCluster(Random rng) {
        int pick = rng.nextInt(4);
        if (pick == 0) {
            return ClusterPresets.tpds();
        }
        if (pick == 1) {
            return ClusterPresets.hybridSmall(PricingModel.values()[rng.nextInt(PricingModel.values().length)]);
        }
        Cluster.Builder b = Cluster.builder("random");
        int types = 1 + rng.nextInt(3);
        for (int t = 0; t < types; t++) {
            VmType type = new VmType("t" + t, 2 + rng.nextInt(15), 4 + rng.nextInt(61) * 0.5);
            b.add(type, rng.nextBoolean() ? Site.LOCAL : Site.CLOUD, 1 + rng.nextInt(5), rng.nextInt(10) * 0.001);
        }
        return b.build();
    }

    static Workload randomWorkload(Random rng, int jobs) {
        List<Job> list = new ArrayList<>();
        double t = 0;
        JobType[] types = JobType.values();
        for (int i = 0; i < jobs; i++) {
            t += rng.nextInt(4) == 0 ? 0 : rng.nextDouble() * 40;   // ties at equal times on purpose
            double deadline = rng.nextBoolean() ? t + 50 + rng.nextDouble() * 500 : Job.NO_DEADLINE;
            list.add(new Job(i, types[rng.nextInt(types.length)], t, 1 + rng.nextInt(8), 1 + rng.nextInt(6),
                    1 + rng.nextInt(10) + (rng.nextBoolean() ? 0.5 : 0), 5 + rng.nextInt(150) + rng.nextDouble(), deadline));
        }
        return new Workload("random", list);
    }

    static SimulationConfig randomConfig(Random rng, Cluster c, Workload w) {
        return SimulationConfig.defaults(c, w)
                .withQueue(rng.nextBoolean() ? QueuePolicy.FCFS : QueuePolicy.EDF)
                .withDeadlineAdmission(rng.nextBoolean())
                .withBackfilling(rng.nextBoolean());
    }

    @Test
    void invariantsHoldOverManySeeds() throws IOException {
        for (long seed = 0; seed < SEEDS; seed++) {
            Random rng = new Random(seed);
            Cluster cluster = randomCluster(rng);
            Workload workload = randomWorkload(rng, 20 + rng.nextInt(80));
            SimulationConfig config = randomConfig(rng, cluster, workload);
            PlacementPolicy policy = rng.nextBoolean() ? TestPolicies.pack() : TestPolicies.random(seed);
            RunResult result = Simulation.run(cluster, workload, policy, config);
            String context = "seed " + seed + " on " + cluster.name();

            RunSummary s = result.summary();
            assertThat(s.jobsCompleted() + s.jobsDropped()).as(context).isEqualTo(workload.size());
            for (JobRecord r : result.jobs()) {
                if (r.completed()) {
                    assertThat(r.start()).as(context).isGreaterThanOrEqualTo(r.job().arrival());
                    assertThat(r.finish()).as(context).isGreaterThan(r.start());
                    assertThat(r.duration()).as(context).isGreaterThanOrEqualTo(r.job().baseDuration() - 1e-9);
                } else {
                    assertThat(r.dropReason()).as(context).isNotBlank();
                }
            }
            // Busy intervals of every VM are ordered and disjoint: the clock never went back.
            for (var vm : result.vms()) {
                for (int i = 0; i < vm.intervals(); i++) {
                    assertThat(vm.intervalEnd(i)).as(context).isGreaterThan(vm.intervalStart(i));
                    if (i > 0) {
                        assertThat(vm.intervalStart(i)).as(context).isGreaterThan(vm.intervalEnd(i - 1));
                    }
                }
            }

            StringWriter trace = new StringWriter();
            ScheduleTrace.write(result, trace);
            ScheduleTraceCheck.Report check = ScheduleTraceCheck.check(new BufferedReader(new StringReader(trace.toString())));
            assertThat(check.capacityErrors()).as(context).isEmpty();
            assertThat(check.recomputedCost()).as(context)
                    .isCloseTo(s.totalCost(), within(1e-9 * Math.max(1, s.totalCost())));
            assertThat(check.reportedCost()).as(context).isEqualTo(s.totalCost());
            assertThat(check.completedJobs()).as(context).isEqualTo(s.jobsCompleted());
        }
    }

    @Test
    void sameSeedGivesIdenticalResults() {
        for (long seed = 0; seed < SEEDS; seed++) {
            RunResult a = runSeed(seed);
            RunResult b = runSeed(seed);
            assertThat(withoutDelays(a.summary())).as("seed " + seed).isEqualTo(withoutDelays(b.summary()));
            assertThat(a.jobs()).as("seed " + seed).isEqualTo(b.jobs());
        }
    }

    private static RunResult runSeed(long seed) {
        Random rng = new Random(seed);
        Cluster cluster = randomCluster(rng);
        Workload workload = randomWorkload(rng, 50);
        SimulationConfig config = randomConfig(rng, cluster, workload);
        return Simulation.run(cluster, workload, TestPolicies.random(seed), config);
    }

    private static RunSummary withoutDelays(RunSummary s) {
        return s.withoutDelays();
    }
}

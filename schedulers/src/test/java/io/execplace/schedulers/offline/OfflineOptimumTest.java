package io.execplace.schedulers.offline;

import io.execplace.core.metrics.CostLowerBound;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.TpdsWorkloadSpec;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class OfflineOptimumTest {

    private static final OfflineOptions OPTIONS = OfflineOptions.defaults();

    @Test
    void holdsASecondJobBackToShareTheFirstJobsVm() {
        // One VM of 2 cores at 1/s. Job A (0 s, 2 cores, 10 s) and job B (arrives 1 s, 1 core, 4 s):
        // B cannot run beside A, so it must wait anyway; the cheapest schedule runs B right after A.
        Cluster c = Cluster.builder("one").add(new VmType("v", 2, 4), Site.CLOUD, 1, 1).build();
        List<Job> jobs = List.of(new Job(0, JobType.GENERIC, 0, 1, 2, 1, 10, Job.NO_DEADLINE),
                new Job(1, JobType.GENERIC, 1, 1, 1, 1, 4, Job.NO_DEADLINE));
        OfflineResult r = OfflineOptimum.solve(c, DurationModel.none(), Billing.EXACT, jobs, OPTIONS);
        assertThat(r.status()).isEqualTo(OfflineResult.Status.OPTIMAL);
        assertThat(r.exactGrid()).isTrue();
        assertThat(r.cost()).isEqualTo(14.0);
        assertThat(r.schedule().start(1)).isEqualTo(10.0);
        assertThat(r.gap()).isZero();
    }

    @Test
    void delaysAJobSoThatACheapVmRunsBothInsteadOfADearOne() {
        // VM0: 2 cores at 1/s, VM1: 2 cores at 5/s. A: 0 s, 2 cores, 10 s. B: 0 s, 2 cores, 2 s.
        // Online both start at once (B on VM1: 10 + 10 = 20); offline B waits for VM0: 12.
        Cluster c = Cluster.builder("two").add(new VmType("v", 2, 4), Site.CLOUD, 1, 1)
                .add(new VmType("v", 2, 4), Site.CLOUD, 1, 5).build();
        List<Job> jobs = List.of(new Job(0, JobType.GENERIC, 0, 1, 2, 1, 10, Job.NO_DEADLINE),
                new Job(1, JobType.GENERIC, 0, 1, 2, 1, 2, Job.NO_DEADLINE));
        OfflineResult r = OfflineOptimum.solve(c, DurationModel.none(), Billing.EXACT, jobs, OPTIONS);
        assertThat(r.cost()).isEqualTo(12.0);
        assertThat(r.schedule().placement(0)).isEqualTo(Placement.of(0));
        assertThat(r.schedule().placement(1)).isEqualTo(Placement.of(0));
        assertThat(r.bound()).isEqualTo(12.0);
    }

    @Test
    void agreesWithBruteForceOnTinyWorkloads() {
        int checked = 0;
        for (long seed = 1; seed <= 30; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Cluster cluster = tinyCluster(rnd);
            // Factor 2 keeps every penalised duration whole, so enumeration over whole seconds is exact.
            DurationModel model = new DurationModel(true, cluster.hasSite(Site.LOCAL), 2);
            List<Job> jobs = tinyJobs(rnd, cluster);
            double brute = BruteForceSchedule.cheapest(cluster, model, jobs);
            OfflineResult r = OfflineOptimum.solve(cluster, model, Billing.EXACT, jobs, OPTIONS);
            assertThat(r.status()).as("seed %d", seed).isEqualTo(OfflineResult.Status.OPTIMAL);
            assertThat(r.exactGrid()).isTrue();
            assertThat(r.cost()).as("seed %d: %s", seed, jobs).isCloseTo(brute, within(1e-9));
            assertThat(r.bound()).isCloseTo(brute, within(1e-9));
            checked++;
        }
        assertThat(checked).isEqualTo(30);
    }

    @Test
    void theReferenceIsNeverAboveAnySchedulerNorBelowTheLowerBound() {
        // The search starts from the cheapest scheduler's schedule (the unhinted search does not
        // always reach it within a short limit: see docs/offline-optimum.md). A work limit instead
        // of wall time keeps every result identical on every machine.
        OfflineOptions limited = OPTIONS.withDeterministicLimit(0.1);
        Cluster cluster = ClusterPresets.tpdsCode();
        int compared = 0;
        for (long seed = 1; seed <= 8; seed++) {
            Workload w = TpdsWorkloadSpec.burst().withJobs(6).withSeed(seed).generate();
            SimulationConfig config = SimulationConfig.defaults(cluster, w);
            long s = seed;
            OfflineReference ref = OfflineReference.compute(cluster, w, config, Schedulers.names(),
                    name -> Schedulers.create(name, s), limited);
            OfflineResult r = ref.optimum();
            assertThat(r.hasSchedule()).isTrue();
            assertThat(r.exactGrid()).isTrue();
            assertThat(r.schedule().jobs()).hasSize(w.size());
            double bound = CostLowerBound.of(cluster, config.durationModel(), w.jobs());
            assertThat(ref.lowerBound()).isEqualTo(bound);
            assertThat(r.bound()).isGreaterThanOrEqualTo(bound).isLessThanOrEqualTo(r.cost());
            for (String name : Schedulers.names()) {
                double cost = ref.costs().get(name);
                if (!Double.isNaN(cost)) {
                    assertThat(r.cost()).as("seed %d vs %s", seed, name).isLessThanOrEqualTo(cost * (1 + 1e-9));
                    compared++;
                }
            }
        }
        assertThat(compared).isGreaterThanOrEqualTo(8 * 7);
    }

    @Test
    void startsFromAHintAndNeverEndsAboveIt() {
        Cluster cluster = ClusterPresets.tpdsCode();
        Workload w = TpdsWorkloadSpec.normal().withJobs(8).withSeed(3).generate();
        SimulationConfig config = SimulationConfig.defaults(cluster, w);
        RunResult run = Simulation.run(cluster, w, Schedulers.create("first-fit", 1), config);
        OfflineSchedule hint = OfflineSchedule.of(run);
        assertThat(hint.cost()).isCloseTo(run.summary().totalCost(), within(1e-9));
        assertThat(hint.meanTurnaround()).isCloseTo(run.summary().meanTurnaround(), within(1e-9));
        OfflineResult hinted = OfflineOptimum.solve(cluster, config.durationModel(), Billing.EXACT, w.jobs(),
                OPTIONS.withDeterministicLimit(0.2).withHint(hint));
        assertThat(hinted.cost()).isLessThanOrEqualTo(hint.cost() * (1 + 1e-9));
        assertThat(hinted.gap()).isBetween(0.0, 1.0);
    }

    @Test
    void refusesOtherBillingRules() {
        Cluster cluster = ClusterPresets.tpdsCode();
        assertThatThrownBy(() -> OfflineOptimum.solve(cluster, DurationModel.none(), Billing.HOURLY, List.of(), OPTIONS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("exact billing");
    }

    private static Cluster tinyCluster(SplittableRandom rnd) {
        Cluster.Builder b = Cluster.builder("tiny");
        int vms = 2 + rnd.nextInt(2);
        for (int v = 0; v < vms; v++) {
            int cores = 2 + rnd.nextInt(3);
            b.add(new VmType("t" + cores, cores, 2 + rnd.nextInt(5)), rnd.nextBoolean() ? Site.LOCAL : Site.CLOUD,
                    1, 1 + rnd.nextInt(3));
        }
        return b.build();
    }

    private static List<Job> tinyJobs(SplittableRandom rnd, Cluster cluster) {
        int n = 2 + rnd.nextInt(3);
        JobType[] types = JobType.values();
        List<Job> jobs = new ArrayList<>();
        while (jobs.size() < n) {
            int executors = n == 4 ? 1 : 1 + rnd.nextInt(2);
            Job job = new Job(jobs.size(), types[rnd.nextInt(types.length)], rnd.nextInt(4), executors,
                    1 + rnd.nextInt(2), 1 + rnd.nextInt(3), 1 + rnd.nextInt(2), Job.NO_DEADLINE);
            if (cluster.executorCapacityWhenEmpty(job.coresPerExecutor(), job.memoryGbPerExecutor()) >= executors) {
                jobs.add(job);
            }
        }
        jobs.sort((a, b) -> Double.compare(a.arrival(), b.arrival()));
        return jobs;
    }
}

package io.execplace.schedulers;

import io.execplace.core.metrics.CostLowerBound;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lower bound never exceeds the cost of any scheduler: random small clusters (free VMs and
 * equal prices included), random workloads, penalties, queue orders, admission and billing, every
 * registered scheduler, several hundred runs.
 */
class CostLowerBoundPropertyTest {

    private static final int SCENARIOS = 110;
    private static final int[] CORES = {2, 4, 8, 12};
    private static final double[] MEMORY = {4, 8, 16, 32, 48};

    @Test
    void theBoundNeverExceedsTheCostOfAnyRun() {
        int runs = 0;
        int positive = 0;
        double tightest = Double.POSITIVE_INFINITY;
        for (long seed = 0; seed < SCENARIOS; seed++) {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
            Cluster cluster = randomCluster(rng);
            Workload workload = randomWorkload(rng);
            DurationModel model = new DurationModel(rng.nextBoolean(), rng.nextBoolean(), 1 + rng.nextInt(6) * 0.1);
            SimulationConfig config = SimulationConfig.defaults(cluster, workload)
                    .withDurationModel(model)
                    .withQueue(rng.nextBoolean() ? QueuePolicy.FCFS : QueuePolicy.EDF)
                    .withDeadlineAdmission(rng.nextInt(4) == 0)
                    .withBilling(Billing.values()[rng.nextInt(Billing.values().length)]);
            for (String scheduler : Schedulers.names()) {
                RunResult run = Simulation.run(cluster, workload, Schedulers.create(scheduler, seed), config);
                double cost = run.summary().totalCost();
                double bound = CostLowerBound.ofRun(run);
                String where = "seed " + seed + ", " + scheduler + ", " + config;
                assertThat(bound).as(where).isGreaterThanOrEqualTo(0).isLessThanOrEqualTo(cost * (1 + 1e-9) + 1e-12);
                runs++;
                if (bound > 0) {
                    positive++;
                    tightest = Math.min(tightest, cost / bound);
                }
            }
        }
        assertThat(runs).isGreaterThanOrEqualTo(800);
        // Not vacuous: most bounds are positive, and some runs come close to theirs.
        assertThat(positive).isGreaterThan(runs / 2);
        assertThat(tightest).isLessThan(1.2);
    }

    private static Cluster randomCluster(UniformRandomProvider rng) {
        Cluster.Builder b = Cluster.builder("random");
        int n = 1 + rng.nextInt(6);
        for (int i = 0; i < n; i++) {
            b.add(Fixtures.shape(CORES[rng.nextInt(CORES.length)], MEMORY[rng.nextInt(MEMORY.length)]),
                    rng.nextBoolean() ? Site.LOCAL : Site.CLOUD, 1, rng.nextInt(4) * 0.001);
        }
        return b.build();
    }

    private static Workload randomWorkload(UniformRandomProvider rng) {
        List<Job> jobs = new ArrayList<>();
        int count = 5 + rng.nextInt(20);
        double t = 0;
        JobType[] types = JobType.values();
        for (int id = 0; id < count; id++) {
            t += rng.nextInt(60);
            double base = 10 + rng.nextInt(150);
            double deadline = rng.nextBoolean() ? t + base * (1 + rng.nextInt(3)) + rng.nextInt(200) : Job.NO_DEADLINE;
            jobs.add(new Job(id, types[rng.nextInt(types.length)], t, 1 + rng.nextInt(6), 1 + rng.nextInt(6),
                    1 + rng.nextInt(12), base, deadline));
        }
        return new Workload("random", jobs);
    }
}

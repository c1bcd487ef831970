package io.execplace.schedulers.milp;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.rules.DurationModel;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * Random decision instances for property tests: a small cluster of mixed shapes, sites and prices
 * (free VMs and equal prices included, so ties occur), a random duration model, some running jobs
 * and a job to place.
 */
final class RandomInstances {

    private static final int[] CORES = {2, 4, 6, 8, 12};
    private static final double[] MEMORY = {3.5, 8, 12, 16, 24.5, 48};

    private RandomInstances() {
    }

    /** A partly busy state of {@code minVms..maxVms} random VMs, the clock moved on. */
    static ClusterState state(UniformRandomProvider rng, int minVms, int maxVms) {
        Cluster.Builder b = Cluster.builder("random");
        int n = minVms + rng.nextInt(maxVms - minVms + 1);
        for (int i = 0; i < n; i++) {
            int cores = CORES[rng.nextInt(CORES.length)];
            double memory = MEMORY[rng.nextInt(MEMORY.length)];
            Site site = rng.nextBoolean() ? Site.LOCAL : Site.CLOUD;
            double price = rng.nextInt(4) * 0.001;
            b.add(new VmType(cores + "c/" + memory, cores, memory), site, 1, price);
        }
        Cluster cluster = b.build();
        ClusterState state = new ClusterState(cluster, durationModel(rng));
        double now = rng.nextInt(100);
        state.advanceTo(now);
        int running = rng.nextInt(5);
        for (int j = 0; j < running; j++) {
            Job job = job(rng, j, false);
            double finish = now + 1 + rng.nextInt(300);
            for (int x = 0; x < job.executors(); x++) {
                int vm = rng.nextInt(n);
                if (state.fits(vm, job)) {
                    state.addExecutor(vm, job, finish);
                }
            }
        }
        state.advanceTo(now + rng.nextInt(50));
        return state;
    }

    /** No penalties, either one, or both; factor 1.3 or another. */
    private static DurationModel durationModel(UniformRandomProvider rng) {
        double factor = rng.nextBoolean() ? DurationModel.PAPER_PENALTY : 1 + rng.nextInt(10) * 0.1;
        return new DurationModel(rng.nextBoolean(), rng.nextBoolean(), factor);
    }

    /** A job of any type, 1-6 executors, arriving at 0; with a deadline only when asked (then 50/50). */
    static Job job(UniformRandomProvider rng, int id, boolean maybeDeadline) {
        JobType[] types = JobType.values();
        double base = 10 + rng.nextInt(200);
        double deadline = maybeDeadline && rng.nextBoolean() ? 100 + rng.nextInt(400) : Job.NO_DEADLINE;
        return new Job(id, types[rng.nextInt(types.length)], 0, 1 + rng.nextInt(6), 1 + rng.nextInt(6),
                0.5 * (2 + rng.nextInt(19)), base, deadline);
    }
}

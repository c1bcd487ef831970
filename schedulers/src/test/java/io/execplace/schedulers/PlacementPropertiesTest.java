package io.execplace.schedulers;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.rules.DurationModel;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Property check over 200 seeds of random small clusters, random partly busy states and random
 * jobs: every scheduler returns either none or a placement of exactly E executors that fits, leaves
 * the view untouched, and gives up only when it must (the cluster, or for AsQ each site, has no
 * room for the whole job).
 */
class PlacementPropertiesTest {

    private static final int SEEDS = 200;
    private static final int JOBS_PER_STATE = 6;
    private static final int[] CORES = {2, 4, 6, 8, 12, 16};
    private static final double[] MEMORY = {3.5, 8, 12, 16, 24.5, 48};

    @Test
    void everySchedulerReturnsNoneOrAValidCompletePlacement() {
        // One instance per scheduler for all seeds, so reuse across calls and cluster sizes is
        // exercised too.
        Map<String, PlacementPolicy> policies = new LinkedHashMap<>();
        for (String name : Schedulers.names()) {
            policies.put(name, Schedulers.create(name, 11));
        }
        int placed = 0;
        int refused = 0;
        for (long seed = 0; seed < SEEDS; seed++) {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
            ClusterState state = randomState(rng);
            for (int k = 0; k < JOBS_PER_STATE; k++) {
                Job job = randomJob(rng, 100 + k);
                for (Map.Entry<String, PlacementPolicy> e : policies.entrySet()) {
                    String where = "seed " + seed + ", job " + job + ", " + e.getKey();
                    double[] before = snapshot(state);
                    Placement p = e.getValue().place(job, state);
                    assertThat(snapshot(state)).as(where + ": view changed").isEqualTo(before);
                    assertThat(p).as(where).isNotNull();
                    if (p.isNone()) {
                        refused++;
                        assertThat(mustPlace(e.getKey(), job, state)).as(where + ": refused a job that fits").isFalse();
                    } else {
                        placed++;
                        assertThat(p.executors()).as(where).isEqualTo(job.executors());
                        assertThat(state.validate(job, p)).as(where + " " + p).isNull();
                        checkRule(e.getKey(), job, state, p, where);
                    }
                }
            }
        }
        // The generator must produce both outcomes often, or the check proves little.
        assertThat(placed).isGreaterThan(1000);
        assertThat(refused).isGreaterThan(200);
    }

    /** Whether the scheduler is bound to find a placement in this state. */
    private static boolean mustPlace(String scheduler, Job job, ClusterView view) {
        int e = job.executors();
        if (scheduler.equals("asq")) {
            return room(view, job, Site.LOCAL) >= e || room(view, job, Site.CLOUD) >= e;
        }
        return room(view, job, null) >= e;
    }

    /** Rule-specific facts a placement must show. */
    private static void checkRule(String scheduler, Job job, ClusterView view, Placement p, String where) {
        int e = job.executors();
        switch (scheduler) {
            case "asq" -> {
                Site site = room(view, job, Site.LOCAL) >= e ? Site.LOCAL : Site.CLOUD;
                for (int vm : p.toArray()) {
                    assertThat(view.vm(vm).site()).as(where + ": split or wrong site").isEqualTo(site);
                }
            }
            case "gio" -> {
                if (room(view, job, Site.LOCAL) >= e) {
                    assertThat(DurationModel.allLocal(p, view.cluster())).as(where + ": local fits").isTrue();
                }
            }
            case "aep" -> {
                if (job.type() == JobType.PAGERANK && maxRoomOnOneVm(view, job) >= e) {
                    assertThat(p.distinctVms()).as(where + ": not consolidated").isEqualTo(1);
                }
            }
            case "round-robin" -> {
                // Spreading: no VM gets a second executor while another VM with room has none.
                if (vmsWithRoom(view, job) >= e) {
                    assertThat(p.distinctVms()).as(where + ": not spread").isEqualTo(e);
                }
            }
            default -> {
            }
        }
    }

    private static int room(ClusterView view, Job job, Site site) {
        int total = 0;
        for (int vm = 0; vm < view.vmCount(); vm++) {
            if (site == null || view.vm(vm).site() == site) {
                total += view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor());
            }
        }
        return total;
    }

    private static int maxRoomOnOneVm(ClusterView view, Job job) {
        int max = 0;
        for (int vm = 0; vm < view.vmCount(); vm++) {
            max = Math.max(max, view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor()));
        }
        return max;
    }

    private static int vmsWithRoom(ClusterView view, Job job) {
        int count = 0;
        for (int vm = 0; vm < view.vmCount(); vm++) {
            if (view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor()) > 0) {
                count++;
            }
        }
        return count;
    }

    /** Everything a policy can read from the view, flattened. */
    private static double[] snapshot(ClusterView view) {
        int n = view.vmCount();
        double[] s = new double[1 + 4 * n];
        s[0] = view.now();
        for (int vm = 0; vm < n; vm++) {
            s[1 + 4 * vm] = view.freeCores(vm);
            s[2 + 4 * vm] = view.freeMemoryGb(vm);
            s[3 + 4 * vm] = view.executorsOn(vm);
            s[4 + 4 * vm] = view.remainingBusyTime(vm);
        }
        return s;
    }

    /** 1-6 VMs of random shape, site and price, some executors running, the clock moved on. */
    private static ClusterState randomState(UniformRandomProvider rng) {
        Cluster.Builder b = Cluster.builder("random");
        int n = 1 + rng.nextInt(6);
        for (int i = 0; i < n; i++) {
            Site site = rng.nextBoolean() ? Site.LOCAL : Site.CLOUD;
            double price = rng.nextInt(4) * 0.001; // includes free VMs, and ties
            b.add(Fixtures.shape(CORES[rng.nextInt(CORES.length)], MEMORY[rng.nextInt(MEMORY.length)]), site, 1, price);
        }
        Cluster cluster = b.build();
        DurationModel model = rng.nextBoolean() ? DurationModel.none() : DurationModel.defaultsFor(cluster, true);
        ClusterState state = new ClusterState(cluster, model);
        double now = rng.nextInt(100);
        state.advanceTo(now);
        int running = rng.nextInt(6);
        for (int j = 0; j < running; j++) {
            Job job = randomJob(rng, j);
            double finish = now + 1 + rng.nextInt(300);
            for (int x = 0; x < job.executors(); x++) {
                int vm = rng.nextInt(n);
                if (state.fits(vm, job)) {
                    state.addExecutor(vm, job, finish);
                }
            }
        }
        state.advanceTo(now + rng.nextInt(50)); // some VMs may now report 0 s remaining
        return state;
    }

    private static Job randomJob(UniformRandomProvider rng, int id) {
        JobType[] types = JobType.values();
        return new Job(id, types[rng.nextInt(types.length)], 0, 1 + rng.nextInt(8), 1 + rng.nextInt(6),
                0.5 * (2 + rng.nextInt(19)), 10 + rng.nextInt(200), Job.NO_DEADLINE);
    }

    @Test
    void snapshotDetectsChanges() {
        // Guards the property above against a snapshot that could never differ.
        ClusterState state = randomState(RandomSource.XO_RO_SHI_RO_128_PP.create(1));
        double[] before = snapshot(state);
        List<Integer> fitting = new ArrayList<>();
        Job tiny = new Job(1, JobType.GENERIC, 0, 1, 1, 0.5, 10, Job.NO_DEADLINE);
        for (int vm = 0; vm < state.vmCount(); vm++) {
            if (state.fits(vm, tiny)) {
                fitting.add(vm);
            }
        }
        assertThat(fitting).isNotEmpty();
        state.addExecutor(fitting.get(0), tiny, state.now() + 10);
        assertThat(Arrays.equals(snapshot(state), before)).isFalse();
    }
}

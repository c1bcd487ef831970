package io.execplace.kubernetes;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.milp.Milp;
import io.execplace.schedulers.milp.MilpOptions;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One scenario through the simulator and through the scheduler: the same policy, cluster state and
 * jobs give the same placement, executor by executor.
 */
class SimulatorEquivalenceTest {

    private static final double SMALL_PER_HOUR = 0.10;
    private static final double LARGE_PER_HOUR = 0.40;

    /** Three local 4-core nodes and three cloud 8-core nodes, in name order (= VM order). */
    private static Cluster simulatorCluster() {
        return Cluster.builder("equivalence")
                .add(new VmType("small", 4, 16), Site.LOCAL, 3, SMALL_PER_HOUR / 3600)
                .add(new VmType("large", 8, 32), Site.CLOUD, 3, LARGE_PER_HOUR / 3600)
                .build();
    }

    /** Jobs arriving together; they all fit at once, so both sides place them in one pass. */
    private static List<Job> jobs() {
        return List.of(
                new Job(0, JobType.GENERIC, 0, 3, 2, 4, 300, Job.NO_DEADLINE),
                new Job(1, JobType.GENERIC, 0, 4, 1, 2, 900, Job.NO_DEADLINE),
                new Job(2, JobType.GENERIC, 0, 2, 4, 8, 120, Job.NO_DEADLINE),
                new Job(3, JobType.GENERIC, 0, 5, 2, 6, 600, Job.NO_DEADLINE),
                new Job(4, JobType.GENERIC, 0, 2, 1, 1, 60, Job.NO_DEADLINE));
    }

    @Test
    void gioPlacesAlike() {
        assertSamePlacement(Gio::new);
    }

    @Test
    void firstFitPlacesAlike() {
        assertSamePlacement(FirstFit::new);
    }

    @Test
    void milpPlacesAlike() {
        assertSamePlacement(() -> new Milp(MilpOptions.defaults()));
    }

    private static void assertSamePlacement(Supplier<PlacementPolicy> policy) {
        Cluster cluster = simulatorCluster();
        Workload workload = new Workload("equivalence", jobs());
        RunResult sim = Simulation.run(cluster, workload, policy.get(), SimulationConfig.defaults(cluster, workload));
        Map<String, List<String>> expected = new HashMap<>();
        for (JobRecord r : sim.jobs()) {
            assertThat(r.start()).as("job %d starts at once in the simulator", r.job().id()).isZero();
            List<String> nodes = new ArrayList<>();
            for (int i = 0; i < r.placement().executors(); i++) {
                nodes.add(String.format("vm%02d", r.placement().vm(i)));
            }
            expected.put("spark/j" + r.job().id(), nodes);
        }

        try (MockCluster c = new MockCluster()) {
            for (int i = 0; i < cluster.size(); i++) {
                boolean local = cluster.vm(i).site() == Site.LOCAL;
                c.node(String.format("vm%02d", i), local ? "small" : "large", cluster.vm(i).cores(), (int) cluster.vm(i).memoryGb(),
                        Map.of("execplace.io/site", local ? "local" : "cloud"));
            }
            int pods = 0;
            for (Job j : jobs()) {
                for (int e = 1; e <= j.executors(); e++) {
                    c.executor("spark", "j" + j.id(), e, Integer.toString(j.coresPerExecutor()),
                            (int) j.memoryGbPerExecutor() + "Gi", "execplace",
                            Map.of("execplace.io/expected-duration-seconds", Double.toString(j.baseDuration())));
                    pods++;
                }
            }
            try (KubernetesScheduler s = Harness.start(c, policy.get(), Harness.settings().dryRun(true).build(),
                    new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, pods);
                Harness.awaitNodeCount(s, cluster.size());
                CycleReport report = s.scheduleOnce();
                Map<String, List<String>> actual = new HashMap<>();
                for (Decision d : report.bound()) {
                    actual.computeIfAbsent(d.application(), k -> new ArrayList<>()).add(d.node());
                }
                assertThat(actual).isEqualTo(expected);
            }
        }
    }
}

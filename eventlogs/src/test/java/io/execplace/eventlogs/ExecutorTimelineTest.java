package io.execplace.eventlogs;

import io.execplace.core.io.BadInputException;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

/** Executors as they came and went, their sizes from the log, and what the replay of what happened books. */
class ExecutorTimelineTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final double PRICE = 0.001; // per VM-second

    /** Every executor on VM 0 (a cluster of one VM with room for everything). */
    private static final PlacementPolicy ALL_ON_ONE = new PlacementPolicy() {
        @Override
        public String name() {
            return "all-on-one";
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            return Placement.wrap(new int[job.executors()]);
        }
    };

    @TempDir
    Path dir;

    private static Cluster fourHosts() {
        return Cluster.builder("four").add(new VmType("m", 4, 8), Site.CLOUD, 4, PRICE).build();
    }

    private EventLogImport.Imported byExecutors(Path log) throws IOException {
        return EventLogImport.workload(List.of(log), EventLogImport.Unit.EXECUTORS);
    }

    private static RunResult replayActual(EventLogImport.Imported imported, Cluster c) {
        HostMap hosts = HostMap.byOrder(LoggedPlacement.hosts(imported), c);
        SimulationConfig config = SimulationConfig.defaults(c, imported.workload()).withDurationModel(DurationModel.none());
        EventLogImport.Imported logged = EventLogImport.asLogged(imported);
        return Simulation.run(c, logged.workload(), new LoggedPlacement(logged, hosts), config);
    }

    @Test
    void dynamicAllocationIsReplayedAsTheExecutorsCameAndWent() throws IOException {
        // 15 executors added 12 s apart, each given back 30 s later but the last (held to the end): never
        // more than 3 alive at once, one per host (hosts in turn); the application ran 205 s.
        LogBuilder log = new LogBuilder("app-dyn", T0).property("spark.master", "spark://m:7077")
                .property("spark.executor.memory", "2g").property("spark.dynamicAllocation.enabled", "true").start();
        long[][] held = new long[15][];
        for (int i = 0; i < 15; i++) {
            long added = T0 + 5_000 + 12_000L * i;
            long removed = i < 14 ? added + 30_000 : T0 + 205_000;
            log.added(String.valueOf(i), "h" + (i % 4), 2, added);
            if (i < 14) {
                log.removed(String.valueOf(i), removed);
            }
            held[i] = new long[]{i % 4, added, removed};
        }
        Path file = log.end(T0 + 205_000).write(dir.resolve("app-dyn"));

        EventLogImport.Imported imported = byExecutors(file);
        assertThat(imported.workload().jobs()).hasSize(15).allSatisfy(j -> assertThat(j.executors()).isEqualTo(1));
        assertThat(imported.applications().get(0).peakExecutors()).isEqualTo(3);
        RunResult actual = replayActual(imported, fourHosts());
        ApplicationReplay replay = new ApplicationReplay(actual, EventLogImport.asLogged(imported));
        assertThat(replay.completed()).isEqualTo(1);
        assertThat(replay.dropped()).isZero();
        // Independently: each host's busy time is the union of its executors' spans (here they never overlap).
        double[] busy = new double[4];
        for (long[] h : held) {
            busy[(int) h[0]] += (h[2] - h[1]) / 1000.0;
        }
        double expected = (busy[0] + busy[1] + busy[2] + busy[3]) * PRICE;
        assertThat(expected).isCloseTo(0.452, offset(1e-12)); // 14 × 30 s + 32 s, not 3 executors × 205 s
        assertThat(actual.summary().totalCost()).isCloseTo(expected, offset(1e-9));
        assertThat(replay.meanTurnaround()).isCloseTo(205.0, offset(1e-9));
    }

    @Test
    void aRealDynamicAllocationLogIsBilledForWhatItsExecutorsHeld() throws IOException {
        // NVIDIA spark-rapids-tools' test log (Apache-2.0, public-logs/NOTICE.md): YARN, 15 executors added and
        // 14 removed over 205.291 s, never more than 2 on a host at once. Read apart with Python's json:
        // 498.370 executor-seconds held; its hosts busy 419.204 s in all (the union of each host's spans).
        Path log = dir.resolve("eventlog_4nodes_8cores_dynamic_alloc.zstd");
        try (java.io.InputStream in = getClass().getResourceAsStream("/public-logs/eventlog_4nodes_8cores_dynamic_alloc.zstd")) {
            java.nio.file.Files.copy(in, log);
        }
        EventLogImport.Imported imported = byExecutors(log);
        long held = imported.origins().stream().mapToLong(o -> o.executors().heldMs()).sum();
        long booked = imported.origins().stream().mapToLong(o -> o.executors().bookedMs()).sum();
        assertThat(held).isEqualTo(498_370);
        assertThat(booked).isBetween(held, held + 15 * ExecutorGroup.JOINED_MS);
        Cluster big = Cluster.builder("big").add(new VmType("huge", 4096, 65536), Site.CLOUD, 8, 1.0).build();
        RunResult actual = replayActual(imported, big);
        ApplicationReplay replay = new ApplicationReplay(actual, EventLogImport.asLogged(imported));
        assertThat(replay.dropped()).isZero();
        assertThat(replay.meanTurnaround()).isCloseTo(205.291, offset(1e-9));
        // Each VM is busy exactly while one of its host's executors is there.
        assertThat(actual.summary().totalCost()).isCloseTo(419.204, offset(1e-9));
        // The peak for the whole run would book 7 × 205.291 s = 1,437 executor-seconds.
        assertThat(imported.applications().get(0).peakExecutors()).isEqualTo(7);
        assertThat(booked).isLessThan(7 * 205_291L / 2);
    }

    @Test
    void aDynamicAllocationLogBecomesAnExecutorDemandTheSimulatorReplays() throws IOException {
        Path log = dir.resolve("eventlog_4nodes_8cores_dynamic_alloc.zstd");
        try (java.io.InputStream in = getClass().getResourceAsStream("/public-logs/eventlog_4nodes_8cores_dynamic_alloc.zstd")) {
            java.nio.file.Files.copy(in, log);
        }
        EventLogImport.Imported imported = EventLogImport.workload(List.of(log), EventLogImport.Unit.DYNAMIC);
        Job app = imported.workload().jobs().get(0);
        io.execplace.core.model.ExecutorDemand demand = imported.workload().demands().get(app.id());
        SparkApplication a = imported.applications().get(0);
        assertThat(app.baseDuration()).isCloseTo(205.291, offset(1e-9));
        assertThat(demand.most()).isEqualTo(a.peakExecutors());
        assertThat(app.executors()).isEqualTo(demand.least());
        double[] steps = demand.atSeconds();
        assertThat(steps[steps.length - 1]).isLessThan(app.baseDuration()); // no step for the releases at its end
        // Independently, from the executors' own spans: the executor-seconds of max(1, executors alive).
        List<long[]> events = new java.util.ArrayList<>();
        for (SparkApplication.Executor e : a.executors()) {
            events.add(new long[]{e.addedMs(), 1});
            events.add(new long[]{a.releasedMs(e), -1});
        }
        events.sort((x, y) -> x[0] != y[0] ? Long.compare(x[0], y[0]) : Long.compare(x[1], y[1]));
        double wanted = 0;
        long at = a.startMs();
        int alive = 0;
        for (long[] ev : events) {
            wanted += Math.max(1, alive) * (ev[0] - at) / 1000.0;
            at = ev[0];
            alive += (int) ev[1];
        }
        wanted += Math.max(1, alive) * (a.stopMs() - at) / 1000.0;
        assertThat(wanted).isGreaterThanOrEqualTo(498.370);
        // On a cluster with room for everything each executor comes when asked for and goes when given
        // back: the floor's time plus the added executors' is exactly that.
        Cluster one = Cluster.builder("one").add(new VmType("huge", 4096, 65536), Site.CLOUD, 1, 1.0).build();
        SimulationConfig config = SimulationConfig.defaults(one, imported.workload()).withDurationModel(DurationModel.none());
        RunResult run = Simulation.run(one, imported.workload(), ALL_ON_ONE, config);
        assertThat(run.jobs().get(0).finish() - run.jobs().get(0).start()).isCloseTo(205.291, offset(1e-9));
        assertThat(run.capacity().executorsCancelled()).isZero();
        assertThat(app.executors() * 205.291 + run.capacity().addedExecutorHours() * 3600).isCloseTo(wanted, offset(1e-6));
    }

    @Test
    void executorsAddedAndGivenBackTogetherAreOneGroupAndTheirOwnSizeIsKept() throws IOException {
        Path file = new LogBuilder("app-mixed", T0).property("spark.master", "spark://m:7077").start()
                .added("1", "h0", 2, T0 + 1_000).added("2", "h1", 2, T0 + 1_300).added("3", "h2", 4, T0 + 1_500)
                .end(T0 + 60_000).write(dir.resolve("app-mixed"));
        EventLogImport.Imported imported = byExecutors(file);
        assertThat(imported.workload().jobs()).extracting(Job::executors, Job::coresPerExecutor)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(2, 2), org.assertj.core.groups.Tuple.tuple(1, 4));
        assertThat(imported.workload().jobs().get(0).baseDuration()).isEqualTo(59.0);
        // As one job per application the most common size is booked, and the import says so.
        EventLogImport.Imported whole = EventLogImport.workload(List.of(file), EventLogImport.Unit.APPLICATION);
        assertThat(whole.workload().jobs().get(0).coresPerExecutor()).isEqualTo(2);
        assertThat(whole.report().assumptions()).anySatisfy(a -> assertThat(a).contains("different numbers of cores"));
    }

    @Test
    void theDriverCountsInClusterModeAndMemoryOverheadComesFromTheLog() throws IOException {
        Path yarn = new LogBuilder("application_1_0001", T0).property("spark.master", "yarn")
                .property("spark.submit.deployMode", "cluster").property("spark.driver.host", "node-d")
                .property("spark.driver.cores", "2").property("spark.driver.memory", "2g")
                .property("spark.executor.memory", "4g").property("spark.executor.memoryOverhead", "1g").start()
                .added("1", "node-a", 3, T0 + 2_000).added("2", "node-b", 3, T0 + 2_100).end(T0 + 30_000)
                .write(dir.resolve("yarn/application_1_0001"));
        EventLogImport.Imported imported = byExecutors(yarn);
        List<ExecutorGroup> groups = imported.origins().stream().map(EventLogImport.Origin::executors).toList();
        assertThat(groups).hasSize(2);
        assertThat(groups.get(0).driver()).isTrue();
        assertThat(groups.get(0).hosts()).containsExactly("node-d");
        assertThat(groups.get(0).cores()).isEqualTo(2);
        assertThat(groups.get(0).memoryGb()).isEqualTo(2 + 384 / 1024.0); // the overhead's floor, 384 MiB
        assertThat(groups.get(0).toMs() - groups.get(0).fromMs()).isEqualTo(30_000);
        assertThat(groups.get(1).memoryGb()).isEqualTo(5.0);

        Path k8s = new LogBuilder("spark-abc", T0).property("spark.master", "k8s://https://api:6443")
                .property("spark.executor.memory", "10g").property("spark.kubernetes.memoryOverheadFactor", "0.2").start()
                .added("1", "10.0.0.7", 1, T0 + 1_000).end(T0 + 9_000).write(dir.resolve("k8s/spark-abc"));
        EventLogImport.Imported pods = byExecutors(k8s);
        assertThat(pods.applications().get(0).kubernetes()).isTrue();
        assertThat(pods.workload().jobs()).singleElement().satisfies(j -> assertThat(j.memoryGbPerExecutor()).isEqualTo(12.0));
        assertThat(pods.report().assumptions()).anySatisfy(a -> assertThat(a).contains("client-mode"));

        // Standalone workers give an executor its JVM memory only.
        Path standalone = new LogBuilder("app-s", T0).property("spark.master", "spark://m:7077")
                .property("spark.executor.memory", "4g").start().added("1", "h", 1, T0 + 1).end(T0 + 9_000)
                .write(dir.resolve("standalone/app-s"));
        assertThat(byExecutors(standalone).workload().jobs().get(0).memoryGbPerExecutor()).isEqualTo(4.0);
    }

    @Test
    void anUnfinishedSparkJobEndsWithItsApplicationAndIsCountedAndAnEndWithoutStartIsReported() throws IOException {
        Path file = new LogBuilder("app-cut", T0).start().added("1", "h", 1, T0 + 500)
                .jobStart(0, T0 + 1_000).jobEnd(0, T0 + 4_000).jobStart(1, T0 + 5_000).jobEnd(7, T0 + 6_000)
                .taskEnd(T0 + 9_500).write(dir.resolve("app-cut"));
        EventLogImport.Imported jobs = EventLogImport.workload(List.of(file), EventLogImport.Unit.JOB);
        assertThat(jobs.workload().jobs()).extracting(Job::baseDuration).containsExactly(3.0, 4.5);
        assertThat(jobs.report().incompleteJobs()).isEqualTo(1);
        assertThat(jobs.report().incompleteApplications()).isEqualTo(1);
        assertThat(jobs.report().messages()).anySatisfy(m -> assertThat(m).contains("1 JobEnd event(s) without their JobStart"));
        assertThat(jobs.report().summary()).contains("1 Spark job(s) without an end");

        // An executor line from another run (a year later) is left out, not taken as a year-long application.
        Path spliced = new LogBuilder("app-spliced", T0).start().added("1", "h", 1, T0 + 500)
                .added("2", "h", 1, T0 + 365L * 86_400_000).jobStart(0, T0 + 1_000).jobEnd(0, T0 + 4_000)
                .write(dir.resolve("spliced/app-spliced"));
        EventLogImport.Imported s = EventLogImport.workload(List.of(spliced), EventLogImport.Unit.APPLICATION);
        assertThat(s.workload().jobs().get(0).baseDuration()).isEqualTo(4.0);
        assertThat(s.workload().jobs().get(0).executors()).isEqualTo(1);
        assertThat(s.report().messages()).anySatisfy(m -> assertThat(m).contains("executor 2 added at").contains("left out"));

        Path none = new LogBuilder("app-nojobs", T0).start().added("1", "h", 1, T0 + 500).end(T0 + 2_000)
                .write(dir.resolve("nojobs/app-nojobs"));
        assertThatThrownBy(() -> EventLogImport.workload(List.of(none), EventLogImport.Unit.JOB))
                .isInstanceOf(BadInputException.class).hasMessageContaining("no Spark job in the event logs");
    }
}

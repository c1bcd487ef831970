package io.execplace.spark.profile;

import io.execplace.core.model.JobType;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.profile.DurationStats;
import io.execplace.core.profile.MeasuredProfile;
import io.execplace.core.profile.Measurement;
import io.execplace.core.profile.PlacementFactor;
import io.execplace.core.profile.ProfileCell;
import io.execplace.core.profile.Provenance;
import io.execplace.core.progress.ProgressListener;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeoutException;

/**
 * Runs a {@link ProfilePlan} on Spark and turns the measured runs into a {@link MeasuredProfile}.
 * Each executor count and layout gets its own Spark context (a standalone master lays executors out
 * once, when the application registers): on a {@code local-cluster} master the layout is set with
 * {@code spark.deploy.spreadOutApps}, read by the master this JVM starts; any other master lays
 * executors out as it is configured, so a consolidated layout needs a second master URL.
 */
final class Profiler {

    /** One measured run of a cell. */
    record RunRecord(ProfileCell cell, JobMetrics.Run run) {
    }

    /** Everything measured: the profile, every run, and what the layouts looked like. */
    record Result(MeasuredProfile profile, List<RunRecord> runs, List<String> notes) {
    }

    /**
     * Where to run.
     *
     * @param spreadMaster       master URL for single-executor and spread-out runs
     * @param consolidatedMaster master URL for consolidated runs (the same for local-cluster)
     * @param executorCores      cores per executor
     * @param executorMemory     memory per executor, Spark's notation ({@code 512m})
     * @param extraConf          more Spark settings, {@code key=value}
     */
    record Target(String spreadMaster, String consolidatedMaster, int executorCores, String executorMemory,
                  Map<String, String> extraConf) {

        Target {
            extraConf = Map.copyOf(extraConf);
        }

        boolean localCluster() {
            return spreadMaster.startsWith("local-cluster[");
        }
    }

    private final ProfilePlan plan;
    private final Target target;
    private final Path eventLogs;

    /**
     * @param eventLogs an existing folder where Spark writes the event log of every application the
     *                  profile starts (what {@code import-eventlogs} and {@code whatif} read), or null for none
     */
    Profiler(ProfilePlan plan, Target target, Path eventLogs) {
        this.plan = plan;
        this.target = target;
        this.eventLogs = eventLogs;
    }

    Result run(String name, ProgressListener progress) throws Exception {
        List<RunRecord> records = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        String sparkVersion = null;
        JobMetrics metrics = new JobMetrics();
        int group = 0;
        for (int executors : plan.executorCounts()) {
            List<PlacementPreference> layouts = executors == 1 ? List.of(PlacementPreference.SPREAD)
                    : List.of(PlacementPreference.SPREAD, PlacementPreference.CONSOLIDATE);
            for (PlacementPreference layout : layouts) {
                try (JavaSparkContext sc = new JavaSparkContext(conf(executors, layout))) {
                    sc.setLogLevel("ERROR");
                    sc.sc().addSparkListener(metrics);
                    sparkVersion = sc.version();
                    for (JobType type : plan.types()) {
                        for (int s = 0; s < plan.sizesMb().size(); s++) {
                            int mb = plan.sizesMb().get(s);
                            SparkJobs.Input input = SparkJobs.input(sc, type, mb, plan.seed());
                            if (s == 0) { // warm-up: class loading and JIT of this type's code, not measured
                                SparkJobs.run(input);
                            }
                            // one executor is always well placed: recorded in the type's preferred layout
                            PlacementPreference recorded = executors == 1 ? type.preference() : layout;
                            ProfileCell cell = new ProfileCell(type, mb, executors, recorded);
                            for (int r = 0; r < plan.repetitions(); r++) {
                                String id = "execplace-profile-" + (++group);
                                sc.setJobGroup(id, cell.toString(), false);
                                SparkJobs.run(input);
                                sc.clearJobGroup();
                                drain(sc);
                                records.add(new RunRecord(cell, metrics.run(id)));
                                progress.advanced(records.size(), plan.runs(),
                                        type.label() + " " + mb + " MB x" + executors + " " + layoutName(layout));
                            }
                            input.release();
                        }
                    }
                    int workers = JobMetrics.workers(sc);
                    notes.add(executors + " executor" + (executors == 1 ? "" : "s") + ", " + layoutName(layout) + ": "
                            + workers + " distinct Worker" + (workers == 1 ? "" : "s") + " hosted them");
                }
            }
        }
        // Other work on the machine slows the runs down and spreads them out: say how busy it was.
        notes.add(String.format(Locale.ROOT, "System load average (1 minute) %.1f when profiling started, %.1f when it "
                + "ended, on %d cores.", loadBefore, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors()));
        Provenance provenance = new Provenance(masterLabel(), machine(), sparkVersion, plan.repetitions(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), plan.seed());
        return new Result(profile(name, provenance, records), records, notes);
    }

    private SparkConf conf(int executors, PlacementPreference layout) {
        boolean spread = layout == PlacementPreference.SPREAD;
        SparkConf conf = new SparkConf()
                .setAppName("execplace-profile")
                .setMaster(spread ? target.spreadMaster() : target.consolidatedMaster())
                .set("spark.ui.enabled", "false")
                .set("spark.executor.cores", Integer.toString(target.executorCores()))
                .set("spark.cores.max", Integer.toString(executors * target.executorCores()))
                .set("spark.executor.instances", Integer.toString(executors))
                .set("spark.executor.memory", target.executorMemory())
                // Kryo, as production Spark deployments shuffle: Java serialization would dominate PageRank
                .set("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                // measure only once every executor is up
                .set("spark.scheduler.minRegisteredResourcesRatio", "1.0")
                .set("spark.scheduler.maxRegisteredResourcesWaitingTime", "300s");
        if (target.localCluster()) {
            conf.set("spark.deploy.spreadOutApps", Boolean.toString(spread))
                    .set("spark.driver.host", "127.0.0.1")
                    .set("spark.driver.bindAddress", "127.0.0.1");
        }
        if (eventLogs != null) {
            conf.set("spark.eventLog.enabled", "true").set("spark.eventLog.dir", eventLogs.toUri().toString());
        }
        target.extraConf().forEach(conf::set);
        return conf;
    }

    private static void drain(JavaSparkContext sc) throws TimeoutException {
        // Listener events arrive on Spark's own thread: wait until the bus has delivered every one.
        sc.sc().listenerBus().waitUntilEmpty();
    }

    private String masterLabel() {
        return target.spreadMaster().equals(target.consolidatedMaster()) ? target.spreadMaster()
                : target.spreadMaster() + " (spread), " + target.consolidatedMaster() + " (consolidated)";
    }

    /** The profile of the measured runs: per cell the statistics, per type the measured placement ratio. */
    static MeasuredProfile profile(String name, Provenance provenance, List<RunRecord> records) {
        Map<ProfileCell, List<RunRecord>> byCell = new LinkedHashMap<>();
        for (RunRecord r : records) {
            byCell.computeIfAbsent(r.cell(), c -> new ArrayList<>()).add(r);
        }
        List<Measurement> measurements = new ArrayList<>();
        byCell.forEach((cell, runs) -> {
            double[] seconds = runs.stream().mapToDouble(r -> r.run().seconds()).toArray();
            DurationStats d = DurationStats.of(seconds);
            DurationStats rounded = new DurationStats(d.runs(), millis(d.meanSeconds()), millis(d.sdSeconds()),
                    millis(d.minSeconds()), millis(d.maxSeconds()));
            long shuffle = Math.round(runs.stream().mapToLong(r -> r.run().shuffleBytes()).average().orElse(0));
            int stages = runs.get(0).run().stages();
            measurements.add(new Measurement(cell, rounded, stages, shuffle));
        });
        Map<JobType, PlacementFactor> factors = new EnumMap<>(JobType.class);
        for (JobType t : MeasuredProfile.TYPES) {
            double ratio = MeasuredProfile.measuredRatio(t, measurements);
            factors.put(t, Double.isNaN(ratio) ? new PlacementFactor(1, Double.NaN)
                    : PlacementFactor.measured(Math.round(ratio * 10_000) / 10_000.0));
        }
        return new MeasuredProfile(name, provenance, factors, measurements);
    }

    private static double millis(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }

    static String layoutName(PlacementPreference layout) {
        return MeasuredProfile.layoutLabel(layout);
    }

    /** This machine in one line: host, cores, memory, OS, Java. */
    static String machine() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown host";
        }
        long memory = 0;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return String.format(Locale.ROOT, "%s, %d cores, %.0f GB, %s %s, Java %s", host,
                Runtime.getRuntime().availableProcessors(), memory / 1e9, System.getProperty("os.name"),
                System.getProperty("os.version"), System.getProperty("java.version"));
    }
}

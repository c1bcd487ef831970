package io.execplace.spark.profile;

import io.execplace.cli.output.Progress;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.StagedFolder;
import io.execplace.core.profile.MeasuredProfile;
import io.execplace.core.profile.ProfileFile;
import io.execplace.spark.master.MasterUrl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code execplace profile}: measures WordCount, Sort and PageRank on Spark and writes a job-type profile. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = {"Run real WordCount, Sort and PageRank jobs on Spark and write a job-type profile.",
                "For each type, input size and executor count it runs the spread-out and the consolidated layout",
                "(standalone spark.deploy.spreadOutApps) several times, measures each run with a SparkListener and",
                "writes DIR/profile.csv (use it with --profile FILE), DIR/runs.csv and DIR/report.html.",
                "The default master is a local-cluster started by this command: real standalone Master, Workers",
                "and executor JVMs on this machine (docs/profile.md)."})
public final class ProfileCommand implements Callable<Integer> {

    /** The default master: 2 Workers of 2 cores and 1536 MB, so that 2 executors can share one Worker. */
    public static final String DEFAULT_MASTER = "local-cluster[2,2,1536]";
    private static final Pattern LOCAL_CLUSTER = Pattern.compile("local-cluster\\[(\\d+),(\\d+),(\\d+)]");
    private static final Pattern MEMORY = Pattern.compile("([1-9][0-9]{0,6})([mg])");

    @Spec
    CommandSpec spec;

    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master: local-cluster[N,CORES,MB] (default " + DEFAULT_MASTER + "), spark://HOST:PORT "
                    + "or k8s://HOST:PORT (its own layout is used for the spread-out runs).")
    String master;

    @Option(names = "--consolidated-master", paramLabel = "URL",
            description = "Master for the consolidated runs when --master is not a local-cluster (a standalone master "
                    + "started with spark.deploy.spreadOutApps=false).")
    String consolidatedMaster;

    @Option(names = "--hosts", paramLabel = "N",
            description = "Run on N network hosts of this machine: Workers in network namespaces behind a bridge, a "
                    + "spreading and a consolidating Master (root; scripts/netns-spark.sh; docs/profile.md).")
    Integer hosts;

    @Option(names = "--link-bandwidth", paramLabel = "MBIT", description = "With --hosts: each host's link in Mbit/s (tc).")
    Integer linkBandwidth;

    @Option(names = "--link-latency", paramLabel = "MS", description = "With --hosts: each link's latency in ms (tc netem, "
            + "where the kernel has it).")
    Integer linkLatency;

    @Option(names = "--sizes", paramLabel = "MB,MB", split = ",", description = "Input sizes in MB (default 2,8; quick 1).")
    List<Integer> sizes;

    @Option(names = "--executors", paramLabel = "N,N", split = ",", description = "Executor counts (default 1,2; quick 2).")
    List<Integer> executors;

    @Option(names = "--repetitions", paramLabel = "N", description = "Measured runs per cell (default 3; quick 2).")
    Integer repetitions;

    @Option(names = "--executor-cores", paramLabel = "N", defaultValue = "1", description = "Cores per executor (default 1).")
    int executorCores;

    @Option(names = "--executor-memory", paramLabel = "SIZE", defaultValue = "512m",
            description = "Memory per executor, e.g. 512m or 2g (default 512m).")
    String executorMemory;

    @Option(names = "--conf", paramLabel = "KEY=VALUE", description = "More Spark settings (repeatable).")
    Map<String, String> conf = new LinkedHashMap<>();

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the generated inputs (default 1).")
    long seed;

    @Option(names = "--quick", description = "1 MB inputs, 2 executors only, 2 runs per cell (12 runs, two Spark contexts): a check that "
                    + "profiling works.")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results/profile",
            description = "Output folder (default: ${DEFAULT-VALUE}); replaced only when the run succeeds.")
    Path out;

    @Option(names = {"-q", "--quiet"}, description = "No progress output.")
    boolean quiet;

    @Override
    public Integer call() throws Exception {
        StagedFolder.checkTarget("--out", out);
        PrintWriter err = spec.commandLine().getErr();
        if (hosts == null) {
            if (linkBandwidth != null || linkLatency != null) {
                throw BadInputException.option(linkBandwidth != null ? "--link-bandwidth" : "--link-latency",
                        "applies to --hosts N only");
            }
            return profile(err);
        }
        if (hosts < 1 || hosts > 50) {
            throw BadInputException.option("--hosts", "expected 1 to 50 network hosts, got " + hosts);
        }
        if (master != null || consolidatedMaster != null) {
            throw BadInputException.option("--hosts", "starts its own Masters: leave out --master and --consolidated-master");
        }
        if (linkBandwidth != null && (linkBandwidth < 1 || linkBandwidth > 100_000)) {
            throw BadInputException.option("--link-bandwidth", "expected 1 to 100000 Mbit/s, got " + linkBandwidth);
        }
        if (linkLatency != null && (linkLatency < 0 || linkLatency > 10_000)) {
            throw BadInputException.option("--link-latency", "expected 0 to 10000 ms, got " + linkLatency);
        }
        plan(); // refuses bad settings before the hosts start
        try (NetworkHosts net = NetworkHosts.up(hosts, linkBandwidth, linkLatency, err)) {
            master = NetworkHosts.SPREAD_MASTER;
            consolidatedMaster = NetworkHosts.CONSOLIDATED_MASTER;
            conf.put("spark.driver.host", NetworkHosts.DRIVER_ADDRESS);
            conf.put("spark.driver.bindAddress", NetworkHosts.DRIVER_ADDRESS);
            try {
                return profile(err);
            } catch (Exception e) {
                if (NetworkHosts.shuttingDown()) {
                    throw new java.io.IOException("interrupted: the network hosts were torn down, nothing was written");
                }
                throw e;
            }
        }
    }

    private int profile(PrintWriter err) throws Exception {
        ProfilePlan plan = plan();
        Profiler.Target target = target(plan);
        long start = System.nanoTime();
        Profiler.Result result;
        try (StagedFolder folder = StagedFolder.create(out)) {
            try (Progress progress = Progress.start("profile (runs)", plan.runs(), quiet, err);
                 LocalSparkHome home = target.localCluster() ? LocalSparkHome.create() : null) {
                Path eventLogs = Files.createDirectories(folder.path().resolve("eventlogs"));
                result = new Profiler(plan, target, eventLogs).run("profile.csv", (done, total, what) -> progress.step(what));
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            ProfileFile.write(result.profile(), folder.path().resolve("profile.csv"));
            ProfileReport.writeRuns(result.runs(), folder.path().resolve("runs.csv"));
            ProfileReport.write(result, folder.path(), out.resolve("profile.csv").toString(), elapsed);
            folder.commit();
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(ProfileFile.format(result.profile()));
        stdout.println("wrote " + out.resolve("profile.csv") + ", " + out.resolve("runs.csv") + ", "
                + out.resolve("report.html") + ", " + out.resolve("eventlogs") + "/" + String.format(Locale.ROOT, " (%d runs in %.0f s)",
                result.runs().size(), (System.nanoTime() - start) / 1e9));
        stdout.flush();
        return 0;
    }

    private ProfilePlan plan() {
        List<Integer> s = sizes != null ? sizes : quick ? List.of(1) : List.of(2, 8);
        List<Integer> e = executors != null ? executors : quick ? List.of(2) : List.of(1, 2);
        int r = repetitions != null ? repetitions : quick ? 2 : 3;
        for (int mb : s) {
            if (mb < 1 || mb > 100_000) {
                throw BadInputException.option("--sizes", "expected sizes from 1 to 100000 MB, got " + mb);
            }
        }
        for (int n : e) {
            if (n < 1 || n > 10_000) {
                throw BadInputException.option("--executors", "expected executor counts from 1 to 10000, got " + n);
            }
        }
        if (s.size() != s.stream().distinct().count()) {
            throw BadInputException.option("--sizes", "sizes must be distinct, got " + s);
        }
        if (e.size() != e.stream().distinct().count()) {
            throw BadInputException.option("--executors", "executor counts must be distinct, got " + e);
        }
        if (r < 1 || r > 1000) {
            throw BadInputException.option("--repetitions", "expected 1 to 1000, got " + r);
        }
        if (executorCores < 1 || executorCores > 1024) {
            throw BadInputException.option("--executor-cores", "expected 1 to 1024, got " + executorCores);
        }
        return new ProfilePlan(MeasuredProfile.TYPES, s, e, r, seed);
    }

    private Profiler.Target target(ProfilePlan plan) {
        String m = master == null ? DEFAULT_MASTER : MasterUrl.check(master);
        Matcher mem = MEMORY.matcher(executorMemory.trim().toLowerCase(Locale.ROOT));
        if (!mem.matches()) {
            throw BadInputException.option("--executor-memory", "expected a size such as 512m or 2g, got '" + executorMemory + "'");
        }
        long executorMb = Long.parseLong(mem.group(1)) * (mem.group(2).equals("g") ? 1024 : 1);
        int most = plan.executorCounts().stream().mapToInt(Integer::intValue).max().orElse(1);
        Matcher lc = LOCAL_CLUSTER.matcher(m);
        if (lc.matches()) {
            if (consolidatedMaster != null) {
                throw BadInputException.option("--consolidated-master", "a local-cluster master lays out both layouts itself");
            }
            int workers = Integer.parseInt(lc.group(1));
            int cores = Integer.parseInt(lc.group(2));
            int workerMb = Integer.parseInt(lc.group(3));
            if ((long) most * executorCores > (long) workers * cores) {
                throw BadInputException.option("--executors", most + " executors of " + executorCores + " cores do not fit "
                        + m + " (" + workers * cores + " cores in all)");
            }
            if (executorMb > workerMb) {
                throw BadInputException.option("--executor-memory", executorMemory + " does not fit a Worker of " + m
                        + " (" + workerMb + " MB)");
            }
            return new Profiler.Target(m, m, executorCores, executorMemory, conf);
        }
        if (m.startsWith("local")) {
            if (most > 1) {
                throw BadInputException.option("--master", m + " runs one executor inside this JVM, so it has no layouts: "
                        + "use --executors 1, or a local-cluster[N,CORES,MB] master");
            }
            return new Profiler.Target(m, m, executorCores, executorMemory, conf);
        }
        if (most > 1 && consolidatedMaster == null) {
            throw BadInputException.option("--consolidated-master", "a " + m.replaceAll("://.*", "://")
                    + " master lays executors out as its own configuration says: give the URL of a master that "
                    + "consolidates (spark.deploy.spreadOutApps=false) for the consolidated runs, or --executors 1");
        }
        return new Profiler.Target(m, consolidatedMaster == null ? m : MasterUrl.check(consolidatedMaster),
                executorCores, executorMemory, conf);
    }
}

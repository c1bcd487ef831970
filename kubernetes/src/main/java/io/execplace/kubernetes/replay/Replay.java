package io.execplace.kubernetes.replay;

import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.provisioned.NodeClaimLife;
import io.execplace.kubernetes.provisioned.NodeClaimWatch;
import io.execplace.kubernetes.provisioned.NodeCost;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Replays a workload on a cluster: job j's pods are created at start + arrival ÷ K, whatever scheduler
 * their {@code schedulerName} names places them, a node provisioner buys the nodes; the replay waits
 * until every pod ended and every node bought during it is gone again (the bill includes the
 * provisioner's removal delay), or until the timeout.
 */
public final class Replay {

    private static final Duration POLL = Duration.ofMillis(250);

    /**
     * @param namespace     where the pods are created (must exist)
     * @param schedulerName the pods' {@code schedulerName} ({@code default-scheduler}: kube-scheduler)
     * @param timeScale     K: workload seconds per real second
     * @param timeout       how long to wait after the last arrival
     */
    public record Settings(String namespace, String schedulerName, double timeScale, Duration timeout) {
        public Settings {
            if (!(timeScale > 0) || !Double.isFinite(timeScale)) {
                throw new IllegalArgumentException("time scale must be a positive number, got " + timeScale);
            }
        }
    }

    /**
     * Spot capacity in a replay: none by default.
     *
     * @param executorsOnSpot    executors ask for spot nodes, drivers for on-demand ones (the practitioners' rule)
     * @param interruptionsAt    workload seconds at which every live spot node gets its notice ({@link SpotInterruptions})
     * @param noticeSeconds      workload seconds from the notice to the node's deletion (AWS gives 120)
     * @param monthlyRate        the hazard: probability that a spot node is taken within 30 days, drawn per node
     *                           ({@link HazardDraws}); 0 for none
     * @param seed               the hazard draws' seed
     */
    public record Spot(boolean executorsOnSpot, List<Double> interruptionsAt, double noticeSeconds, double monthlyRate, long seed) {
        /** No spot: every pod goes where the NodePools' weights send it (on-demand on the testbed). */
        public static final Spot NONE = new Spot(false, List.of(), 120);

        /** An availability trace, no hazard. */
        public Spot(boolean executorsOnSpot, List<Double> interruptionsAt, double noticeSeconds) {
            this(executorsOnSpot, interruptionsAt, noticeSeconds, 0, 1);
        }

        public Spot {
            interruptionsAt = List.copyOf(interruptionsAt);
            if (!(noticeSeconds >= 0) || !Double.isFinite(noticeSeconds)) {
                throw new IllegalArgumentException("the notice must be seconds >= 0, got " + noticeSeconds);
            }
            model(noticeSeconds, interruptionsAt, monthlyRate); // checks the rate
        }

        /** The simulator's model of these interruptions (its spot pool's, for the prediction). */
        public Interruptions interruptions() {
            return model(noticeSeconds, interruptionsAt, monthlyRate);
        }

        private static Interruptions model(double notice, List<Double> at, double rate) {
            return new Interruptions(rate, notice, at);
        }
    }

    private final KubernetesClient client;
    private final PriceTable prices;
    private final Settings settings;
    private final Spot spot;
    private final Clock clock;

    public Replay(KubernetesClient client, PriceTable prices, Settings settings, Clock clock) {
        this(client, prices, settings, Spot.NONE, clock);
    }

    public Replay(KubernetesClient client, PriceTable prices, Settings settings, Spot spot, Clock clock) {
        this.client = client;
        this.prices = prices;
        this.settings = settings;
        this.spot = spot;
        this.clock = clock;
    }

    /**
     * Replays on the cluster of the kubeconfig, in the settings' namespace (created when missing), at the
     * prices of the table file.
     *
     * @throws java.io.IOException when a file cannot be read
     */
    public static ReplayResult run(Path kubeconfig, Path prices, Settings settings, Spot spot, Workload workload)
            throws java.io.IOException, InterruptedException {
        PriceTable table = PriceTable.read(prices);
        Config config = Config.fromKubeconfig(null, Files.readString(kubeconfig), kubeconfig.toString());
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build()) {
            client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(settings.namespace()).endMetadata().build())
                    .createOr(NonDeletingOperation::update);
            return new Replay(client, table, settings, spot, Clock.systemUTC()).run(workload);
        }
    }

    /**
     * One loop, every {@link #POLL}: applications whose arrival is due are created, spot notices given and
     * nodes taken, and each executor lost before it ended (evicted by consolidation, or on a node taken
     * back) is replaced as Spark's {@code ExecutorPodsAllocator} replaces it: a new executor of the same
     * application, which runs the lost one's whole work again (its map output was on the lost node; no
     * graceful decommissioning), while its driver runs. A lost driver is counted, not restarted.
     */
    public ReplayResult run(Workload workload) throws InterruptedException {
        try (NodeClaimWatch claims = NodeClaimWatch.start(client, clock);
             PodTimes times = new PodTimes(client, settings.namespace(), clock)) {
            Set<String> before = claims.lives().stream().map(NodeClaimLife::name).collect(Collectors.toSet());
            Instant start = Instant.now(clock);
            SparkPods pods = new SparkPods(settings.namespace(), settings.schedulerName(), settings.timeScale(), start,
                    spot.executorsOnSpot());
            SpotInterruptions interruptions = new SpotInterruptions(client, spot.interruptionsAt().stream().sorted()
                    .map(this::realTime).map(start::plus).toList(), realTime(spot.noticeSeconds()),
                    spot.monthlyRate() > 0 ? new HazardDraws(spot.interruptions(), settings.timeScale(), spot.seed()) : null);
            Map<Job, Application> apps = new LinkedHashMap<>();
            List<Job> jobs = workload.jobs().stream().sorted(Comparator.comparingDouble(Job::arrival).thenComparingInt(Job::id)).toList();
            Instant deadline = null;
            while (deadline == null || Instant.now(clock).isBefore(deadline)) {
                Instant now = Instant.now(clock);
                for (Job job : jobs.subList(apps.size(), jobs.size())) {
                    if (now.isBefore(start.plus(realTime(job.arrival())))) {
                        break;
                    }
                    apps.put(job, create(job, pods, times));
                }
                boolean allEnded = true;
                for (Application a : apps.values()) {
                    allEnded &= a.replaceLost(times);
                }
                if (apps.size() == jobs.size() && deadline == null) {
                    deadline = now.plus(settings.timeout());
                }
                if (deadline != null && allEnded && !interruptions.pending()) {
                    break;
                }
                interruptions.step(now);
                sleepUntil(now.plus(POLL));
            }
            deadline = deadline == null ? Instant.now(clock) : deadline;
            while (Instant.now(clock).isBefore(deadline) && claims.lives().stream()
                    .anyMatch(l -> !before.contains(l.name()) && l.deleted() == null)) {
                sleepUntil(Instant.now(clock).plus(POLL));
            }
            Instant end = Instant.now(clock);
            List<NodeClaimLife> bought = claims.lives().stream().filter(l -> !before.contains(l.name())).toList();
            return result(jobs, apps, times, start, NodeCost.of(bought, prices, settings.timeScale(), end),
                    new ReplayResult.Interruptions(interruptions.interruptions(), interruptions.nodesTaken()));
        }
    }

    /** Real time of a span of workload seconds. */
    private Duration realTime(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000 / settings.timeScale()));
    }

    private Application create(Job job, SparkPods pods, PodTimes times) {
        Pod driver = client.resource(pods.driver(job)).create();
        times.created(driver.getMetadata().getName());
        Application app = new Application(job, pods, driver);
        for (int e = 1; e <= job.executors(); e++) {
            app.addExecutor(times);
        }
        return app;
    }

    /** One application's pods: its driver, and its executors, the lost ones' replacements among them. */
    private final class Application {
        final Job job;
        final SparkPods pods;
        final Pod driver;
        final List<String> names = new ArrayList<>();
        final Set<String> replaced = new HashSet<>();
        int lastExecId;

        Application(Job job, SparkPods pods, Pod driver) {
            this.job = job;
            this.pods = pods;
            this.driver = driver;
            names.add(driver.getMetadata().getName());
        }

        void addExecutor(PodTimes times) {
            Pod executor = pods.executor(job, ++lastExecId, driver);
            times.created(executor.getMetadata().getName());
            client.resource(executor).create();
            names.add(executor.getMetadata().getName());
        }

        /**
         * Replaces executors lost since the last call while the driver runs (Spark asks for executors only
         * then; and an executor owned by a driver that is gone is deleted at once by the garbage collector);
         * true when every pod ended.
         */
        boolean replaceLost(PodTimes times) {
            PodTimes.Seen d = times.of(names.get(0));
            boolean driverRuns = d != null && d.ended == null;
            boolean allEnded = true;
            for (String name : List.copyOf(names.subList(1, names.size()))) {
                PodTimes.Seen s = times.of(name);
                if (s != null && s.evicted && driverRuns && replaced.add(name)) {
                    addExecutor(times);
                    allEnded = false;
                }
                allEnded &= s != null && s.ended != null;
            }
            return allEnded && ended(times, names.get(0));
        }
    }

    private static boolean ended(PodTimes times, String pod) {
        PodTimes.Seen s = times.of(pod);
        return s != null && s.ended != null;
    }

    private ReplayResult result(List<Job> jobs, Map<Job, Application> apps, PodTimes times, Instant start, NodeCost cost,
                                ReplayResult.Interruptions interrupted) {
        double k = settings.timeScale();
        int finished = 0;
        int evicted = 0;
        int deadlines = 0;
        int met = 0;
        double lastEnd = 0;
        List<Double> latencies = new ArrayList<>();
        for (Job job : jobs) {
            List<PodTimes.Seen> seen = apps.containsKey(job) ? apps.get(job).names.stream().map(times::of).toList() : List.of();
            for (PodTimes.Seen s : seen) {
                if (s == null || s.ended == null) {
                    continue;
                }
                evicted += s.evicted ? 1 : 0;
                if (s.bound != null && s.created != null) {
                    latencies.add(Duration.between(s.created, s.bound).toNanos() / 1e9);
                }
            }
            Instant appEnd = finishedAt(seen);
            boolean done = appEnd != null;
            double endSeconds = done ? Duration.between(start, appEnd).toNanos() / 1e9 * k : Double.NaN;
            if (done) {
                finished++;
                lastEnd = Math.max(lastEnd, endSeconds);
            }
            if (job.hasDeadline()) {
                deadlines++;
                met += done && endSeconds <= job.deadline() ? 1 : 0;
            }
        }
        double firstArrival = jobs.isEmpty() ? 0 : jobs.get(0).arrival();
        latencies.sort(Double::compare);
        return new ReplayResult(new ReplayResult.Applications(jobs.size(), finished, Math.max(0, lastEnd - firstArrival), evicted),
                new ReplayResult.Deadlines(deadlines, met),
                new ReplayResult.Latency(latencies.size(), percentile(latencies, 0.5), percentile(latencies, 0.99)), cost, interrupted);
    }

    /**
     * When an application finished (its last pod's end), or null when it did not: a pod not seen or not
     * ended, or its driver (the first pod) deleted before it ended: Spark's application fails with its
     * driver, whose executors the garbage collector then deletes. A lost executor started again does not
     * stop the application from finishing.
     */
    static Instant finishedAt(List<PodTimes.Seen> pods) {
        if (pods.isEmpty() || pods.get(0) == null || pods.get(0).evicted) {
            return null;
        }
        Instant end = null;
        for (PodTimes.Seen s : pods) {
            if (s == null || s.ended == null) {
                return null;
            }
            end = end == null || s.ended.isAfter(end) ? s.ended : end;
        }
        return end;
    }

    /** Nearest-rank percentile of sorted values (NaN when empty). */
    static double percentile(List<Double> sorted, double q) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sorted.size());
        return sorted.get(Math.min(sorted.size(), Math.max(1, rank)) - 1);
    }

    private void sleepUntil(Instant when) throws InterruptedException {
        long millis = Duration.between(Instant.now(clock), when).toMillis();
        if (millis > 0) {
            Thread.sleep(millis);
        }
    }
}

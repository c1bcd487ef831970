package io.execplace.kubernetes.bench;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.real.RealApiServer;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.milp.Milp;
import io.execplace.schedulers.milp.MilpOptions;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import static org.awaitility.Awaitility.await;

/**
 * Benchmark (not a test), scheduler_perf style: execplace and the default kube-scheduler, built from
 * the same Kubernetes source (1.20.2, or {@code -Dexecplace.kubeRelease=1.37.2}), on the same real kube-apiserver with the same nodes and the same
 * stream of Spark applications (5 executors of 1 core / 2 GiB; drivers already running on a node of
 * their own). Reports pods bound per second, creation-to-bind latency p50/p99 as a watching client
 * sees it, and the VM cost of each scheduler's placements replayed through the simulator.
 *
 * <p>Run: {@code mvn -B -o -pl kubernetes -am verify -DskipTests -Pk8s-bench-real}
 * ({@code -Dk8s.bench.nodes=180|1000}, {@code -Dk8s.bench.apps=N}, {@code -Dk8s.bench.rate=APPS_PER_S}
 * for the steady stream; {@code -Dk8s.bench.only=kube,gio} to run some schedulers only;
 * {@code -Dk8s.bench.warmup=N} applications (1,000; in bursts of at most a stream's size) are bound and deleted,
 * unreported, before the streams;
 * {@code -Dk8s.bench.rounds=N} repeats the schedulers in turn N times and ends with each one's median and range;
 * {@code -Dk8s.bench.bindEarly=true} runs execplace with {@code --bind-early};
 * {@code -Dk8s.bench.process=true} runs it as a process of its own, {@code execplace k8s-scheduler}
 * from {@code cli/target/execplace.jar}, as kube-scheduler runs, instead of in the benchmark's JVM,
 * with the JVM options of {@code -Dk8s.bench.processJvm="..."}; its output goes to
 * {@code kubernetes/target/execplace-POLICY.log}).
 */
public final class BesideKubeScheduler {

    private static final String NS = "bench";
    private static final int EXECUTORS = 5;
    private static final double DURATION = 600;
    static final PriceTable PRICES = PriceTable.of(Map.of("c4", 0.20, "c8", 0.36, "c12", 0.48, "drivers", 0.0));

    private BesideKubeScheduler() {
    }

    /** One scheduler under test: started before the stream, stopped after it. */
    private interface Contender extends AutoCloseable {
        String name();

        /** The scheduler's metrics now (empty for kube-scheduler, whose metrics endpoint is off here). */
        default String scrape() throws IOException {
            return "";
        }
    }

    public static void main(String[] args) throws Exception {
        int nodeCount = Integer.getInteger("k8s.bench.nodes", 180);
        int apps = Integer.getInteger("k8s.bench.apps", 200);
        double rate = Double.parseDouble(System.getProperty("k8s.bench.rate", "10"));
        List<String> only = Arrays.asList(System.getProperty("k8s.bench.only", "kube,kube-fast,gio,first-fit,milp").split(","));
        RealApiServer server = RealApiServer.shared();
        KubernetesClient admin = server.admin();
        server.reset(NS);
        server.namespace(NS);
        server.apply("deploy/rbac.yaml");
        List<ReplayCost.BenchNode> nodes = makeNodes(server, nodeCount);
        int cores = nodes.stream().mapToInt(ReplayCost.BenchNode::cores).sum();
        System.out.printf(Locale.ROOT, "kube-apiserver %s on loopback; %d nodes (%d cores), %d applications x %d executors of 1 core / 2 GiB;"
                + " burst (all at once) and steady (%.1f applications/s)%n", admin.getKubernetesVersion().getGitVersion(), nodeCount, cores, apps, EXECUTORS, rate);
        System.out.printf(Locale.ROOT, "%-22s %-7s %6s %9s %9s %9s %12s %9s %9s%n", "scheduler", "stream", "pods", "pods/s", "p50 ms", "p99 ms",
                "cost", "gang p50", "gang p99");
        Path kubeconfig = server.kubeconfig();
        List<Map.Entry<String, Supplier<Contender>>> contenders = new ArrayList<>();
        boolean portFlag = server.minorVersion() < 24;
        contenders.add(Map.entry("kube", () -> kubeScheduler(kubeconfig, "kube-scheduler (qps 50)", 50, 100, portFlag)));
        contenders.add(Map.entry("kube-fast", () -> kubeScheduler(kubeconfig, "kube-scheduler (qps 5000)", 5000, 5000, portFlag)));
        boolean process = Boolean.getBoolean("k8s.bench.process");
        contenders.add(Map.entry("gio", () -> process ? execplaceProcess(server, "gio") : execplace(server, new Gio())));
        contenders.add(Map.entry("first-fit", () -> process ? execplaceProcess(server, "first-fit") : execplace(server, new FirstFit())));
        contenders.add(Map.entry("milp", () -> process ? execplaceProcess(server, "milp")
                : execplace(server, new Milp(MilpOptions.defaults()))));
        int warmup = Integer.getInteger("k8s.bench.warmup", 1000);
        int rounds = Integer.getInteger("k8s.bench.rounds", 1);
        RoundSummary summary = new RoundSummary();
        try (BindingClock clock = new BindingClock(admin, NS)) {
            for (int r = 1; r <= rounds; r++) {
                for (Map.Entry<String, Supplier<Contender>> c : contenders) {
                    if (!only.contains(c.getKey())) {
                        continue;
                    }
                    String scheduler = c.getKey().startsWith("kube") ? "default-scheduler" : "execplace";
                    // One scheduler process (or instance) for the warm-up and both streams, as a deployed scheduler
                    // runs for days: the warm-up (scheduler_perf's "initPods", not reported) lets a JVM compile its hot
                    // code before anything is measured; kube-scheduler, compiled ahead of time, gets the same stream.
                    try (Contender running = c.getValue().get()) {
                        // kube-scheduler serves no health endpoint here: give it a second to list and watch.
                        await().pollDelay(Duration.ofSeconds(1)).until(() -> true);
                        for (int done = 0; done < warmup; done += apps) {
                            // in batches no larger than a stream, which the nodes hold
                            int batch = Math.min(apps, warmup - done);
                            clock.clear();
                            submit(admin, clock, batch, 0, scheduler);
                            awaitBound(clock, batch * EXECUTORS);
                            deleteExecutors(admin, clock);
                        }
                        String before = running.scrape();
                        for (String stream : List.of("burst", "steady")) {
                            clock.clear();
                            List<ReplayCost.App> made = submit(admin, clock, apps, stream.equals("burst") ? 0 : rate, scheduler);
                            awaitBound(clock, apps * EXECUTORS);
                            summary.add(running.name(), stream, report(running.name(), stream, clock, nodes, made));
                            if (Boolean.getBoolean("k8s.bench.cycles")) {
                                String after = running.scrape();
                                MetricsDelta.print(before, after);
                                before = after;
                            }
                            deleteExecutors(admin, clock);
                        }
                    }
                }
            }
        }
        if (rounds > 1) {
            summary.print();
        }
        System.exit(0);
    }

    private static void awaitBound(BindingClock clock, int pods) {
        try {
            await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(20)).until(() -> clock.boundCount() >= pods);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            System.out.println("  (not every pod bound within 120 s)");
        }
    }

    private static List<ReplayCost.BenchNode> makeNodes(RealApiServer server, int count) {
        List<ReplayCost.BenchNode> nodes = new ArrayList<>();
        String[] types = {"c4", "c8", "c12"};
        int[] cores = {4, 8, 12};
        for (int i = 0; i < count; i++) {
            int t = i % 3;
            String name = String.format(Locale.ROOT, "node-%04d", i);
            server.createReadyNode(TestObjects.node(name, types[t], cores[t], cores[t] * 4).build());
            nodes.add(new ReplayCost.BenchNode(name, types[t], cores[t], cores[t] * 4.0, PRICES.pricePerHour(types[t]).orElseThrow()));
        }
        // Drivers run on a node of their own, tainted so that neither scheduler puts executors there.
        server.createReadyNode(TestObjects.tainted(TestObjects.node("drivers", "drivers", 100_000, 400_000),
                List.of(TestObjects.taint("bench/drivers", "only", "NoSchedule"))));
        return nodes;
    }

    /**
     * execplace as kube-scheduler runs: a process of its own ({@code execplace k8s-scheduler} from the
     * built jar, as deployed), authenticating as its ServiceAccount, with the benchmark's prices.
     */
    private static Contender execplaceProcess(RealApiServer server, String policy) {
        try {
            Path jar = RealApiServer.REPOSITORY.resolve("cli/target/execplace.jar");
            if (!Files.isRegularFile(jar)) {
                throw new IllegalStateException(jar + " is missing: build it first (./execplace --version)");
            }
            Path dir = Files.createTempDirectory("execplace-bench");
            Path kubeconfig = server.serviceAccountKubeconfig("kube-system", "execplace-scheduler", dir.resolve("kubeconfig"));
            Path prices = Files.writeString(dir.resolve("prices.yaml"), "version: 1\ncurrency: USD\npricesPerHour:\n"
                    + "  c4: 0.20\n  c8: 0.36\n  c12: 0.48\n  drivers: 0.0\n");
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            String jvm = System.getProperty("k8s.bench.processJvm", "").trim();
            if (!jvm.isEmpty()) {
                command.addAll(List.of(jvm.split("\\s+")));
            }
            command.addAll(List.of("-jar", jar.toString(), "k8s-scheduler", "--prices", prices.toString(), "--scheduler", policy,
                    "--http-address", "127.0.0.1", "--http-port", "0"));
            if (Boolean.getBoolean("k8s.bench.bindEarly")) {
                command.add("--bind-early");
            }
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            pb.environment().put("KUBECONFIG", kubeconfig.toString());
            Process p = pb.start();
            stopOnExit(p);
            // ready when it says it schedules (informers synced)
            java.io.BufferedReader out = p.inputReader();
            String line;
            while ((line = out.readLine()) != null && !line.contains("scheduling pods with policy")) {
                System.out.println("  " + line);
            }
            if (line == null) {
                throw new IllegalStateException("execplace k8s-scheduler exited: " + p.waitFor());
            }
            String metricsUrl = line.substring(line.indexOf("http://")) + "/metrics";
            // the rest of its output goes to kubernetes/target/execplace-POLICY.log
            Path log = RealApiServer.REPOSITORY.resolve("kubernetes").resolve("target").resolve("execplace-" + policy + ".log");
            Thread drain = new Thread(() -> {
                try (java.io.Writer w = Files.newBufferedWriter(log)) {
                    for (String l = out.readLine(); l != null; l = out.readLine()) {
                        w.write(l);
                        w.write('\n');
                        w.flush();
                    }
                } catch (IOException e) {
                    // the process ended
                }
            }, "execplace-output");
            drain.setDaemon(true);
            drain.start();
            return new Contender() {
                @Override
                public String name() {
                    return "execplace " + policy + (Boolean.getBoolean("k8s.bench.bindEarly") ? " early" : "") + " (process)";
                }

                @Override
                public String scrape() throws IOException {
                    try (java.io.InputStream in = java.net.URI.create(metricsUrl).toURL().openStream()) {
                        return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                    }
                }

                @Override
                public void close() throws Exception {
                    p.destroy();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
            };
        } catch (IOException e) {
            throw new IllegalStateException("cannot start execplace k8s-scheduler: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Contender execplace(RealApiServer server, PlacementPolicy policy) {
        KubernetesClient client = server.asServiceAccount("kube-system", "execplace-scheduler");
        KubernetesScheduler s = new KubernetesScheduler(client, policy, PRICES,
                SchedulerSettings.builder().bindEarly(Boolean.getBoolean("k8s.bench.bindEarly")).build(), Clock.systemUTC());
        s.start(Duration.ofSeconds(60));
        AtomicBoolean stop = new AtomicBoolean();
        Thread loop = new Thread(() -> s.run(stop), "execplace-" + policy.name());
        loop.start();
        return new Contender() {
            @Override
            public String name() {
                return "execplace " + policy.name() + (Boolean.getBoolean("k8s.bench.bindEarly") ? " early" : "");
            }

            @Override
            public String scrape() {
                return s.metrics().scrape();
            }

            @Override
            public void close() throws Exception {
                stop.set(true);
                s.wakeUp();
                loop.join();
                s.close();
                client.close();
            }
        };
    }

    /** A scheduler process never outlives the benchmark, however it ends (one survived a crash by 50 minutes). */
    private static void stopOnExit(Process p) {
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly));
    }

    /** kube-scheduler of the server's release; {@code portFlag}: releases before 1.24 still have an insecure port to turn off. */
    private static Contender kubeScheduler(Path kubeconfig, String label, int qps, int burst, boolean portFlag) {
        try {
            List<String> bin = new ArrayList<>(List.of(RealApiServer.SCRIPT.toString(), "bin", "kube-scheduler"));
            bin.addAll(RealApiServer.releaseArguments());
            String binary = new String(new ProcessBuilder(bin).redirectError(ProcessBuilder.Redirect.INHERIT).start()
                    .getInputStream().readAllBytes()).trim();
            List<String> command = new ArrayList<>(List.of(binary, "--kubeconfig", kubeconfig.toString(), "--leader-elect=false"));
            if (portFlag) {
                command.add("--port=0");
            }
            command.addAll(List.of("--secure-port=0", "--kube-api-qps", Integer.toString(qps), "--kube-api-burst",
                    Integer.toString(burst), "--v=0"));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(RealApiServer.REPOSITORY.resolve("kubernetes").resolve("target").resolve("kube-scheduler-" + qps + ".log").toFile()).start();
            stopOnExit(p);
            return new Contender() {
                @Override
                public String name() {
                    return label;
                }

                @Override
                public void close() throws Exception {
                    p.destroy();
                    p.waitFor(10, TimeUnit.SECONDS);
                }
            };
        } catch (IOException e) {
            throw new IllegalStateException("cannot start kube-scheduler: " + e.getMessage(), e);
        }
    }

    /** Creates the applications (drivers bound already, then executors), at {@code rate} per second or all at once. */
    private static List<ReplayCost.App> submit(KubernetesClient admin, BindingClock clock, int apps, double rate, String scheduler)
            throws InterruptedException {
        List<ReplayCost.App> made = new ArrayList<>();
        ExecutorService creators = Executors.newFixedThreadPool(8);
        List<java.util.concurrent.Future<?>> created = new ArrayList<>();
        long start = System.nanoTime();
        for (int a = 0; a < apps; a++) {
            if (rate > 0) {
                long due = start + (long) (a / rate * 1e9);
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
            }
            String app = "app-" + a;
            List<String> pods = new ArrayList<>();
            for (int e = 1; e <= EXECUTORS; e++) {
                pods.add(app + "-exec-" + e);
            }
            made.add(new ReplayCost.App((System.nanoTime() - start) / 1e9, pods));
            created.add(creators.submit(() -> {
                admin.resource(new PodBuilder().withNewMetadata().withName(app + "-driver").withNamespace(NS)
                        .addToLabels("spark-app-selector", app).addToLabels("spark-role", "driver")
                        .addToAnnotations("execplace.io/executors", Integer.toString(EXECUTORS))
                        .addToAnnotations("execplace.io/expected-duration-seconds", Double.toString(DURATION)).endMetadata()
                        .withNewSpec().withNodeName("drivers").addNewContainer().withName("driver").withImage("spark:4.1.1")
                        .endContainer().endSpec().build()).create();
                for (String pod : pods) {
                    int id = Integer.parseInt(pod.substring(pod.lastIndexOf('-') + 1));
                    clock.creating(pod);
                    admin.resource(TestObjects.executor(NS, app, id, "1", "2Gi", scheduler).editMetadata().withName(pod)
                            .endMetadata().build()).create();
                }
            }));
        }
        creators.shutdown();
        for (java.util.concurrent.Future<?> f : created) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("creating an application failed: " + e.getCause().getMessage(), e.getCause());
            }
        }
        return made;
    }

    private static RoundSummary.Measure report(String name, String stream, BindingClock clock, List<ReplayCost.BenchNode> nodes,
                                               List<ReplayCost.App> apps) {
        List<Long> latencies = new ArrayList<>();
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Map.Entry<String, Long> e : clock.bound().entrySet()) {
            Long created = clock.created().get(e.getKey());
            if (created != null) {
                latencies.add(e.getValue() - created);
                first = Math.min(first, created);
                last = Math.max(last, e.getValue());
            }
        }
        latencies.sort(null);
        // From the moment the application's last executor was created: what a gang scheduler adds once
        // the gang is complete (kube-scheduler binds pods before that moment: 0 then).
        List<Long> fromComplete = new ArrayList<>();
        for (ReplayCost.App app : apps) {
            long complete = Long.MIN_VALUE;
            for (String pod : app.pods()) {
                complete = Math.max(complete, clock.created().getOrDefault(pod, Long.MIN_VALUE));
            }
            for (String pod : app.pods()) {
                Long bound = clock.bound().get(pod);
                if (bound != null && complete != Long.MIN_VALUE) {
                    fromComplete.add(Math.max(0, bound - complete));
                }
            }
        }
        fromComplete.sort(null);
        if (latencies.size() != clock.created().size()) {
            System.out.printf("  (%d pods created, %d seen bound)%n", clock.created().size(), latencies.size());
        }
        int pods = latencies.size();
        double seconds = (last - first) / 1e9;
        double cost = pods == apps.size() * EXECUTORS ? ReplayCost.cost(nodes, apps, clock.nodeOf(), DURATION) : Double.NaN;
        System.out.printf(Locale.ROOT, "%-22s %-7s %6d %9.1f %9.1f %9.1f %12.4f %9.1f %9.1f%n", name, stream, pods, pods / seconds,
                percentile(latencies, 0.5) / 1e6, percentile(latencies, 0.99) / 1e6, cost,
                percentile(fromComplete, 0.5) / 1e6, percentile(fromComplete, 0.99) / 1e6);
        return new RoundSummary.Measure(pods / seconds, percentile(latencies, 0.5) / 1e6, percentile(latencies, 0.99) / 1e6);
    }

    private static double percentile(List<Long> sorted, double q) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(q * sorted.size()) - 1));
    }

    private static void deleteExecutors(KubernetesClient admin, BindingClock clock) throws InterruptedException {
        admin.pods().inNamespace(NS).withGracePeriod(0).delete();
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100))
                .until(() -> admin.pods().inNamespace(NS).list().getItems().isEmpty());
    }
}

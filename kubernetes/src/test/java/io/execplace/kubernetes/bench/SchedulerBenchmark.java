package io.execplace.kubernetes.bench;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.bind.BindResult;
import io.execplace.kubernetes.bind.Binder;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.milp.Milp;
import io.execplace.schedulers.milp.MilpOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Benchmark (not a test): executor pods bound per second and placement decision latency (p50/p99)
 * of the scheduler against the mock API server with 180 nodes, for gio, first-fit and milp.
 *
 * <p>Run: {@code mvn -B -o -pl kubernetes -am verify -DskipTests -Pk8s-bench} (add
 * {@code -Dk8s.bench.apps=N} to change the burst). All pods exist before the clock starts; the
 * time covers the scheduling cycles until every executor is bound (decisions, binding requests,
 * Events), the way a burst of Spark applications arrives.
 */
public final class SchedulerBenchmark {

    private static final int NODES_PER_TYPE = 60;
    private static final int EXECUTORS_PER_APP = 5;

    private SchedulerBenchmark() {
    }

    /** Wraps a policy and records the wall time of every decision. */
    private static final class Timed implements PlacementPolicy {
        private final PlacementPolicy inner;
        private final List<Long> nanos = new ArrayList<>();

        Timed(PlacementPolicy inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public Placement place(Job job, ClusterView cluster) {
            long t0 = System.nanoTime();
            Placement p = inner.place(job, cluster);
            nanos.add(System.nanoTime() - t0);
            return p;
        }
    }

    public static void main(String[] args) {
        int apps = Integer.getInteger("k8s.bench.apps", 240);
        int rounds = Integer.getInteger("k8s.bench.rounds", 2);
        System.out.printf(Locale.ROOT, "180 nodes (60 x 4, 60 x 8, 60 x 12 cores), %d applications x %d executors of 1 core / 2 GiB per round%n",
                apps, EXECUTORS_PER_APP);
        System.out.println("placed/s: one dry-run cycle over the whole burst (caches, gangs, queue, decisions; no API writes)");
        System.out.println("bound/s: cycles until every pod is bound through pods/binding on the mock API server (with Events)");
        System.out.printf(Locale.ROOT, "%-10s %6s %8s %12s %12s %10s %10s %10s%n", "policy", "round", "pods", "placed/s",
                "bound/s", "p50 ms", "p99 ms", "max ms");
        List<Map.Entry<String, Supplier<PlacementPolicy>>> policies = List.of(
                Map.entry("gio", Gio::new),
                Map.entry("first-fit", FirstFit::new),
                Map.entry("milp", () -> new Milp(MilpOptions.defaults())));
        for (Map.Entry<String, Supplier<PlacementPolicy>> e : policies) {
            // Round 1 warms the JIT up; later rounds are the numbers to report.
            for (int round = 1; round <= rounds; round++) {
                run(e.getKey(), new Timed(e.getValue().get()), apps, round);
            }
        }
        mockCeiling(apps);
        System.exit(0);
    }

    /** The same burst bound straight through the binder, no scheduler: what the mock server sustains. */
    private static void mockCeiling(int apps) {
        try (MockCluster c = new MockCluster()) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < 3 * NODES_PER_TYPE; i++) {
                names.add(c.node(String.format("n%03d", i), "small", 12, 48).getMetadata().getName());
            }
            List<io.fabric8.kubernetes.api.model.Pod> pods = new ArrayList<>();
            List<String> nodes = new ArrayList<>();
            for (int a = 0; a < apps; a++) {
                for (int e = 1; e <= EXECUTORS_PER_APP; e++) {
                    pods.add(c.executor("bench", String.format("app-%04d", a), e, "1", "2Gi"));
                    nodes.add(names.get(pods.size() % names.size()));
                }
            }
            Binder binder = new Binder(c.client, 1, Duration.ZERO, Duration.ofMinutes(5));
            for (int round = 1; round <= 2; round++) {
                int from = (round - 1) * pods.size() / 2;
                int to = round * pods.size() / 2;
                long t0 = System.nanoTime();
                long ok = binder.bindAll(pods.subList(from, to), nodes.subList(from, to)).stream().filter(BindResult::bound).count();
                System.out.printf(Locale.ROOT, "mock API alone (binder, no scheduler, no Events), round %d: %d bindings, %.0f/s%n",
                        round, ok, ok / ((System.nanoTime() - t0) / 1e9));
            }
        }
    }

    private static void run(String name, Timed policy, int apps, int round) {
        try (MockCluster c = new MockCluster()) {
            int[] cores = {4, 8, 12};
            String[] types = {"small", "large", "cheap"};
            for (int t = 0; t < 3; t++) {
                for (int i = 0; i < NODES_PER_TYPE; i++) {
                    c.node(String.format("n%d-%03d", t, i), types[t], cores[t], cores[t] * 4,
                            Map.of("execplace.io/site", t == 0 ? "local" : "cloud"));
                }
            }
            int pods = apps * EXECUTORS_PER_APP;
            for (int a = 0; a < apps; a++) {
                for (int e = 1; e <= EXECUTORS_PER_APP; e++) {
                    c.executor("bench", String.format("app-%04d", a), e, "1", "2Gi", "execplace",
                            Map.of("execplace.io/expected-duration-seconds", Integer.toString(60 + (a * 37) % 900)));
                }
            }
            double placedPerSecond;
            try (KubernetesScheduler dry = Harness.start(c, policy, Harness.settings().dryRun(true).build(),
                    new ManualClock(Harness.START))) {
                Harness.awaitPodCount(dry, pods);
                Harness.awaitNodeCount(dry, 3 * NODES_PER_TYPE);
                long t0 = System.nanoTime();
                int placed = dry.scheduleOnce().bound().size();
                placedPerSecond = placed / ((System.nanoTime() - t0) / 1e9);
            }
            policy.nanos.clear();
            try (KubernetesScheduler s = Harness.start(c, policy, Harness.settings().bindAttempts(5)
                    .bindBackoff(Duration.ofMillis(10)).build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, pods);
                Harness.awaitNodeCount(s, 3 * NODES_PER_TYPE);
                long t0 = System.nanoTime();
                int bound = 0;
                for (int cycle = 0; cycle < 50 && bound < pods; cycle++) {
                    CycleReport r = s.scheduleOnce();
                    bound += r.bound().size();
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                long[] lat = policy.nanos.stream().mapToLong(Long::longValue).toArray();
                Arrays.sort(lat);
                System.out.printf(Locale.ROOT, "%-10s %6d %8d %12.0f %12.0f %10.3f %10.3f %10.3f%n", name, round, bound,
                        placedPerSecond, bound / seconds, pct(lat, 0.50), pct(lat, 0.99), lat.length == 0 ? 0 : lat[lat.length - 1] / 1e6);
            }
        }
    }

    private static double pct(long[] sorted, double q) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
    }
}

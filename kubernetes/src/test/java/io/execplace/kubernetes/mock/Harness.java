package io.execplace.kubernetes.mock;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import static org.awaitility.Awaitility.await;

/** Starts schedulers against a {@link MockCluster} and waits (bounded polling) for their caches. */
public final class Harness {

    public static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    public static final PriceTable PRICES = PriceTable.of(Map.of("small", 0.10, "large", 0.40, "cheap", 0.05));
    private static final Duration WAIT = Duration.ofSeconds(20);

    private Harness() {
    }

    /** Test defaults: no batching window, no back-off between bind retries. */
    public static SchedulerSettings.Builder settings() {
        return SchedulerSettings.builder().batchWindow(Duration.ZERO).bindBackoff(Duration.ZERO);
    }

    public static KubernetesScheduler start(MockCluster cluster, PlacementPolicy policy, SchedulerSettings settings,
                                           ManualClock clock) {
        KubernetesScheduler s = new KubernetesScheduler(cluster.client, policy, PRICES, settings, clock);
        s.start(WAIT);
        return s;
    }

    /** Waits until the scheduler's pod cache satisfies the condition. */
    public static void awaitPods(KubernetesScheduler s, Predicate<List<Pod>> condition) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> condition.test(s.cachedPods()));
    }

    /** Waits until the scheduler's cache holds {@code count} pods. */
    public static void awaitPodCount(KubernetesScheduler s, int count) {
        awaitPods(s, pods -> pods.size() == count);
    }

    /** Waits until the scheduler's cache holds {@code count} nodes. */
    public static void awaitNodeCount(KubernetesScheduler s, int count) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> s.cachedNodes().size() == count);
    }

    /** Waits until every bound pod the server has is bound in the scheduler's cache too. */
    public static void awaitCacheCaughtUp(KubernetesScheduler s, MockCluster c, String ns) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> {
            long server = c.pods(ns).stream().filter(p -> p.getSpec().getNodeName() != null).count();
            long cache = s.cachedPods().stream().filter(p -> ns.equals(p.getMetadata().getNamespace())
                    && p.getSpec().getNodeName() != null).count();
            return server == cache;
        });
    }

    /** Waits until the events the scheduler queued are written, then lists them. */
    public static List<Event> events(KubernetesScheduler s, MockCluster c, String ns) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(10)).until(() -> s.events().backlog() == 0);
        return c.client.v1().events().inNamespace(ns).list().getItems();
    }

    public static boolean unschedulable(Pod p) {
        return p.getStatus() != null && p.getStatus().getConditions() != null && p.getStatus().getConditions().stream()
                .anyMatch(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus())
                        && "Unschedulable".equals(c.getReason()));
    }

    public static boolean scheduled(Pod p) {
        return p.getStatus() != null && p.getStatus().getConditions() != null && p.getStatus().getConditions().stream()
                .anyMatch(c -> "PodScheduled".equals(c.getType()) && "True".equals(c.getStatus()));
    }
}

package io.execplace.kubernetes.real;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.bind.DoNotDisrupt;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code --protect-executors} on a real kube-apiserver: the scheduler's Binding carries
 * {@code karpenter.sh/do-not-disrupt} and the API server copies it onto the pod as it binds; the
 * scheduler authenticates as its ServiceAccount of deploy/rbac.yaml, which may only create bindings.
 */
class ProtectExecutorsTest {

    private static final String NS = "protect";

    @Test
    void withoutTheOptionNoPodIsAnnotated() {
        assertThat(bind(new FirstFit(), false, 2)).containsExactly(Map.entry("a-exec-1", "none"), Map.entry("a-exec-2", "none"));
    }

    @Test
    void withTheOptionEveryExecutorIsProtectedForEverWhenThePlacementNamesNoDuration() {
        assertThat(bind(new FirstFit(), true, 2)).containsExactly(Map.entry("a-exec-1", "true"), Map.entry("a-exec-2", "true"));
    }

    /** The placement's own durations, per executor, rounded up to whole seconds; 0 leaves an executor unprotected. */
    @Test
    void withTheOptionEachExecutorCarriesThePlacementsDuration() {
        PlacementPolicy protecting = new PlacementPolicy() {
            private final FirstFit base = new FirstFit();

            @Override
            public String name() {
                return "first-fit-protecting";
            }

            @Override
            public Placement place(Job job, ClusterView cluster) {
                return base.place(job, cluster).withProtection(new double[] {299.5, 0, Double.POSITIVE_INFINITY});
            }
        };
        assertThat(bind(protecting, true, 3)).containsExactly(Map.entry("a-exec-1", "300s"), Map.entry("a-exec-2", "none"),
                Map.entry("a-exec-3", "true"));
    }

    /** Binds one application of {@code executors} executors with a new scheduler; its pods' annotation, by name ("none": absent). */
    private static Map<String, String> bind(PlacementPolicy policy, boolean protect, int executors) {
        RealApiServer server = RealApiServer.shared();
        server.apply("deploy/rbac.yaml");
        server.namespace(NS);
        // The server is shared with the other real-server tests: start without the nodes an earlier test may
        // have left (LeaderElectionTest's), and leave no pod or node behind for the later ones' caches.
        server.reset(NS);
        try (KubernetesClient scheduler = server.asServiceAccount("kube-system", "execplace-scheduler")) {
            server.createReadyNode(TestObjects.node("protect-node", "small", 8, 32).build());
            for (int i = 1; i <= executors; i++) {
                server.admin().resource(TestObjects.executor(NS, "a", i, "1", "1Gi", "execplace").build()).create();
            }
            try (KubernetesScheduler s = new KubernetesScheduler(scheduler, policy, Harness.PRICES,
                    Harness.settings().namespace(NS).protectExecutors(protect).build(), new ManualClock(Harness.START))) {
                s.start(Duration.ofSeconds(30));
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                        .until(() -> s.cachedPods().size() == executors && s.cachedNodes().size() == 1);
                assertThat(s.scheduleOnce().bound()).extracting(Decision::node).hasSize(executors).containsOnly("protect-node");
            }
            Map<String, String> annotation = new TreeMap<>();
            for (Pod p : server.admin().pods().inNamespace(NS).list().getItems()) {
                assertThat(p.getSpec().getNodeName()).isEqualTo("protect-node");
                Map<String, String> a = p.getMetadata().getAnnotations();
                annotation.put(p.getMetadata().getName(), a == null ? "none" : a.getOrDefault(DoNotDisrupt.ANNOTATION, "none"));
            }
            return annotation;
        } finally {
            server.reset(NS);
        }
    }
}

package io.execplace.kubernetes.real;

import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.scenario.CapacityScenarios;
import io.execplace.kubernetes.scenario.FilterScenarios;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Node;
import io.execplace.kubernetes.scenario.TestCluster;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The scheduler on a real kube-apiserver: deploy/rbac.yaml applied for real, the scheduler
 * authenticating as its ServiceAccount, nodes created as API objects; kube-scheduler's filters,
 * one scenario each (the same scenarios run on the mock in {@code FiltersTest}).
 */
class RealApiServerTest {

    private static RealApiServer server;
    private static KubernetesClient scheduler;

    @BeforeAll
    static void startServer() {
        server = RealApiServer.shared();
        server.apply("deploy/rbac.yaml");
        scheduler = server.asServiceAccount("kube-system", "execplace-scheduler");
    }

    @AfterAll
    static void closeClient() {
        if (scheduler != null) {
            scheduler.close();
        }
    }

    @BeforeEach
    void clean() {
        server.reset(FilterScenarios.NS);
    }

    private static final TestCluster REAL = new TestCluster() {
        @Override
        public KubernetesClient admin() {
            return server.admin();
        }

        @Override
        public KubernetesClient schedulerClient() {
            return scheduler;
        }

        @Override
        public void namespace(String name) {
            server.namespace(name);
        }

        @Override
        public void createNode(Node node) {
            server.createReadyNode(node);
        }
    };

    /** A new node is tainted not-ready by the server until the control plane sees it Ready: nothing may go there. */
    @Test
    void newNodesWaitForTheNotReadyTaintToGo() {
        server.namespace(FilterScenarios.NS);
        server.admin().resource(TestObjects.node("fresh", "small", 8, 32).build()).create();
        assertThat(server.admin().nodes().withName("fresh").get().getSpec().getTaints())
                .anySatisfy(t -> assertThat(t.getKey()).isEqualTo(RealApiServer.NOT_READY));
        server.admin().resource(TestObjects.executor(FilterScenarios.NS, "early", 1, "1", "1Gi", "execplace").build()).create();
        try (KubernetesScheduler s = REAL.start(new FirstFit())) {
            REAL.awaitCache(s, 1, 1);
            CycleReport r = s.scheduleOnce();
            assertThat(r.bound()).isEmpty();
            assertThat(r.unschedulable()).singleElement().asString()
                    .contains("1 node(s) had taint {node.kubernetes.io/not-ready: }, that the pod didn't tolerate");
        }
    }

    @Test
    void theServiceAccountHasLeastPrivilege() {
        assertThat(scheduler.pods().inAnyNamespace().list().getItems()).isNotNull();
        assertThat(scheduler.nodes().list().getItems()).isNotNull();
        assertThatThrownBy(() -> scheduler.nodes().resource(new NodeBuilder().withNewMetadata().withName("x").endMetadata()
                .build()).create()).isInstanceOfSatisfying(KubernetesClientException.class,
                e -> assertThat(e.getCode()).isEqualTo(403));
        assertThatThrownBy(() -> scheduler.pods().inNamespace(FilterScenarios.NS).withName("any").delete())
                .isInstanceOfSatisfying(KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(403));
    }

    /** With deploy/rbac-cordon.yaml: an emptied node is cordoned and annotated, and uncordoned when demand returns. */
    @Test
    void cordonsEmptyNodesAndUncordonsThemForDemand() {
        server.apply("deploy/rbac-cordon.yaml");
        server.namespace(FilterScenarios.NS);
        server.createReadyNode(TestObjects.node("n1", "small", 4, 16).build());
        server.createReadyNode(TestObjects.node("n2", "small", 4, 16).build());
        server.admin().resource(TestObjects.executor(FilterScenarios.NS, "a", 1, "2", "2Gi", "execplace").build()).create();
        KubernetesScheduler s = new KubernetesScheduler(scheduler, new FirstFit(), io.execplace.kubernetes.mock.Harness.PRICES,
                io.execplace.kubernetes.mock.Harness.settings().cordonEmpty(true).build(),
                new io.execplace.kubernetes.mock.ManualClock(io.execplace.kubernetes.mock.Harness.START));
        try (s) {
            s.start(java.time.Duration.ofSeconds(30));
            REAL.awaitCache(s, 1, 2);
            assertThat(s.scheduleOnce().bound()).extracting(io.execplace.kubernetes.run.Decision::node).containsExactly("n1");
            awaitCache(s, () -> s.cachedPods().get(0).getSpec().getNodeName() != null);
            s.scheduleOnce();
            server.admin().pods().inNamespace(FilterScenarios.NS).withName("a-exec-1").withGracePeriod(0).delete();
            REAL.awaitCache(s, 0, 2);
            assertThat(s.scheduleOnce().emptyNodes()).containsExactly("n1");
            Node n1 = server.admin().nodes().withName("n1").get();
            assertThat(n1.getSpec().getUnschedulable()).isTrue();
            assertThat(n1.getMetadata().getAnnotations()).containsEntry("execplace.io/cordoned-by", "execplace");
            // Two executors of 4 cores: one fits n2, the other needs n1 back.
            server.admin().resource(TestObjects.executor(FilterScenarios.NS, "b", 1, "4", "2Gi", "execplace").build()).create();
            server.admin().resource(TestObjects.executor(FilterScenarios.NS, "b", 2, "4", "2Gi", "execplace").build()).create();
            awaitCache(s, () -> s.cachedPods().size() == 2 && s.cachedNodes().stream()
                    .anyMatch(n -> "n1".equals(n.getMetadata().getName()) && Boolean.TRUE.equals(n.getSpec().getUnschedulable())));
            assertThat(s.scheduleOnce().bound()).isEmpty();
            assertThat(server.admin().nodes().withName("n1").get().getSpec().getUnschedulable()).isNotEqualTo(Boolean.TRUE);
            awaitCache(s, () -> s.cachedNodes().stream()
                    .anyMatch(n -> "n1".equals(n.getMetadata().getName()) && !Boolean.TRUE.equals(n.getSpec().getUnschedulable())));
            assertThat(s.scheduleOnce().bound()).extracting(io.execplace.kubernetes.run.Decision::node)
                    .containsExactlyInAnyOrder("n1", "n2");
        }
    }

    private static void awaitCache(KubernetesScheduler s, java.util.concurrent.Callable<Boolean> condition) {
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).pollInterval(java.time.Duration.ofMillis(20))
                .until(condition);
    }

    /** Every manifest of the Kustomize base in deploy/, and rbac-cordon.yaml, passes the real server's validation (server-side dry run). */
    @Test
    void deployManifestsPassAServerSideDryRun() throws Exception {
        java.nio.file.Path deploy = RealApiServer.REPOSITORY.resolve("deploy");
        java.util.List<String> files = new java.util.ArrayList<>();
        boolean inResources = false;
        for (String line : java.nio.file.Files.readAllLines(deploy.resolve("kustomization.yaml"))) {
            if (line.startsWith("resources:")) {
                inResources = true;
            } else if (inResources && line.startsWith("  - ")) {
                files.add(line.substring(4).trim());
            } else if (!line.startsWith("#") && !line.isBlank()) {
                inResources = false;
            }
        }
        assertThat(files).containsExactly("rbac.yaml", "deployment.yaml");
        files.add("rbac-cordon.yaml");
        int checked = 0;
        for (String file : files) {
            try (java.io.InputStream in = java.nio.file.Files.newInputStream(deploy.resolve(file))) {
                for (io.fabric8.kubernetes.api.model.HasMetadata item : server.admin().load(in).items()) {
                    assertThat(server.admin().resource(item).dryRun().createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update))
                            .as("%s %s in %s", item.getKind(), item.getMetadata().getName(), file).isNotNull();
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(9);
        assertThat(server.admin().apps().deployments().inNamespace("kube-system").withName("execplace-scheduler").get())
                .as("a dry run creates nothing").isNull();
    }

    /**
     * kube-scheduler's SchedulingGates on a server that has them (Kubernetes 1.27 and later, e.g.
     * {@code -Dexecplace.kubeRelease=1.37.2}): a gated executor is neither bound nor reported
     * unschedulable, and is bound once its gate is removed. Kubernetes 1.20 drops the field, so
     * there the test is skipped (the mock covers it in {@code FiltersTest}).
     */
    @Test
    void gatedPodsWaitForTheirGates() {
        org.junit.jupiter.api.Assumptions.assumeTrue(server.minorVersion() >= 27,
                "Kubernetes 1." + server.minorVersion() + " has no scheduling gates");
        server.namespace(FilterScenarios.NS);
        server.createReadyNode(TestObjects.node("n1", "small", 8, 32).build());
        server.admin().resource(TestObjects.executor(FilterScenarios.NS, "gated", 1, "1", "1Gi", "execplace").editSpec()
                .withSchedulingGates(new io.fabric8.kubernetes.api.model.PodSchedulingGateBuilder()
                        .withName("example.com/quota").build()).endSpec().build()).create();
        try (KubernetesScheduler s = REAL.start(new FirstFit())) {
            REAL.awaitCache(s, 1, 1);
            CycleReport r = s.scheduleOnce();
            assertThat(r.bound()).isEmpty();
            assertThat(r.unschedulable()).isEmpty();
            server.admin().pods().inNamespace(FilterScenarios.NS).withName("gated-exec-1").edit(p -> {
                p.getSpec().setSchedulingGates(java.util.List.of());
                return p;
            });
            awaitCache(s, () -> s.cachedPods().size() == 1 && (s.cachedPods().get(0).getSpec().getSchedulingGates() == null
                    || s.cachedPods().get(0).getSpec().getSchedulingGates().isEmpty()));
            assertThat(s.scheduleOnce().bound()).extracting(io.execplace.kubernetes.run.Decision::node).containsExactly("n1");
        }
        assertThat(server.admin().pods().inNamespace(FilterScenarios.NS).withName("gated-exec-1").get().getSpec().getNodeName())
                .isEqualTo("n1");
    }

    /**
     * {@code --driver-gang} on a real server: of two drivers whose executors fit the node only one
     * application at a time, one is bound with its executors' room held, the other waits; the
     * executors then bind where their room was.
     */
    @Test
    void aDriverIsBoundOnlyWithRoomForItsExecutors() {
        server.namespace(FilterScenarios.NS);
        server.createReadyNode(TestObjects.node("n1", "small", 4, 16).build());
        Map<String, String> gang = Map.of("execplace.io/executors", "3", "execplace.io/executor-cpu", "1",
                "execplace.io/executor-memory", "2Gi");
        for (String app : new String[] {"a", "b"}) {
            server.admin().resource(TestObjects.driver(FilterScenarios.NS, app, "1", "1Gi", "execplace", gang).build()).create();
        }
        KubernetesScheduler s = new KubernetesScheduler(scheduler, new FirstFit(), io.execplace.kubernetes.mock.Harness.PRICES,
                io.execplace.kubernetes.mock.Harness.settings().driverGang(true).build(),
                new io.execplace.kubernetes.mock.ManualClock(io.execplace.kubernetes.mock.Harness.START));
        try (s) {
            s.start(java.time.Duration.ofSeconds(30));
            REAL.awaitCache(s, 2, 1);
            CycleReport first = s.scheduleOnce();
            assertThat(first.bound()).extracting(io.execplace.kubernetes.run.Decision::pod).containsExactly(FilterScenarios.NS + "/a-driver");
            assertThat(first.unschedulable()).singleElement().asString().contains("(--driver-gang)");
            for (int i = 1; i <= 3; i++) {
                server.admin().resource(TestObjects.executor(FilterScenarios.NS, "a", i, "1", "2Gi", "execplace").build()).create();
            }
            awaitCache(s, () -> s.cachedPods().size() == 5);
            CycleReport second = s.scheduleOnce();
            assertThat(second.bound()).extracting(io.execplace.kubernetes.run.Decision::node).containsExactly("n1", "n1", "n1");
            assertThat(second.unschedulable()).singleElement().asString().startsWith(FilterScenarios.NS + "/b-driver:");
        }
        assertThat(server.admin().pods().inNamespace(FilterScenarios.NS).withName("b-driver").get().getSpec().getNodeName()).isNull();
    }

    @Test
    void taints() {
        FilterScenarios.taints(REAL);
    }

    @Test
    void nodeAffinityAndSelector() {
        FilterScenarios.nodeAffinity(REAL);
    }

    @Test
    void extendedResourcesAndPodLimit() {
        FilterScenarios.extendedResourcesAndPodLimit(REAL);
    }

    @Test
    void noNodePasses() {
        FilterScenarios.noNodePasses(REAL);
    }

    @Test
    void driversOffSpot() {
        CapacityScenarios.driversOffSpot(REAL);
    }

    @Test
    void driverWaitsWithOnlySpot() {
        CapacityScenarios.driverWaitsWithOnlySpot(REAL);
    }

    @Test
    void executorsFinishTogether() {
        CapacityScenarios.executorsFinishTogether(REAL);
    }
}

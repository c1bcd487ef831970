package io.execplace.kubernetes.real;

import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Job;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.sim.ClusterState;
import io.execplace.kubernetes.bind.DoNotDisrupt;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.disruption.DrainSettings;
import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.run.Decision;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.schedulers.elastic.FinishTogetherProtected;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code finish-together-protected} under {@code --protect-executors} on a real kube-apiserver with
 * Karpenter's NodePool CRD (a committed copy of v1.15.0's): each node's consolidation rule comes from its
 * NodePool ({@code karpenter.sh/nodepool} label), and the protections bound are the ones the simulator's
 * policy chooses for the same cluster and pending applications — a duration where an eviction costs more
 * than the node time a drain keeps, nothing elsewhere and nothing on a pool that removes only empty nodes.
 * Without NodePools (or with {@code --ignore-nodepools}) the options' rule holds.
 */
class NodePoolProtectionTest {

    private static final String NS = "nodepools";
    private static final ResourceDefinitionContext NODEPOOLS = new ResourceDefinitionContext.Builder()
            .withGroup("karpenter.sh").withVersion("v1").withKind("NodePool").withPlural("nodepools").withNamespaced(false).build();
    /** "small" of Harness.PRICES: 16 cores, 64 GiB at 0.10 an hour. */
    private static final InstanceType SMALL = new InstanceType("small", 16, 64, 0.10, 0.10);

    /**
     * Nodes np-1 (pool {@code quiet}) and np-2, np-3 (pool {@code steady}); applications a (8 × 2 cores: fills a
     * node), b (1 × 2 cores) and c (8 × 2 cores), 600 s each (within {@code consolidateAfter} 10m + 15 s, so
     * no exposure to weigh on either side). The NodePools say quiet is WhenEmpty, steady
     * WhenEmptyOrUnderutilized. Needs a server of 1.25 or later: v1.15.0's CRD carries CEL validation
     * rules, and the 1.20.2 build crashes on creating a custom object (its json-iterator under Go 1.19).
     */
    @Test
    void protectionsFollowEachNodesNodePoolAsInTheSimulator() {
        assumeTrue(RealApiServer.shared().minorVersion() >= 25,
                "Karpenter's NodePool CRD needs kube-apiserver 1.25 or later (-Dexecplace.kubeRelease=1.37.2)");
        Bound k8s = bind(true, DrainSettings.DEFAULTS);
        Map<String, String> expected = asInTheSimulator(k8s, ConsolidationPolicy.WHEN_EMPTY);
        assertThat(k8s.annotations()).isEqualTo(expected);
        // the rule chose: executors that fill a node of the under-used pool protected for the run, none on the WhenEmpty pool's node
        assertThat(expected).containsValue("600s").containsValue("none");
        assertThat(k8s.nodes().entrySet()).filteredOn(e -> e.getValue().equals("np-1"))
                .allSatisfy(e -> assertThat(expected.get(e.getKey())).isEqualTo("none"));
    }

    /** Without NodePools, the options' rule for every node: Karpenter's default drains under-used nodes, WhenEmpty none. */
    @Test
    void withoutNodePoolsTheOptionsRuleHoldsAsInTheSimulator() {
        Bound underused = bind(false, DrainSettings.DEFAULTS.withReadNodePools(false));
        Map<String, String> expected = asInTheSimulator(underused, ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED);
        assertThat(underused.annotations()).isEqualTo(expected);
        assertThat(expected).containsValue("600s");
        Bound whenEmpty = bind(false, DrainSettings.DEFAULTS.withRule("WhenEmpty", "0s").withReadNodePools(false));
        assertThat(whenEmpty.annotations()).hasSize(17).allSatisfy((pod, a) -> assertThat(a).isEqualTo("none"));
    }

    /**
     * The simulator's {@code finish-together-protected} on the same cluster — node np-1 of pool quiet (rule
     * {@code quietRule}), np-2 and np-3 of pool steady (WhenEmptyOrUnderutilized), live and empty, 90 s
     * launches as {@code --node-launch-seconds} — for the same jobs in the same order: each must be the
     * placement and protections the scheduler chose; the annotations they make, by pod.
     */
    private static Map<String, String> asInTheSimulator(Bound k8s, ConsolidationPolicy quietRule) {
        assertThat(k8s.jobs()).hasSize(3);
        NodePool quiet = pool("quiet", quietRule, 16);
        NodePool steady = pool("steady", ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED, 32);
        ClusterState sim = new ClusterState(new NodePools("same", List.of(quiet, steady), false).cluster(), k8s.durations());
        // buy the three nodes and let them go empty, as the API server's nodes are
        Job warm = new Job(99, k8s.jobs().get(0).type(), 0, 3, 1, 1, 10, Job.NO_DEADLINE);
        Placement all = Placement.of(0, 1, 2);
        sim.start(warm, all, 100);
        sim.advanceTo(100);
        sim.finish(warm, all);
        sim.advanceTo(1000);
        FinishTogetherProtected policy = new FinishTogetherProtected();
        Map<String, String> expected = new TreeMap<>();
        for (int j = 0; j < k8s.jobs().size(); j++) {
            Job job = k8s.jobs().get(j);
            Placement p = policy.place(job, sim);
            Placement got = k8s.placements().get(j);
            assertThat(got.executors()).isEqualTo(p.executors());
            for (int e = 0; e < p.executors(); e++) {
                assertThat(got.vm(e)).as("job %d executor %d", j, e).isEqualTo(p.vm(e));
                assertThat(got.protectionSeconds(e)).as("job %d executor %d", j, e).isEqualTo(p.protectionSeconds(e));
                expected.put(k8s.names().get(j) + "-exec-" + (e + 1), annotation(p.protectionSeconds(e)));
            }
            sim.start(job, p, sim.now() + 600);
        }
        return expected;
    }

    private static String annotation(double seconds) {
        return DoNotDisrupt.annotation(seconds).getOrDefault(DoNotDisrupt.ANNOTATION, "none");
    }

    private static NodePool pool(String name, ConsolidationPolicy policy, int cores) {
        return NodePool.builder(name).instanceTypes(List.of(SMALL)).limitCores(cores).launchDelay(LaunchDelay.constant(90))
                .consolidateAfter(600).consolidationPolicy(policy).build();
    }

    /** What one cycle of the scheduler bound: the jobs and placements the policy gave, and each pod's annotation. */
    private record Bound(List<String> names, List<Job> jobs, List<Placement> placements, DurationModel durations,
                         Map<String, String> annotations, Map<String, String> nodes) {
    }

    private static Bound bind(boolean readNodePools, DrainSettings drains) {
        RealApiServer server = RealApiServer.shared();
        server.apply("deploy/rbac.yaml");
        if (readNodePools) {
            server.apply("kubernetes/src/test/resources/karpenter/karpenter.sh_nodepools.yaml");
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> established(server.admin()));
        }
        server.namespace(NS);
        server.reset(NS);
        List<String> names = new ArrayList<>();
        List<Job> jobs = new ArrayList<>();
        List<Placement> placements = new ArrayList<>();
        DurationModel[] durations = new DurationModel[1];
        PlacementPolicy recording = new PlacementPolicy() {
            private final FinishTogetherProtected base = new FinishTogetherProtected();

            @Override
            public String name() {
                return base.name();
            }

            @Override
            public boolean namesProtections() {
                return base.namesProtections();
            }

            @Override
            public Placement place(Job job, ClusterView view) {
                Placement p = base.place(job, view);
                jobs.add(job);
                placements.add(p);
                durations[0] = view.durationModel();
                return p;
            }
        };
        try (KubernetesClient scheduler = server.asServiceAccount("kube-system", "execplace-scheduler")) {
            if (readNodePools) {
                nodePool(server.admin(), "quiet", "WhenEmpty");
                nodePool(server.admin(), "steady", "WhenEmptyOrUnderutilized");
            }
            server.createReadyNode(node("np-1", "quiet"));
            server.createReadyNode(node("np-2", "steady"));
            server.createReadyNode(node("np-3", "steady"));
            int pods = 0;
            for (Map.Entry<String, Integer> app : List.of(Map.entry("a", 8), Map.entry("b", 1), Map.entry("c", 8))) {
                names.add(app.getKey());
                for (int i = 1; i <= app.getValue(); i++) {
                    server.admin().resource(TestObjects.executor(NS, app.getKey(), i, "2", "2Gi", "execplace").build()).create();
                    pods++;
                }
            }
            int expectedPods = pods;
            try (KubernetesScheduler s = new KubernetesScheduler(scheduler, recording, Harness.PRICES,
                    Harness.settings().namespace(NS).protectExecutors(true).drains(drains).build(), new ManualClock(Harness.START))) {
                s.start(Duration.ofSeconds(30));
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(10))
                        .until(() -> s.cachedPods().size() == expectedPods && s.cachedNodes().size() == 3);
                io.execplace.kubernetes.run.CycleReport report = s.scheduleOnce();
                assertThat(report.bound()).as("%s", report).extracting(Decision::node).hasSize(expectedPods);
            }
            Map<String, String> annotations = new TreeMap<>();
            Map<String, String> nodes = new TreeMap<>();
            for (Pod p : server.admin().pods().inNamespace(NS).list().getItems()) {
                nodes.put(p.getMetadata().getName(), p.getSpec().getNodeName());
                Map<String, String> a = p.getMetadata().getAnnotations();
                annotations.put(p.getMetadata().getName(), a == null ? "none" : a.getOrDefault(DoNotDisrupt.ANNOTATION, "none"));
            }
            return new Bound(names, jobs, placements, durations[0], annotations, nodes);
        } finally {
            server.reset(NS);
            if (readNodePools) {
                server.admin().genericKubernetesResources(NODEPOOLS).delete();
            }
        }
    }

    private static boolean established(KubernetesClient admin) {
        CustomResourceDefinition crd = admin.apiextensions().v1().customResourceDefinitions().withName("nodepools.karpenter.sh").get();
        return crd != null && crd.getStatus() != null && crd.getStatus().getConditions() != null && crd.getStatus().getConditions()
                .stream().anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    private static io.fabric8.kubernetes.api.model.Node node(String name, String pool) {
        return TestObjects.node(name, "small", 16, 64).editMetadata().addToLabels(Labels.KARPENTER_NODEPOOL, pool)
                .addToLabels(Labels.KARPENTER_REGISTERED, "true").endMetadata().build();
    }

    /** A NodePool with only what the CRD requires besides its disruption rule (consolidateAfter 10m). */
    private static void nodePool(KubernetesClient admin, String name, String policy) {
        GenericKubernetesResource pool = new GenericKubernetesResource();
        pool.setApiVersion("karpenter.sh/v1");
        pool.setKind("NodePool");
        pool.setMetadata(new io.fabric8.kubernetes.api.model.ObjectMetaBuilder().withName(name).build());
        Map<String, Object> requirement = Map.of("key", "karpenter.sh/capacity-type", "operator", "In", "values", List.of("on-demand"));
        Map<String, Object> template = Map.of("spec", Map.of(
                "nodeClassRef", Map.of("group", "karpenter.k8s.aws", "kind", "EC2NodeClass", "name", "default"),
                "requirements", List.of(requirement)));
        pool.setAdditionalProperties(Map.of("spec", Map.of(
                "disruption", Map.of("consolidationPolicy", policy, "consolidateAfter", "10m"), "template", template)));
        admin.genericKubernetesResources(NODEPOOLS).resource(pool).create();
    }
}

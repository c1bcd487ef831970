package io.execplace.kubernetes.run;

import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.AppSpec;
import io.execplace.kubernetes.spark.PendingApplication;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pure cycle planner over many seeded cycles of random clusters (taints, labels, GPUs, pod
 * limits, fractional CPU) and applications (tolerations, selectors, GPUs): every application is
 * planned or rejected with a code, a planned gang never breaks a filter, and no node ever holds
 * more than it has (CPU, memory, GPUs, pods), counted again from scratch after every cycle.
 */
class CyclePlannerPropertyTest {

    private static final PriceTable PRICES = PriceTable.of(Map.of("a", 0.1, "b", 0.2, "c", 0.4));

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void plansKeepFiltersAndCapacity(int seed) {
        Random rnd = new Random(seed);
        NodeReader reader = new NodeReader(() -> PRICES, "execplace.io/site", Site.CLOUD);
        List<NodeInfo> nodes = new ArrayList<>();
        int nodeCount = 3 + rnd.nextInt(10);
        for (int i = 0; i < nodeCount; i++) {
            Map<String, String> alloc = new HashMap<>(Map.of("cpu", (2 + rnd.nextInt(14)) + "", "memory", (4 + rnd.nextInt(60)) + "Gi",
                    "pods", (1 + rnd.nextInt(12)) + ""));
            if (rnd.nextBoolean()) {
                alloc.put("nvidia.com/gpu", rnd.nextInt(4) + "");
            }
            var b = TestObjects.node(String.format("n%02d", i), List.of("a", "b", "c").get(rnd.nextInt(3)), alloc)
                    .editMetadata().addToLabels("pool", rnd.nextBoolean() ? "spark" : "other").endMetadata();
            Node n = rnd.nextInt(4) == 0 ? TestObjects.tainted(b, List.of(TestObjects.taint("dedicated", "x", "NoSchedule"))) : b.build();
            nodes.add(reader.read(n).info());
        }
        PlacementPolicy policy = rnd.nextBoolean() ? new Gio() : new FirstFit();
        CyclePlanner planner = new CyclePlanner(policy, new Feasibility(Feasibility.defaultFilters()), QueuePolicy.FCFS,
                rnd.nextBoolean(), rnd.nextBoolean(), nanos -> { });
        Map<String, List<Pod>> boundOn = new HashMap<>();
        for (int cycle = 0; cycle < 8; cycle++) {
            List<PendingApplication> apps = new ArrayList<>();
            List<Long> requests = new ArrayList<>();
            for (int a = 0; a < 1 + rnd.nextInt(5); a++) {
                String app = "s" + seed + "c" + cycle + "a" + a;
                String cpu = List.of("500m", "1", "1500m", "2", "3").get(rnd.nextInt(5));
                String memory = (1 + rnd.nextInt(8)) + "Gi";
                boolean gpu = rnd.nextInt(4) == 0;
                boolean tolerant = rnd.nextBoolean();
                boolean selective = rnd.nextInt(3) == 0;
                List<Pod> pods = new ArrayList<>();
                for (int x = 1; x <= 1 + rnd.nextInt(6); x++) {
                    var pb = TestObjects.executor("ns", app, x, cpu, memory, "execplace");
                    if (gpu) {
                        pb.editSpec().editFirstContainer().editResources().addToRequests("nvidia.com/gpu", new Quantity("1"))
                                .endResources().endContainer().endSpec();
                    }
                    if (tolerant) {
                        pb.editSpec().addNewToleration().withKey("dedicated").withOperator("Exists").endToleration().endSpec();
                    }
                    if (selective) {
                        pb.editSpec().withNodeSelector(Map.of("pool", "spark")).endSpec();
                    }
                    pods.add(pb.build());
                }
                Pod first = pods.get(0);
                apps.add(new PendingApplication("ns/" + app, "ns", pods, Resources.podCpuMillis(first), Resources.podMemoryBytes(first),
                        new AppSpec(JobType.GENERIC, cycle * 10 + a, 600, Double.NaN)));
                requests.add(Resources.podCpuMillis(first));
            }
            ClusterSnapshot snapshot = ClusterSnapshot.of(nodes, cycle * 10, ClusterSnapshot.cpuUnitFor(requests));
            boundOn.forEach((node, pods) -> pods.forEach(p -> snapshot.addPod(node, Resources.podCpuMillis(p), Resources.podMemoryBytes(p),
                    Resources.podOtherRequests(p), true, Double.NaN)));
            CyclePlanner.Plan plan = planner.plan(apps, snapshot, nodes);
            assertThat(plan.planned().size() + plan.rejected().size()).isLessThanOrEqualTo(apps.size());
            for (CyclePlanner.Planned pl : plan.planned()) {
                assertThat(pl.targets()).hasSize(pl.app().pods().size());
                for (int i = 0; i < pl.targets().size(); i++) {
                    String target = pl.targets().get(i);
                    Node node = nodes.stream().filter(n -> n.name().equals(target)).findFirst().orElseThrow().source();
                    for (var f : List.of(new io.execplace.kubernetes.filter.TaintToleration(), new io.execplace.kubernetes.filter.NodeAffinity())) {
                        assertThat(f.reject(pl.app().pods().get(i), node)).as("%s on %s", f.name(), target).isNull();
                    }
                    boundOn.computeIfAbsent(target, k -> new ArrayList<>()).add(pl.app().pods().get(i));
                }
            }
            for (CyclePlanner.Rejected r : plan.rejected()) {
                assertThat(r.code()).isNotNull();
                assertThat(r.code()).isNotIn(Rejection.POLICY_FAILED, Rejection.INVALID_PLACEMENT);
            }
            for (NodeInfo n : nodes) {
                List<Pod> on = boundOn.getOrDefault(n.name(), List.of());
                assertThat(on.stream().mapToLong(Resources::podCpuMillis).sum()).as("cpu on %s", n.name())
                        .isLessThanOrEqualTo(n.allocatableCpuMillis());
                assertThat(on.stream().mapToLong(Resources::podMemoryBytes).sum()).isLessThanOrEqualTo(n.allocatableMemoryBytes());
                assertThat(on.stream().mapToLong(p -> Resources.podOtherRequests(p).getOrDefault("nvidia.com/gpu", 0L)).sum())
                        .as("gpus on %s", n.name()).isLessThanOrEqualTo(n.otherAllocatable("nvidia.com/gpu"));
                assertThat((long) on.size()).as("pods on %s", n.name()).isLessThanOrEqualTo(n.podLimit());
            }
        }
    }
}

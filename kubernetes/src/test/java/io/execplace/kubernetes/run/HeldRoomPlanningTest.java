package io.execplace.kubernetes.run;

import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.AppSpec;
import io.execplace.kubernetes.spark.PendingApplication;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Executors that come to room held for them go where it was held, not where the policy would now put them. */
class HeldRoomPlanningTest {

    private static final PriceTable PRICES = PriceTable.of(Map.of("small", 0.1));

    /** Two nodes of 8 cores and 32 GiB, n1 and n2 (also {@link RoomWaitTest}'s). */
    static List<NodeInfo> nodes() {
        NodeReader reader = new NodeReader(() -> PRICES, "execplace.io/site", Site.CLOUD);
        List<NodeInfo> nodes = new ArrayList<>();
        for (String name : List.of("n1", "n2")) {
            nodes.add(reader.read(TestObjects.node(name, "small", 8, 32).build()).info());
        }
        return nodes;
    }

    private static PendingApplication executors(int n, String cpu) {
        List<Pod> pods = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            pods.add(TestObjects.executor("spark", "a", i, cpu, "2Gi", "execplace").build());
        }
        long millis = cpu.endsWith("m") ? Long.parseLong(cpu.substring(0, cpu.length() - 1)) : Long.parseLong(cpu) * 1000;
        return new PendingApplication("spark/a", "spark", pods, millis, 2L << 30, new AppSpec(JobType.GENERIC, 0, 600, Double.NaN));
    }

    private static CyclePlanner.Plan plan(PendingApplication app, HeldRoom held) {
        List<NodeInfo> nodes = nodes();
        ClusterSnapshot snapshot = ClusterSnapshot.of(nodes, 0, 1000);
        held.hold(snapshot);
        CyclePlanner planner = new CyclePlanner(new FirstFit(), new Feasibility(Feasibility.defaultFilters()), QueuePolicy.FCFS,
                false, false, nanos -> { });
        return planner.plan(List.of(app), snapshot, nodes, Map.of("spark/a", held));
    }

    @Test
    void executorsGoToTheirHeldNodesFirstFirst() {
        // first-fit would put both on n1; the room held for them is on n2
        CyclePlanner.Plan plan = plan(executors(2, "1"), new HeldRoom(1000, 2L << 30, List.of("n2", "n2", "n2")));
        assertThat(plan.planned()).singleElement().satisfies(p -> {
            assertThat(p.targets()).containsExactly("n2", "n2");
            assertThat(p.heldRoom()).isNull();
        });
    }

    @Test
    void executorsLargerThanTheirHeldRoomAreLeftToThePolicy() {
        // held for 1-core executors, but each asks for 5 cores: n2 (8 cores) cannot take both; first-fit places them
        CyclePlanner.Plan plan = plan(executors(2, "5"), new HeldRoom(1000, 2L << 30, List.of("n2", "n2")));
        assertThat(plan.planned()).singleElement().satisfies(p -> assertThat(p.targets()).containsExactly("n1", "n2"));
    }
}

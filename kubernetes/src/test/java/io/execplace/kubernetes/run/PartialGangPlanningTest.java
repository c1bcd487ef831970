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

/** {@code --partial-gangs}: what fits of a gang is placed, only the rest stays pending (for a provisioner to buy for). */
class PartialGangPlanningTest {

    private static final PriceTable PRICES = PriceTable.of(Map.of("small", 0.1));

    /** Two nodes of 8 cores; {@code usedOnN1} cores of n1 taken by a bound pod. */
    private static CyclePlanner.Plan plan(int executors, int cores, long usedOnN1, boolean partial) {
        NodeReader reader = new NodeReader(() -> PRICES, "execplace.io/site", Site.CLOUD);
        List<NodeInfo> nodes = new ArrayList<>();
        for (String name : List.of("n1", "n2")) {
            nodes.add(reader.read(TestObjects.node(name, "small", 8, 32).build()).info());
        }
        ClusterSnapshot snapshot = ClusterSnapshot.of(nodes, 0, 1000);
        if (usedOnN1 > 0) {
            snapshot.addPod("n1", usedOnN1 * 1000, 1L << 30, false, Double.NaN);
        }
        List<Pod> pods = new ArrayList<>();
        for (int i = 1; i <= executors; i++) {
            pods.add(TestObjects.executor("spark", "a", i, Integer.toString(cores), "2Gi", "execplace").build());
        }
        PendingApplication app = new PendingApplication("spark/a", "spark", pods, cores * 1000L, 2L << 30,
                new AppSpec(JobType.GENERIC, 0, 600, Double.NaN));
        CyclePlanner planner = new CyclePlanner(new FirstFit(), new Feasibility(Feasibility.defaultFilters()), QueuePolicy.FCFS,
                false, false, nanos -> { }, partial);
        return planner.plan(List.of(app), snapshot, nodes);
    }

    private static List<String> names(PendingApplication app) {
        return app.pods().stream().map(p -> p.getMetadata().getName()).toList();
    }

    @Test
    void withoutTheOptionAGangThatDoesNotFitWholeWaitsWhole() {
        CyclePlanner.Plan plan = plan(3, 3, 6, false);
        assertThat(plan.planned()).isEmpty();
        assertThat(plan.rejected()).singleElement().satisfies(r -> assertThat(r.app().pods()).hasSize(3));
    }

    @Test
    void whatFitsNowIsPlacedAndOnlyTheRestWaits() {
        // n1 has 2 cores free, n2 8: two 3-core executors fit (on n2), the third does not
        CyclePlanner.Plan plan = plan(3, 3, 6, true);
        assertThat(plan.planned()).singleElement().satisfies(p -> {
            assertThat(p.targets()).containsExactly("n2", "n2");
            assertThat(p.app().pods()).hasSize(2);
        });
        assertThat(plan.rejected()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(Rejection.NO_PLACEMENT);
            assertThat(r.app().pods()).hasSize(1);
            assertThat(r.message()).startsWith("2 of 3 executors placed");
        });
        List<String> placed = names(plan.planned().get(0).app());
        assertThat(placed).doesNotContainAnyElementsOf(names(plan.rejected().get(0).app()));
    }

    @Test
    void aGangLargerThanTheClusterIsPlacedAsFarAsItFits() {
        // five 3-core executors, room for two on each 8-core node even when empty
        CyclePlanner.Plan plan = plan(5, 3, 0, true);
        assertThat(plan.planned()).singleElement().satisfies(p -> assertThat(p.targets()).hasSize(4));
        assertThat(plan.rejected()).singleElement().satisfies(r -> {
            assertThat(r.code()).isEqualTo(Rejection.GANG_NEVER_FITS);
            assertThat(r.app().pods()).hasSize(1);
        });
    }

    @Test
    void aGangThatFitsIsPlacedWhole() {
        CyclePlanner.Plan plan = plan(4, 3, 0, true);
        assertThat(plan.planned()).singleElement().satisfies(p -> assertThat(p.targets()).hasSize(4));
        assertThat(plan.rejected()).isEmpty();
    }
}

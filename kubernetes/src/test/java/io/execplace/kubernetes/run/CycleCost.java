package io.execplace.kubernetes.run;

import io.execplace.core.model.Site;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.observe.EventRecorder;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.ApplicationGrouper;
import io.execplace.kubernetes.spark.Grouping;
import io.execplace.kubernetes.spark.PodFacts;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Benchmark (not a test): the CPU time of one scheduling cycle without the API server — reading the
 * pod cache, grouping, the snapshot, planning — with many bound pods (by default 50,000 executors of
 * 10,000 applications on 1,000 nodes) and one application of 5 executors to place. Each cycle sees
 * the same cache, as in a steady stream where one pod changed since the last.
 *
 * <p>Run: {@code mvn -B -o -q -pl kubernetes test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.execplace.kubernetes.run.CycleCost} ({@code -Dk8s.bench.pods=N},
 * {@code -Dk8s.bench.nodes=N}, {@code -Dk8s.bench.boundBy=default-scheduler} for pods another scheduler bound,
 * {@code -Dk8s.bench.spark=false} for pods without Spark's labels).
 */
public final class CycleCost {

    private CycleCost() {
    }

    public static void main(String[] args) {
        int podCount = Integer.getInteger("k8s.bench.pods", 50_000);
        int nodeCount = Integer.getInteger("k8s.bench.nodes", 1_000);
        // who bound the pods: this scheduler (default), or another one (their room is only in the per-node totals)
        String boundBy = System.getProperty("k8s.bench.boundBy", "execplace");
        // false: the bound pods are no Spark pods (a cycle then does not read them one by one)
        boolean spark = Boolean.parseBoolean(System.getProperty("k8s.bench.spark", "true"));
        double now = 1_800_000_000;
        String created = Instant.ofEpochSecond((long) now - 60).toString();
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(TestObjects.node(String.format(Locale.ROOT, "node-%04d", i), "c64", 64, 256).editMetadata()
                    .withResourceVersion("1").endMetadata().build());
        }
        SlimPodStore store = new SlimPodStore("execplace");
        for (int p = 0; p < podCount; p++) {
            Pod pod = TestObjects.executor("spark", "app-" + p / 5, p % 5 + 1, "1", "2Gi", boundBy).editMetadata()
                    .withUid("uid-" + p).withResourceVersion(Integer.toString(10 + p)).withCreationTimestamp(created)
                    .addToAnnotations("execplace.io/expected-duration-seconds", "600").endMetadata()
                    .editSpec().withNodeName(nodes.get(p % nodeCount).getMetadata().getName()).endSpec().build();
            if (!spark) {
                pod.getMetadata().setLabels(Map.of());
            }
            store.put(store.getKey(pod), pod);
        }
        for (int e = 1; e <= 5; e++) {
            Pod pod = TestObjects.executor("spark", "new-app", e, "1", "2Gi", "execplace").editMetadata().withUid("new-" + e)
                    .withResourceVersion("5").withCreationTimestamp(created).endMetadata().build();
            store.put(store.getKey(pod), pod);
        }
        PriceTable prices = PriceTable.of(Map.of("c64", 2.0));
        for (PlacementPolicy policy : List.of(new FirstFit(), new Gio())) {
            ApplicationGrouper grouper = new ApplicationGrouper(Duration.ZERO, 600);
            SnapshotBuilder snapshots = new SnapshotBuilder(new NodeReader(() -> prices, "execplace.io/site", Site.CLOUD), grouper,
                    new EventRecorder(null, "execplace", Clock.systemUTC()), new ProblemLog(), true);
            CyclePlanner planner = new CyclePlanner(policy, new Feasibility(Feasibility.defaultFilters()), QueuePolicy.FCFS,
                    false, false, nanos -> { });
            int cycles = 60;
            long[][] phase = new long[5][cycles];
            // what a cycle did before the per-node totals: read every cached pod's facts, add every bound one to the snapshot
            List<PodFacts> everyPod = store.values().map(PodFacts::of).toList();
            for (int c = 0; c < cycles; c++) {
                long t0 = System.nanoTime();
                PodCacheReading reading = PodCacheReading.read(store.facts(), "execplace", new AssumeCache(), new PodBackoff(), now);
                long t1 = System.nanoTime();
                Grouping grouping = grouper.group(reading.pending(), reading.applications(), Map.of(), now);
                List<NodeInfo> usable = snapshots.usableNodes(nodes);
                ClusterSnapshot snapshot = snapshots.build(usable, now, 1000, reading.oursBound(), store.byNode(),
                        reading.applications(), new AssumeCache());
                long t2 = System.nanoTime();
                CyclePlanner.Plan plan = planner.plan(grouping.ready(), snapshot, usable);
                long t3 = System.nanoTime();
                if (plan.planned().size() != 1) {
                    throw new IllegalStateException("expected the new application planned, got " + plan.planned() + " / " + plan.rejected());
                }
                phase[0][c] = t1 - t0;
                phase[1][c] = t2 - t1;
                phase[2][c] = t3 - t2;
                phase[3][c] = t3 - t0;
                long t4 = System.nanoTime();
                PodCacheReading.read(everyPod, "execplace", new AssumeCache(), new PodBackoff(), now);
                ClusterSnapshot everyBound = ClusterSnapshot.of(usable, now, 1000);
                for (PodFacts f : everyPod) {
                    if (f.bound() && !f.terminal()) {
                        everyBound.addPod(f.node(), f.cpuMillis(), f.memoryBytes(), f.otherRequests(), !f.daemonSet(), Double.NaN);
                    }
                }
                long t5 = System.nanoTime();
                long t6 = System.nanoTime();
                PodCacheReading.read(store.facts(), "execplace", new AssumeCache(), new PodBackoff(), now);
                store.byNode().addTo(ClusterSnapshot.of(usable, now, 1000));
                phase[4][c] = (t5 - t4) - (System.nanoTime() - t6);
            }
            System.out.printf(Locale.ROOT, "%s, %d bound pods (%s, %s) on %d nodes, median of cycles 21-%d: reading the cache %.1f ms,"
                            + " grouping and snapshot %.1f ms, planning %.2f ms, cycle %.1f ms; reading every pod and adding every bound"
                            + " one instead of the per-node totals would add %.1f ms%n", policy.name(), podCount, boundBy,
                    spark ? "Spark pods" : "no Spark labels", nodeCount,
                    cycles, median(phase[0]), median(phase[1]), median(phase[2]), median(phase[3]), median(phase[4]));
        }
    }

    private static double median(long[] nanos) {
        long[] warm = Arrays.copyOfRange(nanos, 20, nanos.length);
        Arrays.sort(warm);
        return warm[warm.length / 2] / 1e6;
    }
}

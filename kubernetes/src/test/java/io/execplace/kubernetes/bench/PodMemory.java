package io.execplace.kubernetes.bench;

import io.execplace.kubernetes.run.SlimPodStore;
import io.execplace.kubernetes.scenario.SparkExecutorPods;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Benchmark (not a test): heap per cached Spark executor pod, as the informer would hold it (each
 * pod deserialized from its own JSON, as from a watch), in full and slimmed as the scheduler's pod
 * store keeps it (with the facts a cycle reads of each pod). Run: {@code mvn -B -o -pl kubernetes -am verify -DskipTests -Pk8s-bench-memory}
 * ({@code -Dk8s.bench.pods=N}, default 50,000).
 */
public final class PodMemory {

    private PodMemory() {
    }

    private static long used() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 4; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    public static void main(String[] args) {
        int n = Integer.getInteger("k8s.bench.pods", 50_000);
        List<String> json = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            json.add(Serialization.asJson(SparkExecutorPods.running("spark", "app-" + (i / 50), i % 50 + 1, "node-" + (i % 1000))));
        }
        long base = used();
        List<Pod> full = new ArrayList<>(n);
        for (String j : json) {
            full.add(Serialization.unmarshal(j, Pod.class));
        }
        long withFull = used();
        // the store as the informer fills it: each pod slimmed, with what a cycle reads of it (PodFacts) by key and uid
        SlimPodStore store = new SlimPodStore("execplace");
        for (Pod p : full) {
            store.put(store.getKey(p), p);
        }
        full.clear();
        long withSlim = used();
        System.out.printf(Locale.ROOT, "%d Spark executor pods (JSON %d bytes each): full %.1f KB per pod, in the scheduler's store"
                        + " (slim pod and its facts) %.2f KB per pod%n",
                n, json.get(0).length(), (withFull - base) / 1024.0 / n, (withSlim - base) / 1024.0 / n);
        if (store.size() != n) {
            throw new IllegalStateException();
        }
    }
}

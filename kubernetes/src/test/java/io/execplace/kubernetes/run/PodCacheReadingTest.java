package io.execplace.kubernetes.run;

import io.execplace.kubernetes.scenario.SparkExecutorPods;
import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cycle's reading of the pod cache decides pending, bound and assumed from one copy: a pod whose
 * binding is in flight stays assumed (never pending) until the copy shows it bound.
 */
class PodCacheReadingTest {

    private static final double NOW = 1_800_000_000;

    private static Pod executor(int id, String node) {
        return new PodBuilder(SparkExecutorPods.running("spark", "app", id, "n1")).editSpec().withNodeName(node).endSpec()
                .withStatus(null).build();
    }

    private static AssumeCache assuming(Pod... pods) {
        AssumeCache assumed = new AssumeCache();
        for (Pod p : pods) {
            assumed.assume(p.getMetadata().getUid(), new AssumeCache.Assumed("n1", 1000, 1L << 30, Map.of(), NOW + 600, NOW + 30));
        }
        return assumed;
    }

    @Test
    void aPodWhoseBindingIsInFlightIsNeitherPendingNorForgotten() {
        Pod inFlight = executor(1, null);
        Pod waiting = executor(2, null);
        AssumeCache assumed = assuming(inFlight);
        // the live cache may already show the binding; this cycle's copy does not
        PodCacheReading r = PodCacheReading.read(List.of(PodFacts.of(inFlight), PodFacts.of(waiting)), "execplace", assumed,
                new PodBackoff(), NOW);
        assertThat(r.pending()).containsExactly(waiting);
        assertThat(assumed.contains(inFlight.getMetadata().getUid())).isTrue();
        String app = PodFacts.of(inFlight).applicationKey();
        assertThat(r.applications().placedExecutors()).containsEntry(app, 1);
        assertThat(r.applications().liveExecutors(app)).isEqualTo(2);
    }

    @Test
    void anAssumptionEndsWhenTheCopyShowsThePodBoundOrGone() {
        Pod bound = executor(1, "n1");
        Pod gone = executor(2, null);
        AssumeCache assumed = assuming(bound, gone);
        PodCacheReading r = PodCacheReading.read(List.of(PodFacts.of(bound)), "execplace", assumed, new PodBackoff(), NOW);
        assertThat(r.oursBound()).extracting(PodFacts::pod).containsExactly(bound);
        assertThat(r.pending()).isEmpty();
        assertThat(assumed.contains(bound.getMetadata().getUid())).as("counted as bound now, not twice").isFalse();
        assertThat(assumed.contains(gone.getMetadata().getUid())).isFalse();
    }

    @Test
    void anExpiredAssumptionEndsAndItsPodIsPendingAgainNextCycle() {
        Pod stuck = executor(1, null);
        AssumeCache assumed = assuming(stuck);
        PodCacheReading first = PodCacheReading.read(List.of(PodFacts.of(stuck)), "execplace", assumed, new PodBackoff(), NOW + 31);
        assertThat(first.pending()).isEmpty();
        assertThat(assumed.contains(stuck.getMetadata().getUid())).isFalse();
        PodCacheReading next = PodCacheReading.read(List.of(PodFacts.of(stuck)), "execplace", assumed, new PodBackoff(), NOW + 32);
        assertThat(next.pending()).containsExactly(stuck);
    }

    @Test
    void otherSchedulersPodsAreNeverOurs() {
        Pod theirs = new PodBuilder(executor(1, "n2")).editSpec().withSchedulerName("default-scheduler").endSpec().build();
        Pod theirsPending = new PodBuilder(executor(2, null)).editSpec().withSchedulerName("default-scheduler").endSpec().build();
        PodCacheReading r = PodCacheReading.read(List.of(PodFacts.of(theirs), PodFacts.of(theirsPending)), "execplace",
                new AssumeCache(), new PodBackoff(), NOW);
        assertThat(r.oursBound()).isEmpty();
        assertThat(r.pending()).isEmpty();
    }
}

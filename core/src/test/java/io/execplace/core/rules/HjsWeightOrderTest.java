package io.execplace.core.rules;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** HJS Eqs. 6–8 on a hand-worked example on the c5 cluster (112 cores, 224 GB). */
class HjsWeightOrderTest {

    private static final Cluster C5 = ClusterPresets.c5();

    private static Job job(int id, double arrival, int executors, int cores, double mem, double base, double deadline) {
        return new Job(id, JobType.WORDCOUNT, arrival, executors, cores, mem, base, deadline);
    }

    // A: 2 x 4 cores x 8 GB, no deadline: R_tot = (4/112 + 8/224) x 2 = 1/7, U = 0.
    private final Job a = job(0, 0, 2, 4, 8, 60, Job.NO_DEADLINE);
    // B: 1 x 2 cores x 4 GB, r = 50, d = 100: R_tot = 2/112 + 4/224 = 1/28.
    private final Job b = job(1, 0, 1, 2, 4, 50, 100);
    // C: 4 x 7 cores x 14 GB, r = 50, d = 100: R_tot = (7/112 + 14/224) x 4 = 1/2.
    private final Job c = job(2, 0, 4, 7, 14, 50, 100);

    @Test
    void clusterTotalsOfC5() {
        assertThat(HjsWeightOrder.totalCores(C5)).isEqualTo(112);
        assertThat(HjsWeightOrder.totalMemoryGb(C5)).isEqualTo(224);
    }

    @Test
    void resourceShareIsEq6() {
        assertThat(HjsWeightOrder.resourceShare(a, 112, 224)).isCloseTo(1.0 / 7, within(1e-15));
        assertThat(HjsWeightOrder.resourceShare(b, 112, 224)).isCloseTo(1.0 / 28, within(1e-15));
        assertThat(HjsWeightOrder.resourceShare(c, 112, 224)).isCloseTo(0.5, within(1e-15));
    }

    @Test
    void urgencyIsEq7AsRead() {
        assertThat(HjsWeightOrder.urgency(a, 0)).isZero();                 // no deadline
        assertThat(HjsWeightOrder.urgency(b, 10)).isEqualTo(1.0);          // 100 - (10 + 50) = 40 >= 0
        assertThat(HjsWeightOrder.urgency(b, 50)).isEqualTo(1.0);          // exactly on time: still U_max
        assertThat(HjsWeightOrder.urgency(b, 70)).isCloseTo(1.0 / 20, within(1e-15)); // late by 20 s
        assertThat(HjsWeightOrder.urgency(b, 50.5)).isEqualTo(1.0);        // late by 0.5 s: capped at U_max
        assertThat(HjsWeightOrder.urgency(b, 150)).isCloseTo(0.01, within(1e-15));    // late by 100 s
    }

    @Test
    void weightIsEq8() {
        HjsWeightOrder half = new HjsWeightOrder(0.5);
        assertThat(half.weight(a, 10, 112, 224)).isCloseTo(0.5 / 7, within(1e-15));
        assertThat(half.weight(b, 10, 112, 224)).isCloseTo(0.5 + 0.5 / 28, within(1e-15));
        assertThat(half.weight(c, 70, 112, 224)).isCloseTo(0.5 * 0.05 + 0.5 * 0.5, within(1e-15));
        assertThat(new HjsWeightOrder(0).weight(c, 10, 112, 224)).isCloseTo(0.5, within(1e-15));
        assertThat(new HjsWeightOrder(1).weight(a, 10, 112, 224)).isZero();
    }

    @Test
    void highestWeightFirstAndTheOrderMovesWithTime() {
        HjsWeightOrder half = new HjsWeightOrder(0.5);
        List<Job> q = new ArrayList<>(List.of(a, b, c));
        // t = 10: B 0.5179, C 0.75 (on time, big), A 0.0714.
        q.sort(half.orderAt(10, C5));
        assertThat(q).extracting(Job::id).containsExactly(2, 1, 0);
        // t = 70: B and C late by 20 s: B 0.025 + 0.0179 = 0.0429 < A 0.0714 < C 0.275.
        q.sort(half.orderAt(70, C5));
        assertThat(q).extracting(Job::id).containsExactly(2, 0, 1);
        // λ = 0: size only.
        q.sort(new HjsWeightOrder(0).orderAt(10, C5));
        assertThat(q).extracting(Job::id).containsExactly(2, 0, 1);
    }

    @Test
    void byNameTakesTheLambda() {
        assertThat(QueuePolicy.byName("hjs-weight")).isEqualTo(new HjsWeightOrder(0.5));
        assertThat(QueuePolicy.byName("HJS-Weight:0.8")).isEqualTo(new HjsWeightOrder(0.8));
        assertThat(QueuePolicy.byName("hjs-weight:0.8").name()).isEqualTo("hjs-weight:0.8");
        assertThat(QueuePolicy.byName("hjs-weight").reordersOverTime()).isTrue();
        assertThat(QueuePolicy.EDF.reordersOverTime()).isFalse();
        assertThatThrownBy(() -> QueuePolicy.byName("hjs-weight:1.5")).hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> QueuePolicy.byName("hjs-weight:x")).hasMessageContaining("'x'");
    }
}

package io.execplace.experiments.heldout;

import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HeldOutSplitTest {

    @Test
    void heldOutNeverOverlapsTraining() {
        for (String preset : List.of("tpds-burst", "tpds-normal", "hybrid-high", "hybrid-light")) {
            for (int trainSeeds : new int[]{1, 20}) {
                HeldOutSplit split = HeldOutSplit.of(preset, 1, trainSeeds, 20);
                assertThat(split.heldOut()).hasSize(20);
                assertThat(split.training()).hasSize(trainSeeds);
                Set<Long> trainingSeeds = new HashSet<>();
                split.training().forEach(r -> trainingSeeds.add(r.seed()));
                for (WorkloadRef h : split.heldOut()) {
                    assertThat(trainingSeeds).doesNotContain(h.seed());
                }
                assertThat(HeldOutSplit.overlap(split.jobs(), split.training(), split.heldOut())).isNull();
            }
        }
    }

    @Test
    void tpdsHeldOutWorkloadsUseOtherArrivalWindows() {
        for (String preset : List.of("tpds-burst", "tpds-normal")) {
            HeldOutSplit split = HeldOutSplit.of(preset, 1, 1, 20);
            Workload training = split.trainingWorkloads().get(0);
            int window = split.training().get(0).firstTraceJob();
            Set<Integer> windows = new HashSet<>();
            for (WorkloadRef h : split.heldOut()) {
                assertThat(h.firstTraceJob()).isNotEqualTo(window);
                windows.add(h.firstTraceJob());
            }
            assertThat(windows).hasSize(20); // 20 distinct windows, none shared with training
            List<Workload> heldOut = split.heldOutWorkloads();
            for (Workload w : heldOut) {
                assertThat(w.size()).isEqualTo(training.size());
                assertThat(arrivals(w)).isNotEqualTo(arrivals(training));
            }
        }
    }

    @Test
    void refusesAnOverlappingSplit() {
        assertThatThrownBy(() -> new HeldOutSplit("tpds-burst", 100, List.of(new WorkloadRef(1, 1119)),
                List.of(new WorkloadRef(2, 1119 + 50))))
                .hasMessageContaining("shares jobs with the training window from job1119");
        assertThatThrownBy(() -> new HeldOutSplit("hybrid-high", 1000, List.of(new WorkloadRef(7, -1)),
                List.of(new WorkloadRef(7, -1))))
                .hasMessageContaining("seed 7 is used in training");
        assertThatThrownBy(() -> HeldOutSplit.of("hybrid-high", HeldOutSplit.HELD_OUT_FIRST_SEED - 5, 10, 20))
                .hasMessageContaining("training seeds must stay below");
    }

    private static List<Double> arrivals(Workload w) {
        return w.jobs().stream().map(Job::arrival).toList();
    }

    @Test
    void aProfileDrawsTheHeldOutDurationsAndNothingElse() {
        // The profile measured on this machine (docs/profile.md), as `reproduce tpds --profile` uses it.
        io.execplace.core.profile.MeasuredProfile profile = io.execplace.core.profile.ProfileFile.read(
                java.nio.file.Path.of("..", "docs", "profiles", "local-cluster-2x2.csv"));
        Set<Double> measured = new HashSet<>();
        profile.measurements().forEach(m -> measured.add(m.durations().meanSeconds()));
        HeldOutSplit split = HeldOutSplit.of("tpds-normal", 1, 1, 2);
        for (WorkloadRef ref : List.of(split.training().get(0), split.heldOut().get(1))) {
            Workload paper = split.workload(ref);
            Workload profiled = split.workload(ref, profile);
            assertThat(profiled.size()).isEqualTo(paper.size());
            for (int i = 0; i < paper.size(); i++) {
                Job a = paper.jobs().get(i);
                Job b = profiled.jobs().get(i);
                assertThat(b.arrival()).isEqualTo(a.arrival());
                assertThat(b.executors()).isEqualTo(a.executors());
                assertThat(measured).contains(b.baseDuration());
            }
        }
        assertThat(split.workload(split.heldOut().get(0), io.execplace.core.profile.JobProfile.paper()))
                .isEqualTo(split.workload(split.heldOut().get(0)));
    }

    @Test
    void tooManyJobsForASecondTraceWindowAreRefused() {
        assertThatThrownBy(() -> HeldOutSplit.of("tpds-burst", 4000, 1, 1, 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no SWIM trace window");
    }
}

package io.execplace.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import org.junit.jupiter.api.Test;

class WorkloadPresetsTest {

    @Test
    void listsEveryPreset() {
        assertThat(WorkloadPresets.list()).extracting(WorkloadPresets.Preset::name)
                .containsExactly("tpds-normal", "tpds-burst", "hybrid-light", "hybrid-high", "hybrid-day",
                        "hybrid-medium", "hybrid-medium-dynamic", "hybrid-day-dynamic", "hjs-60-100", "hjs-40-100",
                        "hjs-60-50", "hjs-40-50", "hjs-60-20",
                        "hjs-40-20");
        assertThat(WorkloadPresets.list()).allSatisfy(p -> assertThat(p.description()).isNotBlank());
    }

    @Test
    void defaultsGiveThePresetSizes() {
        WorkloadOptions o = WorkloadOptions.seed(1);
        assertThat(WorkloadPresets.generate("tpds-normal", o).size()).isEqualTo(50);
        assertThat(WorkloadPresets.generate("tpds-burst", o).size()).isEqualTo(100);
        assertThat(WorkloadPresets.generate("hybrid-light", o).size()).isEqualTo(1000);
        assertThat(WorkloadPresets.generate("HYBRID-HIGH", o).size()).isEqualTo(1000);
        Workload day = WorkloadPresets.generate("hybrid-day", o);
        assertThat(day.size()).isEqualTo(10_000);
        // 10,000 Poisson gaps of mean 8.64 s: within a few percent of one day.
        assertThat(day.jobs().get(9_999).arrival()).isBetween(86_400 * 0.97, 86_400 * 1.03);
    }

    @Test
    void optionsOverrideThePreset() {
        WorkloadOptions o = WorkloadOptions.seed(3).withJobs(20).withRequestRanges(RequestRanges.REFERENCE)
                .withDeadlineToleranceSeconds(0.0);
        Workload w = WorkloadPresets.generate("hybrid-light", o);
        assertThat(w.size()).isEqualTo(20);
        assertThat(w.jobs()).allSatisfy(j -> {
            assertThat(j.coresPerExecutor()).isBetween(1, 4);
            assertThat(j.deadline() - j.arrival() - j.baseDuration()).isLessThan(300);
        });
        assertThat(w).isEqualTo(HybridWorkloadSpec.light().toBuilder().stream(s -> s.seed(3).jobs(20)
                .requestRanges(RequestRanges.REFERENCE)).deadlineToleranceSeconds(0).build().generate());
        assertThat(WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(3).withJobs(10)).jobs())
                .extracting(Job::arrival).last().isEqualTo(
                        SwimTrace.fb2009().get(9).submitSeconds());
    }

    @Test
    void theDefaultWorkloadHasAMeanGapOf70SecondsAndDeadlinesThatBite() {
        Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(1));
        assertThat(w.size()).isEqualTo(1000);
        assertThat(w.jobs().get(999).arrival() / 999).isBetween(70 * 0.93, 70 * 1.07);
        // deadline = arrival + T_est + U[0, 300) with no tolerance on top
        assertThat(w.jobs()).allSatisfy(j -> assertThat(j.deadline() - j.arrival() - j.baseDuration()).isBetween(0.0, 300.0));
    }

    @Test
    void unknownNameListsTheKnownOnes() {
        assertThatThrownBy(() -> WorkloadPresets.generate("nope", WorkloadOptions.seed(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown workload preset 'nope' (known: tpds-normal, tpds-burst, hybrid-light, "
                        + "hybrid-high, hybrid-day, hybrid-medium, hybrid-medium-dynamic, hybrid-day-dynamic, hjs-60-100, "
                        + "hjs-40-100, hjs-60-50, hjs-40-50, "
                        + "hjs-60-20, hjs-40-20)");
    }

    @Test
    void deadlineOptionsDoNotApplyToTpds() {
        assertThatThrownBy(() -> WorkloadPresets.generate("tpds-burst",
                WorkloadOptions.seed(1).withDeadlineToleranceSeconds(10.0)))
                .hasMessageContaining("tpds-burst has no deadlines");
        assertThatThrownBy(() -> WorkloadPresets.generate("tpds-normal",
                WorkloadOptions.seed(1).withMeanGapSeconds(3.0)))
                .hasMessageContaining("takes its arrivals from the SWIM trace");
    }
}

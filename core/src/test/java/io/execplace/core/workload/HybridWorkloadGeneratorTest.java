package io.execplace.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HybridWorkloadGeneratorTest {

    @Test
    void presetsHaveThePapersParameters() {
        HybridWorkloadSpec light = HybridWorkloadSpec.light();
        assertThat(light.stream().jobs()).isEqualTo(1000);
        assertThat(light.stream().meanGapSeconds()).isEqualTo(100);
        assertThat(light.deadlineToleranceSeconds()).isEqualTo(1000);
        assertThat(light.stream().gapDistribution()).isEqualTo(GapDistribution.POISSON);
        assertThat(light.stream().requestRanges()).isEqualTo(RequestRanges.PAPER);
        HybridWorkloadSpec high = HybridWorkloadSpec.high();
        assertThat(high.stream().meanGapSeconds()).isEqualTo(5);
        assertThat(high.deadlineToleranceSeconds()).isEqualTo(5000);
        HybridWorkloadSpec day = HybridWorkloadSpec.day();
        assertThat(day.stream().jobs()).isEqualTo(10_000);
        assertThat(day.stream().meanGapSeconds() * day.stream().jobs()).isCloseTo(86_400, within(1e-6));
        assertThat(day.deadlineToleranceSeconds()).isEqualTo(5000);
    }

    @Test
    void sameSeedGivesIdenticalJobsAndOtherSeedsDiffer() {
        assertThat(HybridWorkloadSpec.high().toBuilder().stream(s -> s.seed(9)).build().generate())
                .isEqualTo(HybridWorkloadSpec.high().toBuilder().stream(s -> s.seed(9)).build().generate());
        assertThat(HybridWorkloadSpec.high().toBuilder().stream(s -> s.seed(9)).build().generate().jobs())
                .isNotEqualTo(HybridWorkloadSpec.high().toBuilder().stream(s -> s.seed(10)).build().generate().jobs());
        assertThat(HybridWorkloadSpec.high().toBuilder().stream(s -> s.gapDistribution(GapDistribution.EXPONENTIAL).seed(9)).build().generate())
                .isEqualTo(HybridWorkloadSpec.high().toBuilder().stream(s -> s.gapDistribution(GapDistribution.EXPONENTIAL).seed(9)).build().generate());
    }

    @ParameterizedTest
    @CsvSource({"POISSON, 5", "POISSON, 100", "POISSON, 8.64", "EXPONENTIAL, 5", "EXPONENTIAL, 100"})
    void meanGapIsCloseToTheRequestedMean(GapDistribution dist, double mean) {
        int n = 20_000;
        List<Job> jobs = HybridWorkloadSpec.light().toBuilder().stream(s -> s.jobs(n).meanGapSeconds(mean).gapDistribution(dist)
                .seed(3)).build().generate().jobs();
        double observed = jobs.get(n - 1).arrival() / n;
        // Both distributions have variance mean (Poisson) or mean² (exponential) per gap; allow
        // five standard errors of the sample mean so the test is not flaky yet still meaningful.
        double sd = dist == GapDistribution.POISSON ? Math.sqrt(mean) : mean;
        assertThat(observed).isCloseTo(mean, within(5 * sd / Math.sqrt(n)));
    }

    @Test
    void poissonGapsAreWholeSecondsAndExponentialGapsAreNot() {
        List<Job> poisson = HybridWorkloadSpec.high().generate().jobs();
        assertThat(poisson).allSatisfy(j -> assertThat(j.arrival()).isEqualTo(Math.rint(j.arrival())));
        List<Job> exp = HybridWorkloadSpec.high().toBuilder().stream(s -> s.gapDistribution(GapDistribution.EXPONENTIAL)).build().generate().jobs();
        assertThat(exp).anySatisfy(j -> assertThat(j.arrival()).isNotEqualTo(Math.rint(j.arrival())));
    }

    @Test
    void firstJobArrivesAfterTheFirstGap() {
        // Seed chosen arbitrarily; the first arrival is a Poisson draw, not a fixed 0.
        List<Job> jobs = HybridWorkloadSpec.light().toBuilder().stream(s -> s.seed(5)).build().generate().jobs();
        assertThat(jobs.get(0).arrival()).isPositive();
        assertThat(jobs).extracting(Job::id).startsWith(0, 1, 2);
    }

    @Test
    void deadlineIsArrivalPlusDurationPlusSlackPlusTolerance() {
        for (double tolerance : new double[]{0, 1000, 5000}) {
            Workload w = HybridWorkloadSpec.light().toBuilder().stream(s -> s.seed(11)).deadlineToleranceSeconds(tolerance).build().generate();
            for (Job j : w.jobs()) {
                double slack = j.deadline() - j.arrival() - j.baseDuration() - tolerance;
                assertThat(slack).isGreaterThanOrEqualTo(-1e-9).isLessThan(300);
            }
        }
        // Slack really is spread over [0, 300): its mean is near 150.
        List<Job> jobs = HybridWorkloadSpec.light().toBuilder().stream(s -> s.jobs(20_000).seed(2)).build().generate().jobs();
        double meanSlack = jobs.stream().mapToDouble(j -> j.deadline() - j.arrival() - j.baseDuration() - 1000)
                .average().orElseThrow();
        assertThat(meanSlack).isCloseTo(150, within(5.0));
    }

    @Test
    void estimatedDurationIsTenPlusExponentialWithMeanHundred() {
        List<Job> jobs = HybridWorkloadSpec.light().toBuilder().stream(s -> s.jobs(20_000).seed(4)).build().generate().jobs();
        assertThat(jobs).allSatisfy(j -> assertThat(j.baseDuration()).isGreaterThan(10));
        double mean = jobs.stream().mapToDouble(Job::baseDuration).average().orElseThrow();
        // Exp(100) has sd 100; five standard errors over 20,000 draws is 3.5 s.
        assertThat(mean).isCloseTo(110, within(3.6));
    }

    @Test
    void jobsAreGenericAndRequestsStayInRange() {
        for (long seed = 0; seed < 30; seed++) {
            long workloadSeed = seed;
            for (Job j : HybridWorkloadSpec.high()
                    .toBuilder().stream(s -> s.requestRanges(RequestRanges.REFERENCE).seed(workloadSeed)).build()
                    .generate().jobs()) {
                assertThat(j.type()).isEqualTo(JobType.GENERIC);
                assertThat(j.coresPerExecutor()).isBetween(1, 4);
                assertThat(j.memoryGbPerExecutor()).isBetween(2.0, 12.0);
                assertThat(j.executors()).isBetween(1, 7);
                assertThat(j.hasDeadline()).isTrue();
            }
        }
    }

    @Test
    void invalidParametersAreRejected() {
        assertThatThrownBy(() -> HybridWorkloadSpec.light().toBuilder().stream(s -> s.meanGapSeconds(0)).build())
                .hasMessageContaining("mean gap must be a finite number > 0");
        assertThatThrownBy(() -> HybridWorkloadSpec.light().toBuilder().stream(s -> s.jobs(0)).build())
                .hasMessageContaining("at least 1 job");
        assertThatThrownBy(() -> HybridWorkloadSpec.light().toBuilder().deadlineToleranceSeconds(Double.NaN).build())
                .hasMessageContaining("deadline tolerance must be a finite number >= 0");
        assertThatThrownBy(() -> new RequestRanges(2, 1, 1, 1, 1, 1))
                .hasMessageContaining("1 <= min <= max");
    }

    @Test
    void theBuilderSetsEachFieldByName() {
        HybridWorkloadSpec s = HybridWorkloadSpec.light().toBuilder().stream(j -> j.name("n").jobs(7).meanGapSeconds(8)
                        .gapDistribution(GapDistribution.EXPONENTIAL).requestRanges(RequestRanges.REFERENCE).seed(13))
                .durationOffsetSeconds(9).durationMeanSeconds(10).maxSlackSeconds(11).deadlineToleranceSeconds(12).build();
        assertThat(s).isEqualTo(new HybridWorkloadSpec(
                new JobStream("n", 7, 8, GapDistribution.EXPONENTIAL, RequestRanges.REFERENCE, 13), 9, 10, 11, 12));
        assertThat(s.toBuilder().build()).isEqualTo(s);
    }
}

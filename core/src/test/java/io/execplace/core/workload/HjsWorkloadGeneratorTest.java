package io.execplace.core.workload;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HjsWorkloadGeneratorTest {

    @TempDir
    Path dir;

    @Test
    void theSixJobSetsHaveTheirSizesAndDeadlineShares() {
        int[][] sets = {{60, 100}, {40, 100}, {60, 50}, {40, 50}, {60, 20}, {40, 20}};
        for (int[] s : sets) {
            String name = "hjs-" + s[0] + "-" + s[1];
            assertThat(WorkloadPresets.isPreset(name)).isTrue();
            Workload w = WorkloadPresets.generate(name, WorkloadOptions.seed(7));
            assertThat(w.size()).isEqualTo(s[1]);
            assertThat(w.jobs().stream().filter(Job::hasDeadline).count()).isEqualTo(s[0] * s[1] / 100);
            assertThat(w.name()).isEqualTo(name + "/seed-7");
        }
    }

    @Test
    void jobsAreTpdsJobsWithDeadlinesWithinTheSlack() {
        HjsWorkloadSpec set = HjsWorkloadSpec.jobSet(60, 100);
        HjsWorkloadSpec spec = new HjsWorkloadSpec(set.stream().toBuilder().seed(3).build(), set.deadlineShare(), 2);
        Workload w = spec.generate();
        double previous = 0;
        for (Job j : w.jobs()) {
            assertThat(j.type()).isIn(JobType.WORDCOUNT, JobType.SORT, JobType.PAGERANK);
            int[] range = TpdsJobFactory.durationRange(j.type());
            assertThat(j.baseDuration()).isBetween((double) range[0], (double) range[1]);
            assertThat(j.arrival()).isGreaterThanOrEqualTo(previous);
            previous = j.arrival();
            if (j.hasDeadline()) {
                // d = a + r (1 + 2u), u in [0, 2): between a + r and a + 5r.
                assertThat(j.deadline()).isGreaterThanOrEqualTo(j.arrival() + j.baseDuration());
                assertThat(j.deadline()).isLessThan(j.arrival() + 5 * j.baseDuration());
            }
        }
        // Mean gap close to the default 20 s over 100 jobs (exponential gaps: sd of the mean 2 s).
        assertThat(previous / 100).isBetween(14.0, 26.0);
        assertThat(spec.generate()).isEqualTo(w);
        assertThat(new HjsWorkloadSpec(spec.stream().toBuilder().seed(4).build(), spec.deadlineShare(), spec.deadlineSlack())
                .generate()).isNotEqualTo(w);
    }

    @Test
    void optionsReachTheGenerator() {
        WorkloadOptions o = WorkloadOptions.seed(1).withJobs(30).withDeadlineShare(0.5).withDeadlineSlack(0.0)
                .withMeanGapSeconds(5.0).withGapDistribution(GapDistribution.POISSON);
        Workload w = WorkloadPresets.generate("hjs-60-100", o);
        assertThat(w.size()).isEqualTo(30);
        assertThat(w.jobs().stream().filter(Job::hasDeadline).count()).isEqualTo(15);
        for (Job j : w.jobs()) {
            assertThat(j.arrival()).isEqualTo(Math.rint(j.arrival())); // Poisson gaps: whole seconds
            if (j.hasDeadline()) {
                assertThat(j.deadline()).isEqualTo(j.arrival() + j.baseDuration()); // no slack
            }
        }
        assertThatThrownBy(() -> WorkloadPresets.generate("hjs-60-20", WorkloadOptions.seed(1).withDeadlineShare(1.5)))
                .hasMessageContaining("deadline share");
        assertThatThrownBy(() -> WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(1).withDeadlineShare(0.5)))
                .hasMessageContaining("hjs-*");
        assertThatThrownBy(() -> WorkloadPresets.generate("hjs-60-20",
                WorkloadOptions.seed(1).withDeadlineToleranceSeconds(10.0))).hasMessageContaining("--deadline-slack");
    }

    @Test
    void jobsWithoutDeadlineStayWithoutInTraces() throws IOException {
        Workload w = WorkloadPresets.generate("hjs-40-50", WorkloadOptions.seed(2));
        Path csv = dir.resolve("hjs.csv");
        Traces.write(w, csv, TraceFormat.EXECPLACE_CSV);
        Workload back = Traces.read(csv, TraceFormat.EXECPLACE_CSV, TraceReadOptions.defaults());
        assertThat(back.jobs()).isEqualTo(w.jobs());
        assertThat(back.jobs().stream().filter(j -> !j.hasDeadline()).count()).isEqualTo(30);
        // The formats that cannot hold such jobs refuse them instead of dropping or inventing deadlines.
        assertThatThrownBy(() -> Traces.write(w, dir.resolve("hjs.txt"), TraceFormat.TPDS))
                .hasMessageContaining("cannot hold deadlines");
        assertThatThrownBy(() -> Traces.write(w, dir.resolve("hjs.hyb"), TraceFormat.HYB))
                .hasMessageContaining("(use the csv format)");
    }
}

package io.execplace.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TpdsWorkloadGeneratorTest {

    @Test
    void normalTakesTheFirstFiftyTraceArrivals() {
        List<Job> jobs = TpdsWorkloadSpec.normal().generate().jobs();
        assertThat(jobs).hasSize(50);
        assertThat(jobs.get(0).arrival()).isEqualTo(49.0);
        assertThat(jobs.get(1).arrival()).isEqualTo(101.0);
        assertThat(jobs.get(49).arrival()).isEqualTo(2826.0);
        assertThat(jobs).extracting(Job::id).containsExactlyElementsOf(range(50));
    }

    @Test
    void burstIsTheDenseWindowShiftedToZero() {
        List<Job> jobs = TpdsWorkloadSpec.burst().generate().jobs();
        assertThat(jobs).hasSize(100);
        assertThat(jobs.get(0).arrival()).isZero();
        assertThat(jobs.get(99).arrival()).isEqualTo(544.0);
        assertThat(jobs).allSatisfy(j -> assertThat(j.arrival()).isBetween(0.0, 600.0));
    }

    @Test
    void sameSeedGivesIdenticalJobsAndOtherSeedsDiffer() {
        Workload a = TpdsWorkloadSpec.normal().withSeed(42).generate();
        Workload b = TpdsWorkloadSpec.normal().withSeed(42).generate();
        Workload c = TpdsWorkloadSpec.normal().withSeed(43).generate();
        assertThat(a).isEqualTo(b);
        assertThat(a.jobs()).isNotEqualTo(c.jobs());
        // Arrivals come from the trace, so they agree across seeds.
        assertThat(a.jobs()).extracting(Job::arrival).isEqualTo(c.jobs().stream().map(Job::arrival).toList());
    }

    @Test
    void fieldsStayInsideTheRangesOverManySeeds() {
        for (RequestRanges r : List.of(RequestRanges.PAPER, RequestRanges.REFERENCE)) {
            Set<JobType> types = EnumSet.noneOf(JobType.class);
            int[] seenCores = new int[r.maxCores() + 2];
            for (long seed = 0; seed < 200; seed++) {
                for (Job j : TpdsWorkloadSpec.burst().withRequestRanges(r).withSeed(seed).generate().jobs()) {
                    types.add(j.type());
                    assertThat(j.coresPerExecutor()).isBetween(r.minCores(), r.maxCores());
                    assertThat(j.memoryGbPerExecutor()).isBetween((double) r.minMemoryGb(), (double) r.maxMemoryGb())
                            .matches(m -> m == Math.rint(m), "whole GB");
                    assertThat(j.executors()).isBetween(r.minExecutors(), r.maxExecutors());
                    int[] d = TpdsJobFactory.durationRange(j.type());
                    assertThat(j.baseDuration()).isBetween((double) d[0], (double) d[1])
                            .matches(x -> x == Math.rint(x), "whole seconds");
                    assertThat(j.hasDeadline()).isFalse();
                    seenCores[j.coresPerExecutor()]++;
                }
            }
            assertThat(types).containsExactlyInAnyOrder(JobType.WORDCOUNT, JobType.SORT, JobType.PAGERANK);
            // Both ends of the range occur: the range is inclusive.
            assertThat(seenCores[r.minCores()]).isPositive();
            assertThat(seenCores[r.maxCores()]).isPositive();
        }
    }

    @Test
    void typesAreRoughlyUniform() {
        int[] count = new int[4];
        int n = 0;
        for (long seed = 0; seed < 100; seed++) {
            for (Job j : TpdsWorkloadSpec.burst().withSeed(seed).generate().jobs()) {
                count[j.type().referenceCode()]++;
                n++;
            }
        }
        // 10,000 draws: each share is 1/3 with standard deviation about 0.005.
        for (int t = 1; t <= 3; t++) {
            assertThat(count[t] / (double) n).isCloseTo(1.0 / 3, org.assertj.core.data.Offset.offset(0.03));
        }
    }

    @Test
    void tooManyJobsIsAClearError() {
        assertThatThrownBy(() -> TpdsWorkloadSpec.normal().withJobs(6000).generate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("asked for 6000 jobs from job0")
                .hasMessageContaining("only 5894 rows");
        assertThatThrownBy(() -> TpdsWorkloadSpec.burst().withJobs(5000).generate())
                .hasMessageContaining("only 4775 rows from there (job1119...job5893)");
    }

    @Test
    void unknownFirstJobIsAClearError() {
        assertThatThrownBy(() -> TpdsWorkloadSpec.normal().withFirstTraceJob(99999).generate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has no job99999");
    }

    @Test
    void generatorMatchesReadingTheSameSwimRowsWithTheSameSeed() {
        // The SWIM reader and the generator share TpdsJobFactory: same arrivals + seed = same jobs.
        StringBuilder tsv = new StringBuilder();
        List<SwimTrace.Entry> trace = SwimTrace.fb2009();
        for (int i = 0; i < 50; i++) {
            tsv.append("job").append(i).append('\t').append((long) trace.get(i).submitSeconds()).append("\t1\t0\t0\t0\n");
        }
        Workload read = Traces.parse(tsv.toString(), "first50.tsv", "x", TraceFormat.SWIM,
                TraceReadOptions.defaults().withSeed(7));
        assertThat(read.jobs()).isEqualTo(TpdsWorkloadSpec.normal().withSeed(7).generate().jobs());
    }

    private static List<Integer> range(int n) {
        return java.util.stream.IntStream.range(0, n).boxed().toList();
    }
}

package io.execplace.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TracesRoundTripTest {

    @TempDir
    Path dir;

    /** Generated jobs plus awkward values: fractions, no deadline, a generic job, a typed job with a deadline. */
    private static Workload mixed() {
        return new Workload("mixed", List.of(
                new Job(0, JobType.WORDCOUNT, 0.0, 3, 2, 4, 41, Job.NO_DEADLINE),
                new Job(7, JobType.SORT, 1.0 / 3, 1, 1, 0.5, 29.25, 1e6 + 0.1),
                new Job(3, JobType.PAGERANK, 12.5, 8, 6, 10, 157, Job.NO_DEADLINE),
                new Job(4, JobType.GENERIC, 1e-7, 2, 1, 1.0 / 7, 10.000000001, 400)));
    }

    private Workload roundTrip(Workload w, TraceFormat format) throws IOException {
        Path file = dir.resolve("trace." + format.key());
        Traces.write(w, file, format);
        Workload back = Traces.read(file, format, TraceReadOptions.defaults());
        // Detection must agree with the format we wrote.
        assertThat(Traces.detect(file)).isEqualTo(format);
        assertThat(Traces.read(file, null, TraceReadOptions.defaults())).isEqualTo(back);
        return back;
    }

    @Test
    void csvKeepsEveryField() throws IOException {
        for (Workload w : List.of(mixed(), TpdsWorkloadSpec.burst().generate(), HybridWorkloadSpec.high().generate())) {
            assertThat(roundTrip(w, TraceFormat.EXECPLACE_CSV).jobs()).isEqualTo(w.jobs());
        }
    }

    @Test
    void tpdsKeepsEveryFieldOfTpdsWorkloads() throws IOException {
        Workload w = TpdsWorkloadSpec.normal().withSeed(5).generate();
        assertThat(roundTrip(w, TraceFormat.TPDS).jobs()).isEqualTo(w.jobs());
    }

    @Test
    void hybKeepsEveryFieldOfHybWorkloads() throws IOException {
        Workload w = HybridWorkloadSpec.light().toBuilder().stream(s -> s.gapDistribution(GapDistribution.EXPONENTIAL)).build().generate();
        assertThat(roundTrip(w, TraceFormat.HYB).jobs()).isEqualTo(w.jobs());
    }

    @Test
    void swimKeepsIdsAndArrivals() throws IOException {
        Workload w = HybridWorkloadSpec.high().toBuilder().stream(s -> s.gapDistribution(GapDistribution.EXPONENTIAL).jobs(200)).build().generate();
        Workload back = roundTrip(w, TraceFormat.SWIM);
        assertThat(back.jobs()).extracting(Job::id).isEqualTo(w.jobs().stream().map(Job::id).toList());
        assertThat(back.jobs()).extracting(Job::arrival).isEqualTo(w.jobs().stream().map(Job::arrival).toList());
    }

    @Test
    void fileLayoutsMatchTheReferenceFormats() throws IOException {
        Workload w = new Workload("w", List.of(
                new Job(1, JobType.SORT, 49, 3, 2, 4, 41, Job.NO_DEADLINE),
                new Job(2, JobType.PAGERANK, 101.5, 1, 1, 2, 100, Job.NO_DEADLINE)));
        Path tpds = dir.resolve("t.txt");
        Traces.write(w, tpds, TraceFormat.TPDS);
        assertThat(Files.readString(tpds)).isEqualTo("49,1,2,2,4,3,41\n101.5,2,3,1,2,1,100\n");
        Path csv = dir.resolve("t.csv");
        Traces.write(w, csv, TraceFormat.EXECPLACE_CSV);
        assertThat(Files.readString(csv)).isEqualTo("job,type,arrival,cores,memoryGb,executors,baseDuration,deadline\n"
                + "1,sort,49,2,4,3,41,\n2,pagerank,101.5,1,2,1,100,\n");
        Path swim = dir.resolve("t.tsv");
        Traces.write(w, swim, TraceFormat.SWIM);
        assertThat(Files.readString(swim)).isEqualTo("job1\t49\t49\t0\t0\t0\njob2\t101.5\t52.5\t0\t0\t0\n");
        Workload h = new Workload("h", List.of(new Job(0, JobType.GENERIC, 5, 2, 3, 4, 50.5, 1400)));
        Path hyb = dir.resolve("h.csv");
        Traces.write(h, hyb, TraceFormat.HYB);
        assertThat(Files.readString(hyb)).isEqualTo("job-id,C,M,E,T_A,T_est,T_D\n0,3,4,2,5,50.5,1400\n");
    }

    @Test
    void hybToleranceIsAddedToDeadlines() throws IOException {
        Path hyb = dir.resolve("h.csv");
        Files.writeString(hyb, "job-id,C,M,E,T_A,T_est,T_D\n0,3,4,2,5,50.5,1400\n");
        Workload w = Traces.read(hyb, TraceFormat.HYB, TraceReadOptions.defaults().withDeadlineToleranceSeconds(1000));
        assertThat(w.jobs().get(0).deadline()).isEqualTo(2400);
        assertThat(w.jobs().get(0).type()).isEqualTo(JobType.GENERIC);
    }

    @Test
    void swimReadGeneratesJobFieldsFromTheSeed() throws IOException {
        Path swim = dir.resolve("s.tsv");
        Files.writeString(swim, "job0\t49\t49\t740773\t2339561\t627471\njob1\t101\t52\t736346\t1700537\t432269\n");
        Workload a = Traces.read(swim, null, TraceReadOptions.defaults().withSeed(1));
        Workload b = Traces.read(swim, null, TraceReadOptions.defaults().withSeed(1));
        assertThat(a).isEqualTo(b);
        assertThat(a.jobs()).extracting(Job::arrival).containsExactly(49.0, 101.0);
        assertThat(a.jobs()).allSatisfy(j -> assertThat(j.type()).isNotEqualTo(JobType.GENERIC));
        Workload ref = Traces.read(swim, null, TraceReadOptions.defaults().withRequestRanges(RequestRanges.REFERENCE));
        assertThat(ref.jobs()).allSatisfy(j -> assertThat(j.memoryGbPerExecutor()).isGreaterThanOrEqualTo(2));
    }

    @Test
    void theBundledTraceReadsAsASwimFile() throws IOException {
        Path copy = dir.resolve(SwimTrace.FB2009);
        try (var in = SwimTrace.class.getResourceAsStream("swim/" + SwimTrace.FB2009)) {
            Files.copy(in, copy);
        }
        Workload w = Traces.read(copy);
        assertThat(w.size()).isEqualTo(5894);
        assertThat(w.jobs().get(0).arrival()).isEqualTo(49);
        assertThat(w.name()).isEqualTo(SwimTrace.FB2009);
        assertThat(SwimTrace.class.getResource("swim/LICENSE")).isNotNull();
    }

    @Test
    void formatsRefuseWorkloadsTheyCannotHold() {
        Workload typed = TpdsWorkloadSpec.normal().generate();
        Workload hybrid = HybridWorkloadSpec.light().toBuilder().stream(s -> s.jobs(5)).build().generate();
        assertThatThrownBy(() -> Traces.write(hybrid, dir.resolve("x"), TraceFormat.TPDS))
                .hasMessage("job 0 has type generic; the TPDS format holds only wordcount, sort and pagerank jobs "
                        + "(use the csv format)");
        assertThatThrownBy(() -> Traces.write(typed, dir.resolve("x"), TraceFormat.HYB))
                .hasMessage("job 0 has no deadline; every job of a HYB trace needs T_D (use the csv format)");
        Workload typedWithDeadline = new Workload("t", List.of(
                new Job(0, JobType.SORT, 0, 1, 1, 1, 30, 100)));
        assertThatThrownBy(() -> Traces.write(typedWithDeadline, dir.resolve("x"), TraceFormat.TPDS))
                .hasMessageContaining("cannot hold deadlines");
        assertThatThrownBy(() -> Traces.write(typedWithDeadline, dir.resolve("x"), TraceFormat.HYB))
                .hasMessageContaining("has type sort; the HYB format has no job types");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void formatNamesParse() {
        assertThat(TraceFormat.parse("CSV")).isEqualTo(TraceFormat.EXECPLACE_CSV);
        assertThat(TraceFormat.parse("hyb")).isEqualTo(TraceFormat.HYB);
        assertThat(TraceFormat.parse("execplace_csv")).isEqualTo(TraceFormat.EXECPLACE_CSV);
        assertThatThrownBy(() -> TraceFormat.parse("xml")).hasMessage("unknown trace format 'xml' (expected csv, tpds, hyb or swim)");
    }
}

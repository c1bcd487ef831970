package io.execplace.spark.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.execplace.core.model.JobType;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.profile.MeasuredProfile;
import io.execplace.core.profile.Measurement;
import io.execplace.core.profile.ProfileCell;
import io.execplace.core.profile.ProfileFile;
import io.execplace.core.profile.Provenance;
import io.execplace.spark.SparkMain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code execplace profile} end to end in Spark's local mode (one executor, so no layouts: the
 * local-cluster runs are measured by hand, docs/profile.md), and its refusals.
 */
class ProfileCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    record Result(int exitCode, String out, String err) {
    }

    private static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SparkMain.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void aProfileOfTinyInputsIsWrittenAndTheSimulatorRunsWithIt() throws IOException {
        Path out = dir.resolve("profile");
        Result r = run("profile", "--master", "local[2]", "--executors", "1", "--sizes", "1", "--repetitions", "1",
                "--out", out.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isZero();
        MeasuredProfile p = ProfileFile.read(out.resolve("profile.csv"));
        assertThat(p.provenance().master()).isEqualTo("local[2]");
        assertThat(p.provenance().sparkVersion()).isEqualTo("4.1.1");
        assertThat(p.provenance().repetitions()).isEqualTo(1);
        assertThat(p.measurements()).hasSize(3).allSatisfy(m -> {
            assertThat(m.cell().executors()).isEqualTo(1);
            assertThat(m.cell().inputMb()).isEqualTo(1);
            assertThat(m.cell().preferredLayout()).isTrue();
            assertThat(m.durations().runs()).isEqualTo(1);
            assertThat(m.durations().meanSeconds()).isPositive();
            assertThat(m.stages()).isGreaterThanOrEqualTo(2); // every job shuffles
            assertThat(m.shuffleBytes()).isPositive();
        });
        // one executor has no layouts: nothing measured, factor 1
        for (JobType t : MeasuredProfile.TYPES) {
            assertThat(p.placementFactor(t)).isEqualTo(1.0);
            assertThat(p.factors().get(t).measuredRatio()).isNaN();
        }
        assertThat(Files.readAllLines(out.resolve("runs.csv"))).hasSize(1 + 3);
        assertThat(Files.readString(out.resolve("report.html"))).contains("pagerank", "Measured distributions");
        assertThat(r.out()).startsWith("# execplace job profile, format 1, crc32 ");

        // The profile's own Spark event logs, read back: each measured run is one job group, and its
        // duration from the log equals the one the profile measured (both are Spark's event times).
        EventLogImport.Imported imported = EventLogImport.workload(List.of(out.resolve("eventlogs")), EventLogImport.Unit.GROUP);
        List<Double> fromLogs = new java.util.ArrayList<>();
        for (io.execplace.core.model.Job job : imported.workload().jobs()) {
            String group = imported.origins().get(job.id()).group();
            if (group != null && group.startsWith("execplace-profile-")) {
                fromLogs.add(job.baseDuration());
            }
        }
        List<Double> measured = Files.readAllLines(out.resolve("runs.csv")).stream().skip(1)
                .map(line -> Double.parseDouble(line.split(",")[5])).toList();
        assertThat(fromLogs).containsExactlyInAnyOrderElementsOf(measured);

        Map<String, Double> mean = p.measurements().stream()
                .collect(Collectors.toMap(m -> m.cell().type().label(), m -> m.durations().meanSeconds()));
        Path trace = dir.resolve("trace.jsonl");
        Result sim = run("simulate", "--cluster", "tpds", "--workload", "tpds-normal", "--jobs", "20", "--scheduler",
                "round-robin", "--profile", out.resolve("profile.csv").toString(), "--trace-out", trace.toString(), "--json");
        assertThat(sim.exitCode()).as(sim.err()).isZero();
        List<JsonNode> jobs = Files.readAllLines(trace).stream().map(ProfileCommandTest::json)
                .filter(n -> n.get("kind").asText().equals("job")).toList();
        assertThat(jobs).hasSize(20).allSatisfy(n -> {
            double base = n.get("baseDuration").asDouble();
            assertThat(base).isEqualTo(mean.get(n.get("type").asText()));
            assertThat(n.get("finish").asDouble() - n.get("start").asDouble()).isCloseTo(base, within(1e-9));
        });
    }

    @Test
    void settingsThatCannotRunAreRefusedBeforeSparkStarts() {
        Path out = dir.resolve("never");
        assertRefused(run("profile", "--master", "local[2]", "--out", out.toString()),
                "--master: local[2] runs one executor inside this JVM, so it has no layouts");
        assertRefused(run("profile", "--master", "spark://somewhere:7077", "--out", out.toString()),
                "--consolidated-master: a spark:// master lays executors out as its own configuration says");
        assertRefused(run("profile", "--executors", "1,5", "--out", out.toString()),
                "--executors: 5 executors of 1 cores do not fit local-cluster[2,2,1536] (4 cores in all)");
        assertRefused(run("profile", "--executor-memory", "2g", "--out", out.toString()),
                "--executor-memory: 2g does not fit a Worker of local-cluster[2,2,1536] (1536 MB)");
        assertRefused(run("profile", "--sizes", "0", "--out", out.toString()), "--sizes: expected sizes from 1 to 100000 MB");
        assertRefused(run("profile", "--master", "nowhere", "--out", out.toString()), "--master: 'nowhere' is not a Spark master URL");
        // Network hosts: checked before any namespace is made.
        assertRefused(run("profile", "--hosts", "2", "--master", "spark://m:7077", "--out", out.toString()),
                "--hosts: starts its own Masters");
        assertRefused(run("profile", "--hosts", "0", "--out", out.toString()), "--hosts: expected 1 to 50 network hosts");
        assertRefused(run("profile", "--link-bandwidth", "100", "--out", out.toString()),
                "--link-bandwidth: applies to --hosts N only");
        assertRefused(run("profile", "--hosts", "2", "--link-bandwidth", "0", "--out", out.toString()),
                "--link-bandwidth: expected 1 to 100000 Mbit/s");
        assertRefused(run("profile", "--hosts", "2", "--sizes", "0", "--out", out.toString()), "--sizes: expected sizes");
        assertThat(out).doesNotExist();
    }

    @Test
    void theProfileOfMeasuredRunsTakesMeansAndTheMismatchRatio() {
        Provenance pv = new Provenance("m", "h", "4.1.1", 2,
                "2026-11-22T19:00:00Z", 1);
        List<Profiler.RunRecord> runs = new ArrayList<>();
        for (JobType t : MeasuredProfile.TYPES) {
            add(runs, t, 1, t.preference(), 4.0, 6.0);
            add(runs, t, 2, PlacementPreference.SPREAD, 2.0, 2.0);
            add(runs, t, 2, PlacementPreference.CONSOLIDATE, 3.0, 3.0);
        }
        MeasuredProfile p = Profiler.profile("x", pv, runs);
        Measurement first = p.measurements().get(0);
        assertThat(first.durations().meanSeconds()).isEqualTo(5.0);
        assertThat(first.durations().minSeconds()).isEqualTo(4.0);
        assertThat(first.durations().sdSeconds()).isEqualTo(1.414); // sqrt(2), to the millisecond
        // spread 2 s, consolidated 3 s: spread types pay 1.5 when consolidated, PageRank gains (ratio 2/3, factor 1)
        assertThat(p.factors().get(JobType.WORDCOUNT).measuredRatio()).isEqualTo(1.5);
        assertThat(p.placementFactor(JobType.SORT)).isEqualTo(1.5);
        assertThat(p.factors().get(JobType.PAGERANK).measuredRatio()).isEqualTo(0.6667);
        assertThat(p.placementFactor(JobType.PAGERANK)).isEqualTo(1.0);
    }

    private static void add(List<Profiler.RunRecord> runs, JobType t, int executors,
                            PlacementPreference layout, double... seconds) {
        for (double s : seconds) {
            runs.add(new Profiler.RunRecord(new ProfileCell(t, 4, executors, layout),
                    new JobMetrics.Run(s, 2, 100)));
        }
    }

    private static void assertRefused(Result r, String message) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("execplace: error: " + message);
        assertThat(r.err().strip().lines()).hasSize(1);
    }

    private static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

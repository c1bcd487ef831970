package io.execplace.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --engine spark} on a local Spark master (two cores, this JVM) against the in-process
 * engine: for the same seeds, the same results files, timing fields aside (scheduling delays and
 * training seconds are wall-clock measurements).
 */
class SparkEngineTest {

    private static final String MASTER = "local[2]";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    record Result(int exitCode, String out, String err) {
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = SparkMain.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Runs {@code args} with {@code --out} in-process and on Spark; returns both output folders. */
    private Path[] bothEngines(String... args) {
        Path here = tmp.resolve("inprocess");
        Path spark = tmp.resolve("spark");
        Result a = run(with(args, "--out", here.toString(), "-q"));
        assertThat(a.exitCode()).as(a.err()).isZero();
        Result b = run(with(args, "--out", spark.toString(), "-q", "--engine", "spark", "--master", MASTER));
        assertThat(b.exitCode()).as(b.err()).isZero();
        return new Path[]{here, spark};
    }

    private static String[] with(String[] args, String... more) {
        String[] all = Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    @Test
    void compareWritesTheSameResultsOnSpark() throws IOException {
        Path[] dirs = bothEngines("compare", "--jobs", "60", "--seeds", "3", "--schedulers",
                "round-robin,first-fit,gio,asq");
        assertSameResults(dirs[0], dirs[1]);
        assertThat(Files.readAllLines(dirs[1].resolve("results.csv"))).hasSize(1 + 4 * 3);
        assertThat(sameFileNames(dirs[0], dirs[1])).isTrue();
    }

    @Test
    void reproduceHybridWritesTheSameResultsOnSpark() throws IOException {
        Path[] dirs = bothEngines("reproduce", "hybrid", "--seeds", "1", "--jobs", "30", "--large-jobs", "40");
        assertSameResults(dirs[0], dirs[1]);
        // 14 scenarios of the study, every HYB scheduler (milp too): the files hold real rows, not an empty run.
        assertThat(Files.readAllLines(dirs[1].resolve("results.csv"))).hasSize(1 + 14 * 6);
        assertThat(sameFileNames(dirs[0], dirs[1])).isTrue();
    }

    @Test
    void reproduceHjsWritesTheSameResultsOnSpark() throws IOException {
        Path[] dirs = bothEngines("reproduce", "hjs", "--quick", "--job-sets", "hjs-40-20", "--held-out", "2",
                "--train-workloads", "1", "--hjs-iterations", "2", "--dqn-iterations", "20", "--threads", "2");
        List<String> results = Files.readAllLines(dirs[1].resolve("results.csv"));
        assertThat(results).isEqualTo(Files.readAllLines(dirs[0].resolve("results.csv"))).hasSize(1 + 3 * 9);
        assertThat(withoutTiming(JSON.readTree(dirs[1].resolve("results.json").toFile())))
                .isEqualTo(withoutTiming(JSON.readTree(dirs[0].resolve("results.json").toFile())));
        for (String f : List.of("hjs/agent.xprl", "dqn/agent.xprl")) {
            assertThat(Files.readAllBytes(dirs[1].resolve("agents/hjs-40-20").resolve(f)))
                    .as(f).isEqualTo(Files.readAllBytes(dirs[0].resolve("agents/hjs-40-20").resolve(f)));
        }
    }

    @Test
    void reproduceLiuWritesTheSameTablesOnSpark() throws IOException {
        Path[] dirs = bothEngines("reproduce", "liu", "--quick", "--runs", "uniform", "--episodes", "3", "--apps", "40",
                "--test-episodes", "2", "--curve-points", "1", "--curve-episodes", "1");
        for (String f : List.of("table2.csv", "table3.csv", "curves.csv")) {
            assertThat(Files.readAllLines(dirs[1].resolve(f))).as(f).isEqualTo(Files.readAllLines(dirs[0].resolve(f)));
        }
        assertThat(Files.readAllLines(dirs[1].resolve("table3.csv"))).as("the paper's agent and the pair manager")
                .hasSize(1 + 2 * 4);
        assertThat(Files.readAllBytes(dirs[1].resolve("agents/uniform/agent.xprl")))
                .isEqualTo(Files.readAllBytes(dirs[0].resolve("agents/uniform/agent.xprl")));
        // the pair manager trains in the driver either way: the same weights (its file also records stage timings)
        assertThat(io.execplace.liu.pairmanager.PairAgentFiles.read(dirs[1].resolve("agents/uniform/pairs.xprl")).parameters())
                .isEqualTo(io.execplace.liu.pairmanager.PairAgentFiles.read(dirs[0].resolve("agents/uniform/pairs.xprl")).parameters());
    }

    @Test
    void aTrainingSweepCellRunsOnSparkAsInProcess() throws IOException {
        Path[] dirs = bothEngines("train", "--sweep", "--agents", "dqn", "--betas", "1", "--seeds", "1",
                "--iterations", "12", "--eval-interval", "6", "--eval-episodes", "1");
        assertThat(withoutColumns(dirs[0].resolve("sweep.csv"))).isEqualTo(withoutColumns(dirs[1].resolve("sweep.csv")))
                .hasSize(2);
        Path agent = Path.of("dqn-beta-1.0-seed-1");
        for (String f : List.of("agent.xprl", "checkpoint.xprl", "learning-curve.csv")) {
            assertThat(Files.readAllBytes(dirs[1].resolve(agent).resolve(f)))
                    .as(f).isEqualTo(Files.readAllBytes(dirs[0].resolve(agent).resolve(f)));
        }
    }

    @Test
    void badEngineOrMasterIsRefusedWithOneLine() {
        Path out = tmp.resolve("never");
        Result master = run("compare", "--jobs", "20", "--seeds", "1", "--out", out.toString(), "-q",
                "--engine", "spark", "--master", "spark//nohost");
        assertThat(master.exitCode()).isEqualTo(2);
        assertThat(master.err().strip()).isEqualTo("execplace: error: --master: 'spark//nohost' is not a Spark master "
                + "URL (local[*], local[N], local-cluster[N,CORES,MB], spark://HOST:PORT, k8s://HOST:PORT or yarn)");
        Result engine = run("reproduce", "hybrid", "--quick", "--out", out.toString(), "-q", "--engine", "flink");
        assertThat(engine.exitCode()).isEqualTo(2);
        assertThat(engine.err()).contains("unknown engine 'flink' (inprocess or spark)");
        Result zero = run("compare", "--out", out.toString(), "-q", "--engine", "spark", "--master", "local[0]");
        assertThat(zero.exitCode()).isEqualTo(2);
        assertThat(out).doesNotExist();
    }

    /** results.csv and results.json equal once the timing fields are left out. */
    private static void assertSameResults(Path a, Path b) throws IOException {
        assertThat(withoutColumns(b.resolve("results.csv"))).isEqualTo(withoutColumns(a.resolve("results.csv")));
        assertThat(withoutTiming(JSON.readTree(b.resolve("results.json").toFile())))
                .isEqualTo(withoutTiming(JSON.readTree(a.resolve("results.json").toFile())));
    }

    private static boolean timing(String column) {
        return column.startsWith("schedulingDelay") || column.equals("seconds");
    }

    /** The CSV's lines without its timing columns (no field of these files holds a comma). */
    private static List<String> withoutColumns(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",", -1);
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(",", -1);
            assertThat(f).hasSameSizeAs(header);
            List<String> kept = new ArrayList<>();
            for (int i = 0; i < f.length; i++) {
                if (!timing(header[i])) {
                    kept.add(f[i]);
                }
            }
            out.add(String.join(",", kept));
        }
        return out;
    }

    private static JsonNode withoutTiming(JsonNode records) {
        for (JsonNode r : records) {
            List<String> drop = new ArrayList<>();
            r.fieldNames().forEachRemaining(n -> {
                if (timing(n)) {
                    drop.add(n);
                }
            });
            ((ObjectNode) r).remove(drop);
        }
        return records;
    }

    private static boolean sameFileNames(Path a, Path b) throws IOException {
        return names(a).equals(names(b));
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }
}

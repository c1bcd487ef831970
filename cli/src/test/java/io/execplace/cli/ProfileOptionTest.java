package io.execplace.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** {@code --profile FILE}: a job-type profile gives generated jobs their base durations and each type its factor. */
class ProfileOptionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A hand-written profile (no checksum): two sizes at 1 and 4 executors in the preferred layouts. */
    private static final String PROFILE = """
            # execplace job profile, format 1, crc32 none
            # master: local-cluster[2,2,1536]
            # machine: test
            # spark: 4.1.1
            # repetitions: 3
            # date: 2026-11-22T19:00:00Z
            # seed: 1
            # factor.wordcount: 1.2
            # factor.sort: 1.1
            # factor.pagerank: 1.5
            type,input_mb,executors,layout,runs,mean_s,sd_s,min_s,max_s,stages,shuffle_bytes
            wordcount,2,1,spread,3,4.5,0.1,4.4,4.6,2,1000
            wordcount,8,1,spread,3,12.25,0.1,12.1,12.4,2,4000
            wordcount,2,4,spread,3,2.5,0.1,2.4,2.6,2,1000
            wordcount,8,4,spread,3,5.75,0.1,5.6,5.9,2,4000
            sort,2,1,spread,3,3.5,0.1,3.4,3.6,3,2000000
            sort,2,4,spread,3,1.5,0.1,1.4,1.6,3,2000000
            sort,2,4,consolidated,3,2,0.1,1.9,2.1,3,2000000
            pagerank,2,1,consolidated,3,20.5,0.1,20.4,20.6,6,9000000
            pagerank,2,4,consolidated,3,11,0.1,10.9,11.1,6,9000000
            """;
    private static final Map<String, Double> FACTORS = Map.of("wordcount", 1.2, "sort", 1.1, "pagerank", 1.5);

    @TempDir
    Path dir;

    @Test
    void simulateTakesBaseDurationsAndFactorsFromTheProfile() throws IOException {
        Path profile = Files.writeString(dir.resolve("p.profile"), PROFILE);
        Path trace = dir.resolve("trace.jsonl");
        CliRunner.Result r = CliRunner.run("simulate", "--cluster", "tpds", "--workload", "tpds-normal", "--jobs", "40",
                "--scheduler", "round-robin", "--profile", profile.toString(), "--trace-out", trace.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        int mismatched = 0;
        int jobs = 0;
        for (String line : Files.readAllLines(trace)) {
            JsonNode n = JSON.readTree(line);
            if (!n.get("kind").asText().equals("job")) {
                continue;
            }
            jobs++;
            String type = n.get("type").asText();
            int count = n.get("executorCount").asInt();
            double base = n.get("baseDuration").asDouble();
            assertThat(base).as("job %s", n.get("job")).isIn(allowed(type, count));
            Set<Integer> vms = new HashSet<>();
            n.get("executors").forEach(v -> vms.add(v.asInt()));
            boolean matches = count == 1 || (type.equals("pagerank") ? vms.size() == 1 : vms.size() == count);
            double factor = matches ? 1 : FACTORS.get(type);
            mismatched += matches ? 0 : 1;
            assertThat(n.get("finish").asDouble() - n.get("start").asDouble()).as("job %s", n.get("job"))
                    .isCloseTo(base * factor, within(1e-9));
        }
        assertThat(jobs).isEqualTo(40);
        assertThat(mismatched).as("round-robin spreads PageRank: the factor is exercised").isPositive();
    }

    @Test
    void withoutAProfileTheJobsKeepThePapersWholeSecondDurations() throws IOException {
        Path trace = dir.resolve("trace.jsonl");
        CliRunner.Result r = CliRunner.run("simulate", "--cluster", "tpds", "--workload", "tpds-normal", "--jobs", "40",
                "--scheduler", "round-robin", "--trace-out", trace.toString(), "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        for (String line : Files.readAllLines(trace)) {
            JsonNode n = JSON.readTree(line);
            if (n.get("kind").asText().equals("job")) {
                assertThat(n.get("baseDuration").asDouble()).isBetween(29.0, 157.0);
                assertThat(n.get("baseDuration").asDouble() % 1).isZero();
            }
        }
    }

    @Test
    void generateWritesProfiledDurations() throws IOException {
        Path profile = Files.writeString(dir.resolve("p.profile"), PROFILE);
        CliRunner.Result r = CliRunner.run("generate", "--workload", "hjs-60-20", "--profile", profile.toString(),
                "--out", "-");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> rows = r.out().lines().skip(1).toList();
        assertThat(rows).hasSize(20).allSatisfy(row -> {
            String[] f = row.split(",", -1); // job,type,arrival,cores,memoryGb,executors,baseDuration,deadline
            assertThat(Double.parseDouble(f[6])).isIn(allowed(f[1], Integer.parseInt(f[5])));
        });
    }

    @Test
    void aBadProfileIsRefusedWithFileLineAndFieldBeforeAnyWork() throws IOException {
        Path profile = Files.writeString(dir.resolve("bad.profile"), PROFILE.replace("sort,2,4,spread,3,1.5,", "sort,2,4,spread,3,fast,"));
        Path out = dir.resolve("never");
        CliRunner.Result r = CliRunner.run("compare", "--cluster", "tpds", "--workload", "tpds-normal", "--seeds", "1",
                "--profile", profile.toString(), "--out", out.toString(), "-q");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err().strip()).isEqualTo("execplace: error: " + profile + " line 17, field 'mean_s': expected a number, got 'fast'");
        assertThat(out).doesNotExist();
    }

    private static Set<Double> allowed(String type, int executors) {
        // nearest measured executor count (1 or 4; a tie at 2.5 cannot happen with whole counts)
        int nearest = executors <= 2 ? 1 : 4;
        return switch (type + "@" + nearest) {
            case "wordcount@1" -> Set.of(4.5, 12.25);
            case "wordcount@4" -> Set.of(2.5, 5.75);
            case "sort@1" -> Set.of(3.5);
            case "sort@4" -> Set.of(1.5);
            case "pagerank@1" -> Set.of(20.5);
            case "pagerank@4" -> Set.of(11.0);
            default -> throw new AssertionError(type);
        };
    }
}

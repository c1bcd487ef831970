package io.execplace.core.spottrace;

import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFileException;
import io.execplace.core.model.UnavailableWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * SpotLake snapshots (hand-written rows in SpotLake's published schema, not SpotLake's data) into
 * windows without capacity: scores, missing prices, a missing snapshot, a duplicate, other pools.
 */
class SpotLakeImportTest {

    private static final String HEADER = "Time,InstanceType,Region,AZ,SPS,T3,T2,IF,OndemandPrice,SpotPrice,Savings";

    @TempDir
    Path dir;

    private void snapshots() throws IOException {
        Path day = dir.resolve("data/aws/2025/03/01");
        Files.createDirectories(day);
        Files.writeString(day.resolve("00-00-00.csv"), String.join("\n", HEADER,
                "2025-03-01 00:00:00,m7g.xlarge,us-east-1,use1-az1,3,10,10,2.5,0.1632,0.0600,63",
                "2025-03-01 00:00:00,m7g.xlarge,us-east-1,use1-az2,1,0,0,2.5,0.1632,0.0700,57",
                "2025-03-01 00:00:00,c7g.large,us-east-1,use1-az1,1,0,0,3.0,0.0725,0.0300,58", ""));
        Files.writeString(day.resolve("00-10-00.csv"), String.join("\n", HEADER,
                "2025-03-01 00:10:00,m7g.xlarge,us-east-1,use1-az1,1,0,0,2.5,0.1632,0.0800,50"));
        Files.writeString(day.resolve("00-20-00.csv"), String.join("\n", HEADER,
                "2025-03-01 00:20:00,m7g.xlarge,us-east-1,use1-az1,2,0,10,2.5,0.1632,0.0700,57",
                "2025-03-01 00:20:00,m7g.xlarge,us-east-1,use1-az1,2,0,10,2.5,0.1632,,"));
        gzip(day.resolve("00-30-00.csv.gz"), String.join("\n", HEADER,
                "2025-03-01 00:30:00,m7g.xlarge,us-east-1,use1-az1,3,10,10,2.0,0.1632,,"));
        // 00:40 is missing: the state of 00:30 carries on.
        gzip(day.resolve("00-50-00.csv.gz"), String.join("\n", HEADER,
                "2025-03-01 00:50:00,m7g.xlarge,us-east-1,use1-az1,3,1,1,2.5,0.1632,0.0500,69"));
    }

    private static void gzip(Path file, String text) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void oneNodeAtScoreTwo() throws IOException {
        snapshots();
        SpotLakeTrace t = new SpotLakeImport("m7g.xlarge", "use1-az1", 2, 1).read(List.of(dir.resolve("data")));
        assertThat(t.snapshots()).isEqualTo(5);
        assertThat(t.start().toString()).isEqualTo("2025-03-01T00:00:00Z");
        assertThat(t.spanSeconds()).isEqualTo(3600);
        // 00:10 scores 1; 00:30 has no spot price and 00:40 is missing; 00:20 has capacity (one of its
        // two rows has a price).
        assertThat(t.windows()).containsExactly(new UnavailableWindow(600, 1200), new UnavailableWindow(1800, 3000));
        assertThat(t.unavailableShare()).isCloseTo(1800 / 3600.0, within(1e-12));
        assertThat(t.meanSpotPricePerHour()).isCloseTo((0.06 + 0.08 + 0.07 + 0.05) / 4, within(1e-12));
        assertThat(t.meanOnDemandPricePerHour()).isCloseTo(0.1632, within(1e-12));
        assertThat(t.interruptionBand()).isEqualTo("5-10");
    }

    @Test
    void severalNodesReadTheTargetCapacityColumn() throws IOException {
        snapshots();
        // Five nodes at score 2 (T2): 00:50 has T2 = 1, so the last window runs to the end.
        SpotLakeTrace t = new SpotLakeImport("m7g.xlarge", "use1-az1", 2, 5).read(List.of(dir));
        assertThat(t.windows()).containsExactly(new UnavailableWindow(600, 1200), new UnavailableWindow(1800, 3600));
        // At score 3 (T3) 00:20 has T3 = 0: no capacity from 00:10 to 00:50.
        SpotLakeTrace three = new SpotLakeImport("m7g.xlarge", "use1-az1", 3, 5).read(List.of(dir));
        assertThat(three.windows()).containsExactly(new UnavailableWindow(600, 3600));
    }

    @Test
    void badInputIsNamed() throws IOException {
        snapshots();
        assertThatThrownBy(() -> new SpotLakeImport("m7g.xlarge", "use1-az9", 2, 1).read(List.of(dir)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("no rows for instance type m7g.xlarge in zone use1-az9");
        assertThatThrownBy(() -> new SpotLakeImport("m7g.large", "use1-az1", 2, 1).read(List.of(dir)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("c7g.large");
        assertThatThrownBy(() -> new SpotLakeImport("m7g.xlarge", "use1-az1", 1, 5))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--nodes");
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, HEADER + "\n2025-03-01 00:00:00,m7g.xlarge,us-east-1,use1-az1,high,0,0,2.5,0.16,0.06,63\n");
        assertThatThrownBy(() -> new SpotLakeImport("m7g.xlarge", "use1-az1", 2, 1).read(List.of(bad)))
                .isInstanceOfSatisfying(InputFileException.class, e -> {
                    assertThat(e.line()).isEqualTo(2);
                    assertThat(e.field()).isEqualTo("SPS");
                });
        Path other = dir.resolve("other.csv");
        Files.writeString(other, "a,b,c\n1,2,3\n");
        assertThatThrownBy(() -> new SpotLakeImport("m7g.xlarge", "use1-az1", 2, 1).read(List.of(other)))
                .isInstanceOf(InputFileException.class).hasMessageContaining("not a SpotLake snapshot");
    }
}

package io.execplace.eventlogs;

import com.github.luben.zstd.ZstdOutputStream;
import io.execplace.core.io.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Databricks logs, duplicates, compacted and empty rolling folders, sub-folders, misnamed compression. */
class LogLayoutsTest {

    private static final long T0 = 1_700_000_000_000L;

    @TempDir
    Path dir;

    private static LogBuilder app(String id) {
        return new LogBuilder(id, T0).start().added("1", "h0", 2, T0 + 1_000).jobStart(0, T0 + 2_000).jobEnd(0, T0 + 8_000);
    }

    private static void gzip(Path file, List<String> lines) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write((String.join("\n", lines) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    @Test
    void aDatabricksLogAndItsRolledGzipPartsAreOneApplication() throws IOException {
        String header = "{\"Event\":\"DBCEventLoggingListenerMetadata\",\"Spark Version\":\"3.1.2\",\"Timestamp\":" + T0
                + ",\"Rollover Number\":%d,\"SparkContext Id\":5706921391408253054}";
        List<String> lines = app("app-db").end(T0 + 9_000).lines();
        Path one = Files.write(Files.createDirectories(dir.resolve("single")).resolve("eventlog"),
                concat(String.format(header, 0), lines.subList(1, lines.size())));
        SparkApplication a = EventLogImport.read(List.of(one)).applications().get(0);
        assertThat(a.databricks()).isTrue();
        assertThat(a.sparkVersion()).isEqualTo("3.1.2");
        assertThat(a.endMs()).isEqualTo(T0 + 9_000);
        assertThat(a.driverOnCluster()).isTrue();

        // The cluster's folder: parts rolled by date (gzip), then the current file.
        Path cluster = dir.resolve("clusters/0114-abc");
        int half = 4;
        gzip(cluster.resolve("eventlog-2022-01-14--17-00.gz"), concat(String.format(header, 0), lines.subList(1, half)));
        Files.write(cluster.resolve("eventlog"), concat(String.format(header, 1), lines.subList(half, lines.size())));
        Files.writeString(cluster.resolve("databricks_pricing.json"), "{}");
        EventLogImport.Read read = EventLogImport.read(List.of(dir.resolve("clusters")));
        assertThat(read.applications()).singleElement().satisfies(b -> {
            assertThat(b.id()).isEqualTo("app-db");
            assertThat(b.startMs()).isEqualTo(T0);
            assertThat(b.endMs()).isEqualTo(T0 + 9_000);
            assertThat(b.executors()).hasSize(1);
        });
        assertThat(read.report().unreadableLogs()).isZero();
    }

    @Test
    void theSameApplicationAttemptTwiceIsCountedOnceAndReported() throws IOException {
        List<String> lines = app("app-7").end(T0 + 9_000).lines();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.write(logs.resolve("app-7"), lines);
        Path rolling = Files.createDirectories(logs.resolve("eventlog_v2_app-7"));
        try (OutputStream out = new ZstdOutputStream(Files.newOutputStream(rolling.resolve("events_1_app-7.zstd")))) {
            out.write((String.join("\n", lines) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        Files.createFile(rolling.resolve("appstatus_app-7"));
        // Another attempt of another application is not a duplicate, though its id is the same.
        new LogBuilder("app-8", "1", T0).start().end(T0 + 1_000).write(logs.resolve("app-8_1"));
        new LogBuilder("app-8", "2", T0 + 2_000).start().end(T0 + 3_000).write(logs.resolve("app-8_2"));
        EventLogImport.Read read = EventLogImport.read(List.of(logs, logs.resolve("app-7")));
        assertThat(read.applications()).extracting(SparkApplication::id).containsExactly("app-7", "app-8", "app-8");
        assertThat(read.report().duplicates()).isEqualTo(2);
        assertThat(read.report().summary()).contains("2 duplicate log(s)");
        assertThat(read.report().messages()).anySatisfy(m -> assertThat(m).contains("application app-7 again"));
    }

    @Test
    void aCompactedRollingFileIsReadAndARollingFolderWithoutEventsIsLeftOutOfAFolder() throws IOException {
        List<String> lines = app("app-c").end(T0 + 9_000).lines();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path rolling = Files.createDirectories(logs.resolve("eventlog_v2_app-c"));
        Files.write(rolling.resolve("events_3_app-c.compact"), lines.subList(0, 4));
        Files.write(rolling.resolve("events_4_app-c"), lines.subList(4, lines.size()));
        Path empty = Files.createDirectories(logs.resolve("eventlog_v2_app-gone"));
        Files.createFile(empty.resolve("appstatus_app-gone.inprogress"));
        Files.createDirectories(logs.resolve("archive"));
        EventLogImport.Read read = EventLogImport.read(List.of(logs));
        assertThat(read.applications()).singleElement().satisfies(a -> assertThat(a.endMs()).isEqualTo(T0 + 9_000));
        assertThat(read.report().unreadableLogs()).isEqualTo(1);
        assertThat(read.report().foldersLeftOut()).isEqualTo(1);
        assertThat(read.report().messages()).anySatisfy(m -> assertThat(m).contains("archive").contains("not searched"));
        // Named on its own, the empty rolling folder is refused.
        assertThatThrownBy(() -> EventLogImport.read(List.of(empty))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("without events_* files");
    }

    @Test
    void compressionTheNameDoesNotSayIsNamedInTheRefusal() throws IOException {
        List<String> lines = app("app-z").end(T0 + 9_000).lines();
        Path gz = dir.resolve("app-z");
        gzip(gz, lines);
        assertThatThrownBy(() -> EventLogImport.read(List.of(gz))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("its bytes are gzip-compressed: name it .gz");
        Path named = Files.copy(gz, dir.resolve("app-z.gz"));
        assertThat(EventLogImport.read(List.of(named)).applications()).hasSize(1);
        Path fake = Files.writeString(dir.resolve("fake.zstd"), "not compressed\n");
        assertThatThrownBy(() -> EventLogImport.read(List.of(fake))).isInstanceOf(BadInputException.class)
                .hasMessage(fake + ": cannot be read as an event log: not zstd-compressed data as its name says (Unknown "
                        + "frame descriptor)");
        Path sub = Files.createDirectories(dir.resolve("only-folders/a"));
        assertThatThrownBy(() -> EventLogImport.read(List.of(sub.getParent()))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("its sub-folders a are not searched: name them");
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> out = new java.util.ArrayList<>();
        out.add(first);
        out.addAll(rest);
        return out;
    }
}

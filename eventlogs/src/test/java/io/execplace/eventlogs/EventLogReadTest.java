package io.execplace.eventlogs;

import com.github.luben.zstd.ZstdOutputStream;
import io.execplace.core.io.BadInputException;
import net.jpountz.lz4.LZ4BlockOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.SnappyOutputStream;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Spark's own event logs read as Spark wrote them, and the same logs compressed, rolled, cut short
 * and broken. Expected values were read from the logs with a separate script (Python's json).
 */
class EventLogReadTest {

    @TempDir
    Path dir;

    private SparkApplication only(Path path) throws IOException {
        EventLogImport.Read read = EventLogImport.read(List.of(path));
        assertThat(read.applications()).hasSize(1);
        return read.applications().get(0);
    }

    @Test
    void aStandaloneApplication() throws IOException {
        SparkApplication a = only(SparkTestLogs.copy(dir, "app-20161116163331-0000"));
        assertThat(a.id()).isEqualTo("app-20161116163331-0000");
        assertThat(a.name()).isEqualTo("Spark shell");
        assertThat(a.sparkVersion()).isEqualTo("2.1.0-SNAPSHOT");
        assertThat(a.startMs()).isEqualTo(1479335609916L);
        assertThat(a.endMs()).isEqualTo(1479335620587L);
        assertThat(a.executors()).hasSize(4).allSatisfy(e -> {
            assertThat(e.host()).isEqualTo("172.22.0.167");
            assertThat(e.cores()).isEqualTo(4);
        });
        assertThat(a.peakExecutors()).isEqualTo(4);
        assertThat(a.jobs()).hasSize(1);
        assertThat(a.property("spark.master")).isEqualTo("local-cluster[4,4,1024]");
    }

    @Test
    void aYarnApplicationWithRemovedExecutors() throws IOException {
        SparkApplication a = only(SparkTestLogs.copy(dir, "application_1628109047826_1317105"));
        assertThat(a.startMs()).isEqualTo(1628637895333L);
        assertThat(a.endMs()).isEqualTo(1628638170208L);
        assertThat(a.executors()).hasSize(10);
        assertThat(a.executors()).anySatisfy(e -> assertThat(e.removed()).isTrue());
        assertThat(a.peakExecutors()).isBetween(1, 10);
        assertThat(a.hosts()).contains("host-11741", "host-12291", "host-12328");
        assertThat(ExecutorSizing.executorMemoryGb(a, new ImportReport())).isEqualTo(4.0 + 0.4);
        assertThat(ExecutorSizing.coresPerExecutor(a, new ImportReport())).isEqualTo(1);
    }

    @Test
    void aLocalApplicationIsOneExecutorOnTheDriver() throws IOException {
        SparkApplication a = only(SparkTestLogs.copy(dir, "local-1422981759269"));
        assertThat(a.executors()).isEmpty();
        assertThat(a.jobs()).hasSize(4);
        ImportReport report = new ImportReport();
        assertThat(ExecutorSizing.coresPerExecutor(a, report)).isEqualTo(1); // local[*]: the log does not say
        assertThat(report.assumptions()).isNotEmpty();
    }

    @Test
    void everyLogOfSparksTestsIsRead() throws IOException {
        for (String name : List.of("app-20161115172038-0000", "app-20161116163331-0000", "app-20180109111548-0000",
                "app-20200706201101-0003", "application_1516285256255_0012", "application_1553914137147_0018",
                "application_1555004656427_0144", "application_1578436911597_0052", "application_1628109047826_1317105",
                "local-1422981759269", "local-1422981780767", "local-1425081759269", "local-1426533911241",
                "local-1426633911242", "local-1430917381534", "local-1430917381535_1", "local-1430917381535_2",
                "local-1642039451826")) {
            SparkTestLogs.copy(dir, name);
        }
        EventLogImport.Read read = EventLogImport.read(List.of(dir));
        assertThat(read.applications()).hasSize(18).allSatisfy(a -> {
            assertThat(a.startMs()).isPositive();
            assertThat(a.ended()).isTrue();
        });
        assertThat(read.report().skippedLines()).isZero();
        assertThat(read.report().unreadableLogs()).isZero();
    }

    @Test
    void compressedLogsReadAsThePlainOne() throws IOException {
        Path plain = SparkTestLogs.copy(dir, "application_1553914137147_0018");
        byte[] bytes = Files.readAllBytes(plain);
        SparkApplication expected = only(plain);
        // The stream classes Spark's LZ4, Snappy and Zstd codecs write with.
        write(dir.resolve("lz4/application_1553914137147_0018.lz4"), bytes, LZ4BlockOutputStream::new);
        write(dir.resolve("snappy/application_1553914137147_0018.snappy"), bytes, SnappyOutputStream::new);
        write(dir.resolve("zstd/application_1553914137147_0018.zstd"), bytes, ZstdOutputStream::new);
        for (String codec : List.of("lz4", "snappy", "zstd")) {
            SparkApplication a = only(dir.resolve(codec));
            assertThat(a.logName()).isEqualTo("application_1553914137147_0018");
            assertThat(a.executors()).isEqualTo(expected.executors());
            assertThat(a.jobs()).isEqualTo(expected.jobs());
            assertThat(a.endMs()).isEqualTo(expected.endMs());
        }
    }

    @Test
    void aRollingLogFolderReadsAsTheSingleFile() throws IOException {
        Path plain = SparkTestLogs.copy(dir, "application_1516285256255_0012");
        List<String> lines = Files.readAllLines(plain);
        Path rolling = Files.createDirectories(dir.resolve("logs/eventlog_v2_application_1516285256255_0012"));
        int half = lines.size() / 2;
        // Spark writes events_<index>_<appId>[.codec]; the index orders them, not the name.
        Files.write(rolling.resolve("events_10_application_1516285256255_0012"), lines.subList(half, lines.size()));
        Files.write(rolling.resolve("events_9_application_1516285256255_0012"), lines.subList(0, half));
        Files.createFile(rolling.resolve("appstatus_application_1516285256255_0012"));
        EventLogSource source = EventLogSource.find(List.of(dir.resolve("logs"))).get(0);
        assertThat(source.inProgress()).isFalse();
        assertThat(source.files().get(0).getFileName().toString()).startsWith("events_9_");
        SparkApplication a = only(dir.resolve("logs"));
        SparkApplication expected = only(plain);
        assertThat(a.executors()).isEqualTo(expected.executors());
        assertThat(a.endMs()).isEqualTo(expected.endMs());
    }

    @Test
    void aLogStillBeingWrittenEndsAtItsLatestEventAndItsTornLineIsSkipped() throws IOException {
        List<String> lines = Files.readAllLines(SparkTestLogs.copy(dir, "app-20180109111548-0000"));
        List<String> cut = new java.util.ArrayList<>(lines.subList(0, lines.size() - 3));
        cut.add(lines.get(lines.size() - 3).substring(0, 40)); // the write in flight
        Path inProgress = Files.createDirectories(dir.resolve("running")).resolve("app-20180109111548-0000.inprogress");
        Files.write(inProgress, cut);
        EventLogSource source = EventLogSource.find(List.of(inProgress)).get(0);
        assertThat(source.inProgress()).isTrue();
        assertThat(source.name()).isEqualTo("app-20180109111548-0000");
        EventLogImport.Read read = EventLogImport.read(List.of(inProgress));
        SparkApplication a = read.applications().get(0);
        assertThat(a.ended()).isFalse();
        assertThat(a.lastEventMs()).isGreaterThan(a.startMs());
        assertThat(read.report().skippedLines()).isEqualTo(1);
        assertThat(read.report().messages()).anySatisfy(m -> assertThat(m).contains(inProgress + ":" + (lines.size() - 2) + ": "));
        EventLogImport.Imported w = EventLogImport.workload(read.applications(), EventLogImport.Unit.APPLICATION, read.report());
        assertThat(w.workload().jobs().get(0).baseDuration()).isEqualTo((a.stopMs() - a.startMs()) / 1000.0);
        assertThat(read.report().incompleteApplications()).isEqualTo(1);
    }

    @Test
    void sparksBrokenAttemptLogs() throws IOException {
        Path attempts = Files.createDirectories(dir.resolve("attempts"));
        SparkTestLogs.copy(attempts, "spark-events-broken/last-attempt-incomplete/application_1656321732247_0006_1");
        SparkTestLogs.copy(attempts, "spark-events-broken/last-attempt-incomplete/application_1656321732247_0006_2");
        EventLogImport.Read read = EventLogImport.read(List.of(attempts));
        assertThat(read.applications()).hasSize(2);
        assertThat(read.applications().stream().filter(SparkApplication::ended).count()).isEqualTo(1);
    }

    @Test
    void aFileThatIsNotAnEventLogIsRefusedAndLeftOutOfAFolder() throws IOException {
        Path folder = Files.createDirectories(dir.resolve("mixed"));
        SparkTestLogs.copy(folder, "local-1426533911241");
        Path garbage = folder.resolve("core.bin");
        Files.write(garbage, new byte[]{0, 1, 2, (byte) 0xff, 10, 3, 4});
        assertThatThrownBy(() -> EventLogImport.read(List.of(garbage))).isInstanceOf(BadInputException.class)
                .hasMessageContaining(garbage + ":1: not a Spark event log");
        Path json = Files.writeString(dir.resolve("config.json"), "{\"a\": 1}\n");
        assertThatThrownBy(() -> EventLogImport.read(List.of(json))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("not a Spark event log");
        EventLogImport.Read read = EventLogImport.read(List.of(folder));
        assertThat(read.applications()).hasSize(1);
        assertThat(read.report().unreadableLogs()).isEqualTo(1);
        assertThatThrownBy(() -> EventLogImport.read(List.of(dir.resolve("nowhere")))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("no such file or folder");
    }

    private interface Compressor {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    private static void write(Path file, byte[] bytes, Compressor c) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = c.wrap(Files.newOutputStream(file))) {
            out.write(bytes);
        }
    }
}

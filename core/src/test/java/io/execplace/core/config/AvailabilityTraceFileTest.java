package io.execplace.core.config;

import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.UnavailableWindow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Availability trace files: the written form reads back, a cluster file names one, bad lines are named. */
class AvailabilityTraceFileTest {

    @TempDir
    Path dir;

    @Test
    void writtenWindowsReadBackAndACLusterFileUsesThemRelativeToItself() throws IOException {
        List<UnavailableWindow> windows = List.of(new UnavailableWindow(600, 1800), new UnavailableWindow(3600.5, 4200));
        Path trace = dir.resolve("traces/spot.csv");
        Files.createDirectories(trace.getParent());
        AvailabilityTraceFile.write(trace, List.of("from a test"), windows);
        assertThat(Files.readAllLines(trace)).containsExactly(AvailabilityTraceFile.HEADER, "# from a test",
                "fromSeconds,toSeconds", "600,1800", "3600.5,4200");
        assertThat(AvailabilityTraceFile.read(trace)).isEqualTo(windows);

        Path yaml = dir.resolve("c.yaml");
        Files.writeString(yaml, """
                nodePools:
                  - name: spot
                    capacityType: spot
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.2, spotPricePerHour: 0.08}
                    interruptionNoticeSeconds: 60
                    reclaimAtSeconds: [100]
                    availabilityTrace: traces/spot.csv
                """);
        Interruptions in = ClusterFile.read(yaml).pools().pools().get(0).interruptions();
        assertThat(in.unavailable()).isEqualTo(windows);
        assertThat(in.reclaimAtSeconds()).containsExactly(100.0, 600.0, 3600.5);
        assertThat(in.noticeSeconds()).isEqualTo(60);
    }

    @Test
    void badFilesNameFileLineAndField() throws IOException {
        fails("not a trace\n", 1, null);
        fails(AvailabilityTraceFile.HEADER + "\nfrom,to\n", 2, null);
        fails(AvailabilityTraceFile.HEADER + "\nfromSeconds,toSeconds\n10,x\n", 3, "toSeconds");
        fails(AvailabilityTraceFile.HEADER + "\nfromSeconds,toSeconds\n10,5\n", 3, "toSeconds");
        fails(AvailabilityTraceFile.HEADER + "\n# c\nfromSeconds,toSeconds\n10,50\n40,60\n", 5, "fromSeconds");
        fails(AvailabilityTraceFile.HEADER + "\nfromSeconds,toSeconds\n-1,5\n", 3, "fromSeconds");
        assertThatThrownBy(() -> AvailabilityTraceFile.read(dir.resolve("missing.csv")))
                .isInstanceOf(InputFileException.class).hasMessageContaining("no such file");
    }

    @Test
    void onDemandPoolsRefuseATrace() {
        assertThatThrownBy(() -> ClusterFile.parse("""
                nodePools:
                  - name: od
                    instanceTypes:
                      - {name: t, cores: 4, memoryGb: 16, onDemandPricePerHour: 0.2}
                    availabilityTrace: t.csv
                """, "c.yaml", "c")).isInstanceOf(ClusterFileException.class)
                .hasMessage("c.yaml line 5, nodePools[0] 'od', field 'availabilityTrace': applies to spot pools only (capacityType: spot)");
    }

    private void fails(String content, int line, String field) throws IOException {
        Path file = dir.resolve("bad-" + line + "-" + field + ".csv");
        Files.writeString(file, content);
        assertThatThrownBy(() -> AvailabilityTraceFile.read(file)).isInstanceOfSatisfying(InputFileException.class, e -> {
            assertThat(e.line()).as(e.getMessage()).isEqualTo(line);
            assertThat(e.field()).as(e.getMessage()).isEqualTo(field);
        });
    }
}

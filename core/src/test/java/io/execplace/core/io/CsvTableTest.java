package io.execplace.core.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CsvTableTest {

    @TempDir
    Path dir;

    @Test
    void writesHeaderAndRowsWithQuotingOnlyWhereNeeded() throws Exception {
        Path file = dir.resolve("t.csv");
        new CsvTable("name", "value", "note")
                .row("first-fit", 1.5, null)
                .row("a,b", 2, "say \"hi\"")
                .record(Map.of("name", "rec", "note", "x"))
                .write(file);
        assertThat(Files.readString(file)).isEqualTo("""
                name,value,note
                first-fit,1.5,
                "a,b",2,"say ""hi\"\"\"
                rec,,x
                """);
    }

    @Test
    void theTextIsWhatTheFileHolds() throws Exception {
        CsvTable table = new CsvTable("name", "value").row("a,b", -0.5).row("x", null);
        Path file = dir.resolve("t.csv");
        table.write(file);
        assertThat(table.text()).isEqualTo(Files.readString(file)).isEqualTo("name,value\n\"a,b\",-0.5\nx,\n");
    }

    @Test
    void refusesRowsOfAnotherWidth() {
        CsvTable table = new CsvTable(List.of("a", "b"));
        assertThatThrownBy(() -> table.row(1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a row of 1 values for 2 columns");
        assertThatThrownBy(() -> new CsvTable(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFailedWriteLeavesNoFile() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("plain-file"), "x");
        Path file = notAFolder.resolve("t.csv");
        assertThatThrownBy(() -> new CsvTable("a").row(1).write(file)).isInstanceOf(java.io.IOException.class);
        try (var left = Files.list(dir)) {
            assertThat(left.toList()).containsExactly(notAFolder);
        }
        assertThat(Files.readString(notAFolder)).isEqualTo("x");
    }
}

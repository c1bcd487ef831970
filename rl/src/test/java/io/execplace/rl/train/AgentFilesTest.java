package io.execplace.rl.train;

import io.execplace.core.io.InputFileException;
import io.execplace.rl.nn.ArrayBundle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The agent file format: round trips, and clear errors for files that are not right. */
class AgentFilesTest {

    @TempDir
    Path dir;

    private Path written() throws Exception {
        ArrayBundle b = new ArrayBundle("model");
        b.metadata().put("format", "execplace-agent");
        b.put("values", new double[]{1.5, -2, Double.NaN});
        b.put("counts", new long[]{3, Long.MAX_VALUE});
        b.put("bytes", new byte[]{1, 2, 3});
        Path file = dir.resolve("m.xprl");
        b.write(file);
        return file;
    }

    @Test
    void arraysAndMetadataRoundTrip() throws Exception {
        ArrayBundle r = ArrayBundle.read(written());
        assertThat(r.kind()).isEqualTo("model");
        assertThat(r.field("format").asText()).isEqualTo("execplace-agent");
        assertThat(r.doubles("values")).containsExactly(1.5, -2, Double.NaN);
        assertThat(r.longs("counts")).containsExactly(3, Long.MAX_VALUE);
        assertThat(r.bytes("bytes")).containsExactly(1, 2, 3);
        assertThat(r.names()).containsExactly("values", "counts", "bytes");
    }

    @Test
    void aDamagedByteFailsTheChecksum() throws Exception {
        Path file = written();
        byte[] content = Files.readAllBytes(file);
        content[content.length - 20] ^= 1;
        Files.write(file, content);
        assertThatThrownBy(() -> ArrayBundle.read(file)).isInstanceOf(InputFileException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("checksum");
    }

    @Test
    void aTruncatedFileIsReported() throws Exception {
        Path file = written();
        byte[] content = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(content, content.length / 2));
        assertThatThrownBy(() -> ArrayBundle.read(file)).isInstanceOf(InputFileException.class)
                .hasMessageContaining(file.toString());
    }

    @Test
    void anotherFileIsNotMistakenForAnAgent() throws Exception {
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "hello, this is not a model at all");
        assertThatThrownBy(() -> TrainedAgent.read(file)).isInstanceOf(InputFileException.class)
                .hasMessageContaining("notes.txt").hasMessageContaining("not an execplace agent");
    }

    @Test
    void anotherVersionIsRefusedWithTheVersionNumber() throws Exception {
        Path file = written();
        byte[] content = Files.readAllBytes(file);
        content[11] = 9; // the version's low byte, after the 8-byte magic
        Files.write(file, content);
        assertThatThrownBy(() -> ArrayBundle.read(file)).hasMessageContaining("format version 9");
    }

    @Test
    void aMissingArrayIsNamed() throws Exception {
        ArrayBundle r = ArrayBundle.read(written());
        assertThatThrownBy(() -> r.doubles("policy.params")).isInstanceOf(InputFileException.class)
                .hasMessageContaining("policy.params").hasMessageContaining("m.xprl");
        assertThatThrownBy(() -> r.doubles("values", 4)).hasMessageContaining("expected 4 values");
    }

    @Test
    void aModelWithoutItsFieldsIsReported() throws Exception {
        assertThatThrownBy(() -> TrainedAgent.read(written())).isInstanceOf(InputFileException.class)
                .hasMessageContaining("algorithm");
    }

    @Test
    void missingFilesAndEmptyFoldersAreReported() {
        assertThatThrownBy(() -> TrainedAgent.read(dir.resolve("nothing.xprl"))).hasMessageContaining("no such file");
        assertThatThrownBy(() -> TrainedAgent.read(dir)).hasMessageContaining("holds no agent.xprl");
    }
}

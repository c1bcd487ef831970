package io.execplace.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void writesTheContent() throws IOException {
        Path target = dir.resolve("out.txt");
        AtomicFiles.write(target, w -> w.write("héllo\n"));
        assertThat(Files.readString(target)).isEqualTo("héllo\n");
        assertThat(listing()).containsExactly("out.txt");
    }

    @Test
    void failingCallbackLeavesNoFileAndNoTemporary() throws IOException {
        Path target = dir.resolve("out.txt");
        assertThatThrownBy(() -> AtomicFiles.write(target, w -> {
            w.write("half of it");
            throw new IOException("disk on fire");
        })).isInstanceOf(IOException.class).hasMessageContaining("out.txt").hasMessageEndingWith("disk on fire");
        assertThat(target).doesNotExist();
        assertThat(listing()).isEmpty();
    }

    @Test
    void failingCallbackKeepsThePreviousContent() throws IOException {
        Path target = dir.resolve("out.txt");
        Files.writeString(target, "old");
        assertThatThrownBy(() -> AtomicFiles.write(target, w -> {
            w.write("new but broken");
            throw new IllegalStateException("bug");
        })).isInstanceOf(IllegalStateException.class);
        assertThat(Files.readString(target)).isEqualTo("old");
        assertThat(listing()).containsExactly("out.txt");
    }

    @Test
    void replacesAnExistingFileAndCreatesParents() throws IOException {
        Path target = dir.resolve("a/b/out.txt");
        AtomicFiles.write(target, w -> w.write("one"));
        AtomicFiles.write(target, w -> w.write("two"));
        assertThat(Files.readString(target)).isEqualTo("two");
    }

    private java.util.List<String> listing() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        }
    }

    @Test
    void aFullDeviceIsAnErrorAndStaysADevice() throws IOException {
        Path full = Path.of("/dev/full");
        Assumptions.assumeTrue(Files.exists(full) && !Files.isRegularFile(full), "needs Linux's /dev/full");
        // Once, the temporary file was renamed over the device node: /dev/full became a regular file.
        assertThatThrownBy(() -> AtomicFiles.write(full, w -> w.write("x".repeat(100_000))))
                .isInstanceOf(IOException.class).hasMessageStartingWith("cannot write /dev/full: ")
                .hasMessageContaining("No space left on device");
        assertThatThrownBy(() -> AtomicFiles.write(full, "small".getBytes()))
                .isInstanceOf(IOException.class).hasMessageContaining("No space left on device");
        assertThat(Files.isRegularFile(full)).isFalse();
        assertThat(Files.exists(full)).isTrue();
    }

    @Test
    void aDirectoryIsNotReplaced() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("sub"));
        assertThatThrownBy(() -> AtomicFiles.write(sub, w -> w.write("x")))
                .isInstanceOf(IOException.class).hasMessageContaining("it is a directory");
        assertThat(sub).isDirectory();
    }
}

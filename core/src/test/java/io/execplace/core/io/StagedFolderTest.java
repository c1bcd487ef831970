package io.execplace.core.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StagedFolderTest {

    @TempDir
    Path dir;

    private long entries() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void nothingAppearsUntilCommitAndAFailedRunLeavesTheOldFolder() throws IOException {
        Path target = dir.resolve("out");
        try (StagedFolder f = StagedFolder.create(target)) {
            Files.writeString(f.path().resolve("a.csv"), "1");
            f.commit();
        }
        try (StagedFolder f = StagedFolder.create(target)) {
            Files.writeString(f.path().resolve("b.csv"), "2");
            assertThat(target.resolve("b.csv")).doesNotExist();
            // no commit: the run failed
        }
        assertThat(target.resolve("a.csv")).hasContent("1");
        assertThat(target.resolve("b.csv")).doesNotExist();
        assertThat(entries()).isEqualTo(1);
    }

    @Test
    void twoRunsIntoOneFolderNeverMix() throws IOException {
        Path target = dir.resolve("out");
        StagedFolder a = StagedFolder.create(target);
        StagedFolder b = StagedFolder.create(target);
        Files.writeString(a.path().resolve("results.csv"), "a");
        Files.writeString(a.path().resolve("a-only.png"), "a");
        Files.writeString(b.path().resolve("results.csv"), "b");
        a.commit();
        b.commit();
        a.close();
        b.close();
        assertThat(target.resolve("results.csv")).hasContent("b");
        assertThat(target.resolve("a-only.png")).doesNotExist();
        assertThat(entries()).isEqualTo(1);
    }

    @org.junit.jupiter.api.RepeatedTest(5)
    void concurrentRunsEachLeaveAWholeFolder() throws Exception {
        Path target = dir.resolve("out");
        int runs = 16;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            for (int r = 0; r < runs; r++) {
                int run = r;
                done.add(pool.submit(() -> {
                    try (StagedFolder f = StagedFolder.create(target)) {
                        // Each run writes a different set of files, all naming the run.
                        for (int k = 0; k <= run % 4; k++) {
                            Files.writeString(f.path().resolve("file-" + k + ".txt"), "run " + run);
                        }
                        f.commit();
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        java.util.List<String> contents = new java.util.ArrayList<>();
        try (Stream<Path> files = Files.list(target)) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith("file-")).toList()) {
                contents.add(Files.readString(p));
            }
        }
        String run = contents.get(0);
        int expectedFiles = Integer.parseInt(run.substring(4)) % 4 + 1;
        assertThat(contents).hasSize(expectedFiles).allMatch(run::equals);
        assertThat(entries()).as("no staging or old folders left").isEqualTo(1);
    }

    @Test
    void checkTargetRefusesFilesAndForeignFolders() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertThatThrownBy(() -> StagedFolder.checkTarget("--out", file))
                .isInstanceOf(BadInputException.class).hasMessageContaining("is a file, not a folder");
        Path foreign = Files.createDirectories(dir.resolve("home"));
        Files.writeString(foreign.resolve("notes.txt"), "x");
        assertThatThrownBy(() -> StagedFolder.checkTarget("--out", foreign))
                .isInstanceOf(BadInputException.class).hasMessageContaining("not an execplace output folder");
        StagedFolder.checkTarget("--out", Files.createDirectories(dir.resolve("empty")));
        StagedFolder.checkTarget("--out", dir.resolve("new/deeper"));
    }

    @Test
    void outputPathsNameTheReason() throws IOException {
        Path file = Files.writeString(dir.resolve("f"), "x");
        assertThatThrownBy(() -> OutputPaths.checkFile("--trace-out", dir))
                .hasMessage("--trace-out " + dir + ": cannot write there: is a folder; give a file name");
        assertThatThrownBy(() -> OutputPaths.checkFile("--out", file.resolve("x.csv")))
                .hasMessageContaining("is a file, so no folder can be created there");
        OutputPaths.checkFile("--out", file);
        OutputPaths.checkFile("--out", dir.resolve("a/b/c.csv"));
    }
}

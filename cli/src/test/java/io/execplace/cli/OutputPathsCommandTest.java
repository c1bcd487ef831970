package io.execplace.cli;

import io.execplace.core.io.StagedFolder;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Issue 14, items 1 and 2: output paths are checked before any work; output folders are written whole. */
class OutputPathsCommandTest {

    @TempDir
    Path dir;

    private Path aFile() throws IOException {
        Path f = dir.resolve("plain.txt");
        Files.writeString(f, "keep me");
        return f;
    }

    private static void assertRefusedBeforeWork(CliRunner.Result r, String option, Path path, String why) {
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err()).contains(option + " " + path, why);
        assertThat(r.err().lines().count()).as(r.err()).isLessThanOrEqualTo(2);
        // No progress line and no table: the check came before the runs.
        assertThat(r.out()).doesNotContain("scheduler ");
    }

    @Test
    void compareOutIsAFile() throws IOException {
        Path f = aFile();
        CliRunner.Result r = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "1", "--out", f.toString());
        assertRefusedBeforeWork(r, "--out", f, "is a file, not a folder");
        assertThat(f).hasContent("keep me");
    }

    @Test
    void compareOutBelowAFile() throws IOException {
        Path f = aFile().resolve("sub");
        CliRunner.Result r = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "1", "--out", f.toString());
        assertRefusedBeforeWork(r, "--out", f, "is a file, so no folder can be created there");
    }

    @Test
    void compareRefusesToReplaceAFolderOfOtherFiles() throws IOException {
        Path mine = dir.resolve("mine");
        Files.createDirectories(mine);
        Files.writeString(mine.resolve("thesis.tex"), "x");
        CliRunner.Result r = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "1", "--out", mine.toString());
        assertRefusedBeforeWork(r, "--out", mine, "not an execplace output folder");
        assertThat(mine.resolve("thesis.tex")).exists();
    }

    @Test
    void simulateTraceOutIsAFolder() {
        CliRunner.Result r = CliRunner.run("simulate", "--scenario", "tpds-normal", "--trace-out", dir.toString());
        assertRefusedBeforeWork(r, "--trace-out", dir, "is a folder; give a file name");
    }

    @Test
    void trainOutIsAFile() throws IOException {
        Path f = aFile();
        CliRunner.Result r = CliRunner.run("train", "--agent", "reinforce", "--iterations", "5", "--out", f.toString());
        assertRefusedBeforeWork(r, "--out", f, "is a file, not a folder");
    }

    @Test
    void generateOutIsAFolder() {
        CliRunner.Result r = CliRunner.run("generate", "--workload", "hybrid-high", "--jobs", "5", "--out", dir.toString());
        assertRefusedBeforeWork(r, "--out", dir, "is a folder; give a file name");
    }

    @Test
    void reproduceOutIsAFile() throws IOException {
        Path f = aFile();
        for (String study : new String[] {"hybrid", "tpds"}) {
            CliRunner.Result r = CliRunner.run("reproduce", study, "--quick", "-q", "--out", f.toString());
            assertRefusedBeforeWork(r, "--out", f, "is a file, not a folder");
        }
    }

    @Test
    void aSecondRunReplacesTheWholeFolderAndLeavesNoStagingBehind() throws IOException {
        Path out = dir.resolve("cmp");
        CliRunner.Result first = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "1",
                "--schedulers", "first-fit,aep", "--out", out.toString(), "-q");
        assertThat(first.exitCode()).as(first.err()).isZero();
        Path stale = out.resolve("charts/from-an-older-version.png");
        Files.writeString(stale, "stale");
        CliRunner.Result second = CliRunner.run("compare", "--scenario", "tpds-normal", "--seeds", "1",
                "--schedulers", "gio", "--out", out.toString(), "-q");
        assertThat(second.exitCode()).as(second.err()).isZero();
        assertThat(stale).doesNotExist();
        assertThat(out.resolve(StagedFolder.MARKER)).exists();
        assertThat(Files.readString(out.resolve("results.csv"))).contains(",gio,").doesNotContain(",aep,");
        try (Stream<Path> siblings = Files.list(dir)) {
            assertThat(siblings.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("cmp");
        }
    }

    @Test
    void aFullDiskIsAFailedRunNamingTheFileNeverASilentSuccess() {
        Path full = Path.of("/dev/full");
        Assumptions.assumeTrue(Files.exists(full) && !Files.isRegularFile(full), "needs Linux's /dev/full");
        CliRunner.Result generate = CliRunner.run("generate", "--workload", "tpds-burst", "--out", "/dev/full");
        assertThat(generate.exitCode()).isEqualTo(Main.EXIT_FAILURE);
        assertThat(generate.err().strip()).isEqualTo("execplace: error: cannot write /dev/full: No space left on device");
        assertThat(generate.out()).doesNotContain("wrote");
        CliRunner.Result trace = CliRunner.run("simulate", "--cluster", "tpds", "--workload", "tpds-burst", "--scheduler",
                "gio", "--trace-out", "/dev/full");
        assertThat(trace.exitCode()).isEqualTo(Main.EXIT_FAILURE);
        assertThat(trace.err().strip().lines()).hasSize(1).first().asString().contains("cannot write /dev/full");
        // The device is still a device (the atomic rename once replaced it with a regular file).
        assertThat(Files.isRegularFile(full)).isFalse();
    }
}

package io.execplace.cli;

import io.execplace.experiments.study.TrainingSweep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code --engine} and {@code --master} in the plain command line, which has no Spark. */
class EngineOptionsTest {

    @TempDir
    Path tmp;

    @Test
    void sparkInThePlainJarSaysWhereToGetIt() {
        Path out = tmp.resolve("out");
        CliRunner.Result r = CliRunner.run("compare", "--jobs", "20", "--seeds", "1", "--schedulers", "gio",
                "--out", out.toString(), "-q", "--engine", "spark");
        assertThat(r.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(r.err().strip()).isEqualTo("execplace: error: --engine spark needs the Spark-enabled distribution, "
                + "and this is the plain execplace jar: run it through ./execplace (which builds and starts it) or see "
                + "docs/spark.md");
        assertThat(out).doesNotExist();
    }

    @Test
    void anUnknownEngineAndAMasterWithoutSparkAreRefusedBeforeAnyRun() {
        Path out = tmp.resolve("out");
        CliRunner.Result unknown = CliRunner.run("reproduce", "hybrid", "--quick", "--out", out.toString(), "-q",
                "--engine", "hadoop");
        assertThat(unknown.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(unknown.err()).contains("--engine").contains("unknown engine 'hadoop' (inprocess or spark)");
        CliRunner.Result master = CliRunner.run("compare", "--jobs", "20", "--seeds", "1", "--out", out.toString(), "-q",
                "--master", "local[2]");
        assertThat(master.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(master.err()).contains("--master").contains("applies to --engine spark only");
        CliRunner.Result train = CliRunner.run("train", "--engine", "spark", "--iterations", "5");
        assertThat(train.exitCode()).isEqualTo(Main.EXIT_BAD_INPUT);
        assertThat(train.err()).contains("apply to train --sweep");
        assertThat(out).doesNotExist();
    }

    @Test
    void theInProcessSweepWritesOneAgentFolderPerCellAndATable() throws Exception {
        Path out = tmp.resolve("sweep");
        CliRunner.Result r = CliRunner.run("train", "--sweep", "--agents", "dqn", "--betas", "0,1", "--seeds", "2",
                "--iterations", "10", "--eval-interval", "5", "--eval-episodes", "1", "--out", out.toString(), "-q",
                "--threads", "2");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(Files.readAllLines(out.resolve("sweep.csv"))).hasSize(5)
                .first().isEqualTo(String.join(",", TrainingSweep.COLUMNS));
        for (String cell : new String[]{"dqn-beta-0.0-seed-1", "dqn-beta-0.0-seed-2", "dqn-beta-1.0-seed-1",
            "dqn-beta-1.0-seed-2"}) {
            assertThat(out.resolve(cell).resolve("agent.xprl")).isRegularFile();
            assertThat(out.resolve(cell).resolve("learning-curve.csv")).isRegularFile();
            assertThat(out.resolve(cell).resolve("learning-curve.png")).isRegularFile();
        }
        assertThat(r.out()).contains("dqn").contains("wrote " + out.resolve("sweep.csv"));
    }
}

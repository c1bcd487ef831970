package io.execplace.experiments.study;

import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.experiments.training.TrainingCells;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.DqnConfig;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.TrainingSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code train --sweep}'s library: cells trained in process, their folders and sweep.csv written as a whole. */
class TrainingSweepTest {

    private static List<TrainingSweep.Cell> cells(long... seeds) {
        List<TrainingSweep.Cell> cells = new ArrayList<>();
        for (long seed : seeds) {
            EnvironmentSetup setup = EnvironmentSetup.builder().cluster("tpds").workload("tpds-normal").jobs(8)
                    .seed(seed).build();
            TrainingSpec spec = TrainingSpec.of(DqnConfig.paper(), TpdsEnvConfig.paper(0.5), 12, seed)
                    .withEvalInterval(6).withEvalEpisodes(1).withCheckpointInterval(12);
            cells.add(new TrainingSweep.Cell(Algorithm.DQN, 0.5, seed, new TrainingCells.Training(setup, spec, null)));
        }
        return cells;
    }

    @Test
    void writesEveryCellsFolderAndARowPerCellInCellOrder(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("sweep");
        List<TrainingSweep.Result> results = TrainingSweep.run(cells(3, 1), null, 2, out, (done, total, what) -> { });
        assertThat(results).extracting(r -> r.cell().seed()).containsExactly(3L, 1L);
        List<String> csv = Files.readAllLines(out.resolve("sweep.csv"));
        assertThat(csv.get(0)).isEqualTo(String.join(",", TrainingSweep.COLUMNS));
        assertThat(csv.subList(1, csv.size())).hasSize(2).satisfies(rows -> {
            assertThat(rows.get(0)).startsWith("dqn,0.5,3,12,").contains(",dqn-beta-0.5-seed-3,");
            assertThat(rows.get(1)).startsWith("dqn,0.5,1,12,").contains(",dqn-beta-0.5-seed-1,");
        });
        for (TrainingSweep.Result r : results) {
            Path folder = out.resolve(r.cell().folder());
            assertThat(folder.resolve("agent.xprl")).isRegularFile();
            assertThat(folder.resolve("learning-curve.png")).isRegularFile();
            assertThat(r.last().iteration()).isEqualTo(12);
        }
    }

    @Test
    void theSameCellsTrainTheSameAgents(@TempDir Path tmp) throws Exception {
        TrainingSweep.run(cells(2), null, 1, tmp.resolve("a"), (done, total, what) -> { });
        TrainingSweep.run(cells(2), null, 1, tmp.resolve("b"), (done, total, what) -> { });
        String folder = cells(2).get(0).folder();
        assertThat(Files.readAllBytes(tmp.resolve("a").resolve(folder).resolve("agent.xprl")))
                .isEqualTo(Files.readAllBytes(tmp.resolve("b").resolve(folder).resolve("agent.xprl")));
    }
}

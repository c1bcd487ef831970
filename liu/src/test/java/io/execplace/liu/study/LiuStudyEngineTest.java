package io.execplace.liu.study;

import io.execplace.core.io.BadInputException;
import io.execplace.core.progress.ProgressListener;
import io.execplace.experiments.run.InProcessEngine;
import io.execplace.liu.agent.LiuAgentConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code reproduce liu} with its trainings as text cells ({@link LiuCells}): the same tables and agents as on its own threads. */
class LiuStudyEngineTest {

    private static LiuStudy.Settings tiny() {
        return LiuStudy.Settings.quick().withEpisodes(4).withApps(40).withTestEpisodes(3).withCurve(2, 2)
                .withAgent(LiuAgentConfig.paper().withHidden(8).withReplay(500).withSamples(40, 20).withDecayEpisodes(3))
                .withThreads(2);
    }

    @Test
    void trainingsAsTextCellsWriteTheSameTablesAndAgents(@TempDir Path dir) throws Exception {
        List<LiuStudy.Run> runs = List.of(LiuStudy.Run.of("uniform"), LiuStudy.Run.of("bernoulli"));
        new LiuStudy().run(tiny(), runs, dir.resolve("threads"), ProgressListener.NONE);
        try (InProcessEngine engine = new InProcessEngine(2)) {
            new LiuStudy().withEngine(engine).run(tiny(), runs, dir.resolve("cells"), ProgressListener.NONE);
        }
        for (String f : List.of("table2.csv", "table3.csv", "curves.csv", "fig5-episodes.csv")) {
            assertThat(Files.readAllLines(dir.resolve("cells").resolve(f))).as(f)
                    .isEqualTo(Files.readAllLines(dir.resolve("threads").resolve(f)));
        }
        assertThat(Files.readAllLines(dir.resolve("cells/table3.csv"))).hasSize(5);
        for (String f : List.of("uniform/agent.xprl", "uniform/checkpoint.xprl", "bernoulli/agent.xprl")) {
            assertThat(Files.readAllBytes(dir.resolve("cells/agents").resolve(f))).as(f)
                    .isEqualTo(Files.readAllBytes(dir.resolve("threads/agents").resolve(f)));
        }
    }

    @Test
    void aMalformedCellIsBadInput() {
        assertThatThrownBy(() -> LiuCells.TRAINING.run("{\"run\":\"poisson\",\"settings\":{},\"files\":{}}"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("malformed");
    }
}

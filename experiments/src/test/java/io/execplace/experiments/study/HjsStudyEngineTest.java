package io.execplace.experiments.study;

import io.execplace.experiments.run.InProcessEngine;
import io.execplace.experiments.run.ScenarioCells;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@code reproduce hjs} as text cells ({@link HjsCells}): the same files as on the study's own threads. */
class HjsStudyEngineTest {

    private static HjsStudySettings tiny() {
        return HjsStudySettings.quick().withJobSets(List.of("hjs-40-20")).withWorkloads(1, 2).withIterations(2, 20);
    }

    @Test
    void trainingsAndRunsAsTextCellsWriteTheSameResultsAndAgents(@TempDir Path dir) throws Exception {
        HjsStudy study = new HjsStudy(tiny(), ScenarioCells.schedulers(), 2);
        study.run(dir.resolve("threads"), (done, total, what) -> { });
        AtomicLong last = new AtomicLong();
        try (InProcessEngine engine = new InProcessEngine(2)) {
            study.withEngine(engine).run(dir.resolve("cells"), (done, total, what) -> last.accumulateAndGet(done, Math::max));
        }
        assertThat(last.get()).isEqualTo(study.totalWork());
        List<String> results = Files.readAllLines(dir.resolve("cells/results.csv"));
        assertThat(results).isEqualTo(Files.readAllLines(dir.resolve("threads/results.csv")));
        // 3 workloads x (6 Fig. 2 schedulers + 3 lambdas) rows: real runs, not an empty study.
        assertThat(results).hasSize(1 + 3 * 9);
        for (String agent : List.of("hjs", "dqn")) {
            for (String f : List.of("agent.xprl", "checkpoint.xprl", "learning-curve.csv")) {
                Path a = dir.resolve("threads/agents/hjs-40-20").resolve(agent).resolve(f);
                Path b = dir.resolve("cells/agents/hjs-40-20").resolve(agent).resolve(f);
                assertThat(Files.readAllBytes(b)).as(agent + "/" + f).isEqualTo(Files.readAllBytes(a));
            }
        }
    }

    @Test
    void aMalformedCellIsBadInput() {
        assertThatThrownBy(() -> HjsCells.EVALUATION.run("{\"figure\":"))
                .isInstanceOf(io.execplace.core.io.BadInputException.class).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> HjsCells.TRAINING.run("{\"jobSet\":\"hjs-40-20\",\"agent\":\"PPO\",\"settings\":{}}"))
                .isInstanceOf(io.execplace.core.io.BadInputException.class).hasMessageContaining("malformed");
    }
}

package io.execplace.experiments.study;

import io.execplace.experiments.run.InProcessEngine;
import io.execplace.experiments.run.ScenarioCells;
import io.execplace.rl.agent.Algorithm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code reproduce tpds} with its trainings as text cells: the same files as on the study's own threads. */
class TpdsStudyEngineTest {

    @Test
    void trainingsAsTextCellsWriteTheSameResultsAndAgents(@TempDir Path dir) throws Exception {
        TpdsStudySettings settings = TpdsStudySettings.quick().toBuilder().agents(List.of(Algorithm.DQN))
                .betas(List.of(1.0)).dqnIterations(12).burstFactor(1).evaluations(2).evalEpisodes(1).seed(1)
                .busyTime(false).perJobReward(false).build();
        TpdsStudy study = new TpdsStudy(settings, ScenarioCells.schedulers(), 2);
        study.run(dir.resolve("threads"), (done, total, what) -> { });
        AtomicLong last = new AtomicLong();
        try (InProcessEngine engine = new InProcessEngine(2)) {
            study.withEngine(engine).run(dir.resolve("cells"), (done, total, what) -> last.accumulateAndGet(done, Math::max));
        }
        assertThat(last.get()).isEqualTo(study.totalIterations());
        assertThat(withoutSeconds(dir.resolve("cells/results.csv"))).isEqualTo(withoutSeconds(dir.resolve("threads/results.csv")));
        assertThat(Files.readAllLines(dir.resolve("cells/curves.csv"))).isEqualTo(Files.readAllLines(dir.resolve("threads/curves.csv")));
        for (String w : List.of("tpds-normal", "tpds-burst")) {
            for (String f : List.of("agent.xprl", "checkpoint.xprl", "learning-curve.csv")) {
                Path a = dir.resolve("threads/agents").resolve(w).resolve("dqn-beta-1").resolve(f);
                Path b = dir.resolve("cells/agents").resolve(w).resolve("dqn-beta-1").resolve(f);
                assertThat(Files.readAllBytes(b)).as(w + "/" + f).isEqualTo(Files.readAllBytes(a));
            }
            assertThat(dir.resolve("cells/agents").resolve(w).resolve("dqn-beta-1/learning-curve.png")).isRegularFile();
        }
    }

    /** results.csv without its timing columns (training seconds, scheduling delays). */
    private static List<String> withoutSeconds(Path csv) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        String[] header = lines.get(0).split(",", -1);
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(",", -1);
            StringBuilder kept = new StringBuilder();
            for (int i = 0; i < f.length && i < header.length; i++) {
                String h = header[i].toLowerCase();
                if (!h.contains("second") && !h.contains("delay") && !h.contains("time")) {
                    kept.append(f[i]).append(',');
                }
            }
            out.add(kept.toString());
        }
        return out;
    }
}

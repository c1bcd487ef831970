package io.execplace.experiments.study;

import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.train.TrainedAgent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class TpdsStudyTest {

    @Test
    void aMinimalStudyWritesResultsChartsAndReport(@TempDir Path dir) throws Exception {
        TpdsStudy.Settings settings = new TpdsStudy.Settings(List.of(Algorithm.DQN), List.of(1.0), 20, 1, 1, 1, 1, 1, 1, false, false);
        TpdsStudy study = new TpdsStudy(settings, 2);
        AtomicLong last = new AtomicLong();
        Path index = study.run(dir, (done, total) -> last.accumulateAndGet(done, Math::max));
        assertThat(last.get()).isEqualTo(study.totalIterations()).isEqualTo(40);
        List<String> rows = Files.readAllLines(dir.resolve("results.csv"));
        // Header, then per workload the four heuristics (and milp when registered) and the one agent.
        int heuristics = TpdsStudy.heuristics().size();
        assertThat(rows).hasSize(1 + 2 * (heuristics + 1));
        assertThat(rows).anyMatch(r -> r.startsWith("tpds-burst,DQN β=1,agent,dqn,1,20,"));
        assertThat(Files.readAllLines(dir.resolve("curves.csv"))).hasSize(3);
        assertThat(index).isRegularFile();
        String html = Files.readString(index);
        assertThat(html).contains("Headline").contains("Fig. 6").contains("Fig. 9").contains("best paper heuristic")
                .contains("lower bound").contains("mean duration s");
        assertThat(dir.resolve("charts/cost-tpds-burst.png")).isRegularFile();
        assertThat(dir.resolve("charts/convergence-dqn-tpds-normal.png")).isRegularFile();
        assertThat(dir.resolve("agents/tpds-normal/dqn-beta-1/agent.xprl")).isRegularFile();
        assertThat(html).doesNotContain("execplace extensions");
    }

    @Test
    void theExtensionsReachTheTrainedAgentsAndTheReport(@TempDir Path dir) throws Exception {
        TpdsStudy.Settings settings = new TpdsStudy.Settings(List.of(Algorithm.REINFORCE), List.of(1.0), 1, 2, 1, 1, 1,
                1, 1, false, false).withExtensions(true, true);
        new TpdsStudy(settings, 2).run(dir, (done, total) -> { });
        TrainedAgent agent = TrainedAgent.read(dir.resolve("agents/tpds-burst/reinforce-beta-1"));
        assertThat(agent.environment().busyTime()).isTrue();
        assertThat(agent.environment().perJobReward()).isTrue();
        assertThat(agent.environment().masking()).isTrue();
        assertThat(Files.readString(dir.resolve("index.html")))
                .contains("execplace extensions: agents also observe every VM&#39;s remaining busy time");
    }
}

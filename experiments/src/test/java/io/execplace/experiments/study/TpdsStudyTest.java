package io.execplace.experiments.study;

import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TpdsStudyTest {

    /** One beta, one iteration of everything, one evaluation of one episode, seed 1, no extensions. */
    private static TpdsStudy.Settings.Builder tiny() {
        return TpdsStudy.Settings.quick().toBuilder().betas(List.of(1.0)).dqnIterations(1).reinforceIterations(1)
                .ppoIterations(1).burstFactor(1).evaluations(1).evalEpisodes(1).seed(1).busyTime(false).perJobReward(false);
    }

    @Test
    void theSettingsBuilderSetsEachFieldByName() {
        TpdsStudy.Settings s = TpdsStudy.Settings.full().toBuilder().agents(List.of(Algorithm.SAC)).betas(List.of(0.5))
                .dqnIterations(11).reinforceIterations(12).ppoIterations(13).burstFactor(3).evaluations(4)
                .evalEpisodes(5).seed(6).busyTime(true).perJobReward(true).build();
        assertThat(s).isEqualTo(new TpdsStudy.Settings(List.of(Algorithm.SAC), List.of(0.5), 11, 12, 13, 3, 4, 5, 6,
                true, true));
        assertThat(s.toBuilder().build()).isEqualTo(s);
        assertThat(TpdsStudy.Settings.full().withIterations(7).iterations(Algorithm.PPO, "tpds-burst")).isEqualTo(14);
    }

    @Test
    void aMinimalStudyWritesResultsChartsAndReport(@TempDir Path dir) throws Exception {
        TpdsStudy.Settings settings = tiny().agents(List.of(Algorithm.DQN)).dqnIterations(20).build();
        TpdsStudy study = new TpdsStudy(settings, Schedulers.builtIn(), 2);
        AtomicLong last = new AtomicLong();
        Path index = study.run(dir, (done, total) -> last.accumulateAndGet(done, Math::max));
        assertThat(last.get()).isEqualTo(study.totalIterations()).isEqualTo(40);
        List<String> rows = Files.readAllLines(dir.resolve("results.csv"));
        // Header, then per workload the four heuristics (and milp when registered) and the one agent.
        int heuristics = study.heuristics().size();
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
        TpdsStudy.Settings settings = tiny().agents(List.of(Algorithm.REINFORCE)).reinforceIterations(2)
                .busyTime(true).perJobReward(true).build();
        new TpdsStudy(settings, Schedulers.builtIn(), 2).run(dir, (done, total) -> { });
        TrainedAgent agent = TrainedAgent.read(dir.resolve("agents/tpds-burst/reinforce-beta-1"));
        assertThat(agent.environment().busyTime()).isTrue();
        assertThat(agent.environment().perJobReward()).isTrue();
        assertThat(agent.environment().masking()).isTrue();
        assertThat(Files.readString(dir.resolve("index.html")))
                .contains("execplace extensions: agents also observe every VM&#39;s remaining busy time");
    }

    @Test
    void traceFilesReplaceTheGeneratedWorkloads(@TempDir Path dir) throws Exception {
        // A hand-made normal trace in the TPDS reference format: arrival,job,type,cores,memoryGb,executors,duration.
        Path normal = dir.resolve("normal.csv");
        Files.writeString(normal, "0,1,1,2,4,3,40\n10,2,3,2,4,2,100\n20,3,2,1,2,4,30\n");
        TpdsStudy.Settings settings = new TpdsStudy.Settings(List.of(Algorithm.REINFORCE), List.of(1.0), 1, 1, 1, 1, 1,
                1, 1, false, false);
        Path out = dir.resolve("out");
        new TpdsStudy(settings, Schedulers.builtIn(), 2).withTraces(normal, null).run(out, (done, total) -> { });
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        // jobs_completed (12th column) is the trace's 3 jobs on normal, the preset's 100 on burst.
        assertThat(rows).filteredOn(r -> r.startsWith("tpds-normal,")).isNotEmpty()
                .allSatisfy(r -> assertThat(r.split(",")[11]).isEqualTo("3"));
        assertThat(rows).filteredOn(r -> r.startsWith("tpds-burst,")).isNotEmpty()
                .allSatisfy(r -> assertThat(r.split(",")[11]).isEqualTo("100"));
        assertThat(Files.readString(out.resolve("index.html"))).contains("tpds-normal = " + normal);
        assertThatThrownBy(() -> new TpdsStudy(settings, Schedulers.builtIn(), 2).withTraces(null, dir.resolve("missing.csv")))
                .isInstanceOf(io.execplace.core.io.BadInputException.class).hasMessageContaining("missing.csv: no such trace file");
    }
}

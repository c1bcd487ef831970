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
    private static TpdsStudySettings.Builder tiny() {
        return TpdsStudySettings.quick().toBuilder().betas(List.of(1.0)).dqnIterations(1).reinforceIterations(1)
                .ppoIterations(1).burstFactor(1).evaluations(1).evalEpisodes(1).seed(1).busyTime(false).perJobReward(false)
                .heldOut(2);
    }

    @Test
    void theSettingsBuilderSetsEachFieldByName() {
        TpdsStudySettings s = TpdsStudySettings.full().toBuilder().agents(List.of(Algorithm.SAC)).betas(List.of(0.5))
                .dqnIterations(11).reinforceIterations(12).ppoIterations(13).burstFactor(3).evaluations(4)
                .evalEpisodes(5).seed(6).busyTime(true).perJobReward(true).heldOut(7).build();
        assertThat(s).isEqualTo(new TpdsStudySettings(List.of(Algorithm.SAC), List.of(0.5), 11, 12, 13, 3, 4, 5, 6,
                true, true, 7));
        assertThat(TpdsStudySettings.full().heldOut()).isEqualTo(20);
        assertThat(TpdsStudySettings.quick().heldOut()).isEqualTo(20);
        assertThatThrownBy(() -> TpdsStudySettings.quick().toBuilder().heldOut(1).build())
                .hasMessageContaining("held-out workloads must be between 2 and 10000, got 1");
        assertThat(s.toBuilder().build()).isEqualTo(s);
        assertThat(TpdsStudySettings.full().withIterations(7).iterations(Algorithm.PPO, "tpds-burst")).isEqualTo(14);
    }

    @Test
    void aMinimalStudyWritesResultsChartsAndReport(@TempDir Path dir) throws Exception {
        TpdsStudySettings settings = tiny().agents(List.of(Algorithm.DQN)).dqnIterations(20).build();
        TpdsStudy study = new TpdsStudy(settings, Schedulers.builtIn(), 2);
        AtomicLong last = new AtomicLong();
        StudyOutcome outcome = study.run(dir, (done, total, what) -> last.accumulateAndGet(done, Math::max));
        Path index = outcome.index();
        assertThat(last.get()).isEqualTo(study.totalIterations()).isEqualTo(40);
        List<String> rows = Files.readAllLines(dir.resolve("results.csv"));
        // Header, then per workload the four heuristics (and milp when registered) and the one agent.
        int heuristics = study.heuristics().size();
        assertThat(rows).hasSize(1 + 2 * (heuristics + 1));
        assertThat(rows).anyMatch(r -> r.startsWith("tpds-burst,DQN β=1,agent,dqn,1,20,"));
        // results.json: the same records, camelCase keys as the other studies, numbers as numbers.
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(dir.resolve("results.json").toFile());
        assertThat(json.size()).isEqualTo(rows.size() - 1);
        com.fasterxml.jackson.databind.JsonNode agent = json.get(json.size() - 1);
        assertThat(agent.get("scheduler").asText()).isEqualTo("DQN β=1");
        assertThat(agent.get("beta").asDouble()).isEqualTo(1.0);
        assertThat(agent.get("totalCost").isNumber()).isTrue();
        assertThat(json.get(0).get("kind").asText()).isEqualTo("heuristic");
        assertThat(json.get(0).get("agent").isNull()).isTrue();
        // What the command prints: a sentence per workload and the report's cost headline table.
        assertThat(outcome.headline()).contains("on tpds-normal, DQN β=1 costs $").contains("on tpds-burst")
                .containsPattern("\\(\\d[\\d.]*% (more|less)\\)").doesNotContain("(-");
        assertThat(outcome.header()).contains("best paper heuristic", "lower bound");
        assertThat(outcome.rows()).hasSize(2);
        assertThat(outcome.rows().get(0).get(0)).isEqualTo("tpds-normal");
        assertThat(Files.readAllLines(dir.resolve("curves.csv"))).hasSize(3);
        assertThat(index).isRegularFile();
        String html = Files.readString(index);
        assertThat(html).contains("Headline").contains("Fig. 6").contains("Fig. 9").contains("best paper heuristic")
                .contains("lower bound").contains("mean duration s");
        assertThat(dir.resolve("charts/cost-tpds-burst.png")).isRegularFile();
        assertThat(dir.resolve("charts/convergence-dqn-tpds-normal.png")).isRegularFile();
        assertThat(dir.resolve("agents/tpds-normal/dqn-beta-1/agent.xprl")).isRegularFile();
        assertThat(html).doesNotContain("execplace extensions");
        assertThat(html).contains("Headline on held-out workloads").contains("Training and held-out workloads, tpds-burst");
        assertThat(dir.resolve("charts/heldout-tpds-normal.png")).isRegularFile();
        assertThat(dir.resolve("heldout.json")).content().contains("\"heldOut\"").contains("\"firstTraceJob\"");
    }

    @Test
    void agentsAndBaselinesAreJudgedOnHeldOutWorkloadsBesideTheTrainingOne(@TempDir Path dir) throws Exception {
        TpdsStudySettings settings = tiny().agents(List.of(Algorithm.DQN)).dqnIterations(20).heldOut(3).build();
        TpdsStudy study = new TpdsStudy(settings, Schedulers.builtIn(), 2);
        study.run(dir, (done, total, what) -> { });
        List<String> rows = Files.readAllLines(dir.resolve("heldout.csv"));
        List<String> judged = study.heldOutBaselines();
        assertThat(judged).contains("gio", "first-fit", "round-robin-consolidate");
        // Header, then per workload and part every baseline and the one agent.
        assertThat(rows).hasSize(1 + 2 * 2 * (judged.size() + 1));
        assertThat(rows).anyMatch(r -> r.startsWith("tpds-burst,held-out,DQN β=1,agent,3,"))
                .anyMatch(r -> r.startsWith("tpds-normal,training,DQN β=1,agent,1,"));
        List<String> results = Files.readAllLines(dir.resolve("results.csv"));
        for (String w : TpdsStudy.WORKLOADS) {
            for (String name : List.of("first-fit", "DQN β=1")) {
                // The training part is the very workload the agents were trained and compared on.
                String trainingCost = column(rows, w + ",training," + name + ",", 5);
                assertThat(trainingCost).isEqualTo(column(results, w + "," + name + ",", 6));
                // Held-out workloads are other workloads: other costs, three of them, with an interval.
                String heldOutRow = rows.stream().filter(r -> r.startsWith(w + ",held-out," + name + ",")).findFirst()
                        .orElseThrow();
                assertThat(heldOutRow.split(",")[5]).isNotEqualTo(trainingCost);
                assertThat(Double.parseDouble(heldOutRow.split(",")[6])).isPositive();
            }
            // Win rates against the best heuristic and against milp are counted per workload.
            String milp = rows.stream().filter(r -> r.startsWith(w + ",held-out,milp,")).findFirst().orElseThrow();
            assertThat(Double.parseDouble(milp.split(",")[12])).isEqualTo(1.0);
            assertThat(Integer.parseInt(milp.split(",")[11])).isBetween(0, 3);
            assertThat(milp.split(",")[14]).isEqualTo("0");
        }
    }

    private static String column(List<String> rows, String prefix, int column) {
        return rows.stream().filter(r -> r.startsWith(prefix)).findFirst().orElseThrow().split(",")[column];
    }

    @Test
    void theExtensionsReachTheTrainedAgentsAndTheReport(@TempDir Path dir) throws Exception {
        TpdsStudySettings settings = tiny().agents(List.of(Algorithm.REINFORCE)).reinforceIterations(2)
                .busyTime(true).perJobReward(true).build();
        new TpdsStudy(settings, Schedulers.builtIn(), 2).run(dir, (done, total, what) -> { });
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
        TpdsStudySettings settings = tiny().agents(List.of(Algorithm.REINFORCE)).build();
        Path out = dir.resolve("out");
        new TpdsStudy(settings, Schedulers.builtIn(), 2).withTraces(normal, null).run(out, (done, total, what) -> { });
        List<String> rows = Files.readAllLines(out.resolve("results.csv"));
        // jobs_completed (12th column) is the trace's 3 jobs on normal, the preset's 100 on burst.
        assertThat(rows).filteredOn(r -> r.startsWith("tpds-normal,")).isNotEmpty()
                .allSatisfy(r -> assertThat(r.split(",")[11]).isEqualTo("3"));
        assertThat(rows).filteredOn(r -> r.startsWith("tpds-burst,")).isNotEmpty()
                .allSatisfy(r -> assertThat(r.split(",")[11]).isEqualTo("100"));
        assertThat(Files.readString(out.resolve("index.html"))).contains("tpds-normal = " + normal);
        // A trace file is one workload: nothing is held out of it; the preset still has its held-out part.
        assertThat(Files.readAllLines(out.resolve("heldout.csv"))).noneMatch(r -> r.startsWith("tpds-normal,"))
                .anyMatch(r -> r.startsWith("tpds-burst,held-out,"));
        assertThatThrownBy(() -> new TpdsStudy(settings, Schedulers.builtIn(), 2).withTraces(null, dir.resolve("missing.csv")))
                .isInstanceOf(io.execplace.core.io.BadInputException.class).hasMessageContaining("missing.csv: no such trace file");
    }
}

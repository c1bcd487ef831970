package io.execplace.liu.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.execplace.core.progress.ProgressListener;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.agent.LiuAgentConfig;
import io.execplace.liu.agent.LiuTrainingSpec;
import java.nio.file.Files;
import io.execplace.experiments.study.StudyOutcome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LiuStudyTest {

    /** A study of a few episodes of a few applications, a network of 8, curves of {@code curve} points and workloads. */
    private static LiuStudy.Settings tiny(int episodes, int apps, int tests, int curve) {
        return LiuStudy.Settings.quick().withEpisodes(episodes).withApps(apps).withTestEpisodes(tests).withCurve(curve, curve)
                .withAgent(LiuAgentConfig.paper().withHidden(8).withReplay(500).withSamples(apps, apps / 2)
                        .withDecayEpisodes(episodes - 1));
    }

    @Test
    void aTinyStudyWritesEveryTableChartAndAgent(@TempDir Path dir) throws Exception {
        LiuStudy.Settings s = tiny(4, 40, 3, 2).withThreads(2);
        List<String> progress = new ArrayList<>();
        StudyOutcome outcome = new LiuStudy().run(s, dir, (done, total, line) -> progress.add(line));
        Path index = outcome.index();
        assertThat(index).exists();
        // What reproduce liu prints: a sentence on TMDL against SF-E per pattern, then Table II (6 rows per pattern).
        assertThat(outcome.headline()).contains("TMDL").contains("bernoulli").contains("uniform").contains("beta");
        assertThat(outcome.title()).startsWith("Table II");
        assertThat(outcome.rows()).hasSize(3 * 6);
        assertThat(outcome.rows().get(0)).startsWith("TMDL", "bernoulli");
        List<String> table2 = Files.readAllLines(dir.resolve("table2.csv"));
        assertThat(table2).hasSize(1 + 2 * 3);
        assertThat(table2.get(1)).startsWith("bernoulli,rl,");
        assertThat(table2.get(2)).startsWith("bernoulli,sf-e,");
        // the agent's and the baseline's scores add up to 100 (§V-C)
        String[] rl = table2.get(1).split(",");
        String[] base = table2.get(2).split(",");
        for (int i = 5; i <= 8; i++) {
            assertThat(Double.parseDouble(rl[i]) + Double.parseDouble(base[i])).isEqualTo(100.0);
        }
        assertThat(Files.readAllLines(dir.resolve("table3.csv"))).hasSize(5);
        // 4 agents × (start + 2 evaluations) curve points
        assertThat(Files.readAllLines(dir.resolve("curves.csv"))).hasSize(1 + 4 * 3);
        for (ArrivalPattern.Kind k : ArrivalPattern.Kind.values()) {
            assertThat(dir.resolve("charts/fig4-" + k.label() + ".png")).exists();
            assertThat(dir.resolve("charts/fig5-" + k.label() + "-tmdl.svg")).exists();
            assertThat(dir.resolve("agents/" + k.label() + "/agent.xprl")).exists();
        }
        assertThat(dir.resolve("charts/fig4d-bernoulli.png")).exists();
        assertThat(dir.resolve("agents/bernoulli-plain/checkpoint.xprl")).exists();
        String html = Files.readString(index);
        assertThat(html).contains("Table II", "Table III", "189.3", "Fig. 4(d)");
        assertThat(progress).anyMatch(l -> l.startsWith("baselines on uniform"));
    }

    @Test
    void withThePairManagerItsRowsStandBesideThePapersAgent(@TempDir Path dir) throws Exception {
        LiuStudy.Settings s = tiny(3, 40, 2, 1).withThreads(1);
        io.execplace.liu.pairmanager.PairTrainingConfig pairs = io.execplace.liu.pairmanager.PairTrainingConfig.quick()
                .withImitation(2, 1, 1).withImprovement(1, 1).withPolicyGradient(0, 1, 0.001);
        Path index = new LiuStudy().withPairs(pairs).run(s, List.of(LiuStudy.Run.of("uniform")), dir, ProgressListener.NONE).index();
        List<String> table2 = Files.readAllLines(dir.resolve("table2.csv"));
        assertThat(table2).hasSize(1 + 4);
        assertThat(table2.get(1)).startsWith("uniform,rl,");
        assertThat(table2.get(3)).startsWith("uniform,pairs,");
        assertThat(java.util.Arrays.copyOfRange(table2.get(4).split(","), 0, 5)).as("the same SF-E runs")
                .containsExactly(java.util.Arrays.copyOfRange(table2.get(2).split(","), 0, 5));
        assertThat(Files.readAllLines(dir.resolve("table3.csv"))).hasSize(1 + 2 * 4)
                .anyMatch(l -> l.startsWith("eased,pairs,")).anyMatch(l -> l.startsWith("stressed,pairs,"));
        assertThat(Files.readAllLines(dir.resolve("curves.csv"))).anyMatch(l -> l.startsWith("uniform-pairs,"));
        assertThat(dir.resolve("agents/uniform/pairs.xprl")).exists();
        assertThat(io.execplace.liu.pairmanager.PairAgentFiles.read(dir.resolve("agents/uniform/pairs.xprl")).hidden())
                .containsExactly(16);
        assertThat(Files.readString(index)).contains("Beyond the paper", "Why it works", "misses blamed on regular",
                "training TMDL", "outlook");
    }

    @Test
    void someTrainingsGiveTheirRowsOnly(@TempDir Path dir) throws Exception {
        LiuStudy.Settings s = tiny(3, 30, 2, 1).withThreads(1);
        List<String> progress = new ArrayList<>();
        Path index = new LiuStudy().run(s, List.of(LiuStudy.Run.of("beta")), dir, (done, total, line) -> progress.add(line)).index();
        List<String> table2 = Files.readAllLines(dir.resolve("table2.csv"));
        assertThat(table2).hasSize(1 + 2);
        assertThat(table2.get(1)).startsWith("beta,rl,");
        assertThat(Files.readAllLines(dir.resolve("table3.csv"))).hasSize(1);
        assertThat(dir.resolve("charts/fig4-beta.png")).exists();
        assertThat(dir.resolve("charts/fig4-bernoulli.png")).doesNotExist();
        assertThat(dir.resolve("charts/fig4d-bernoulli.png")).doesNotExist();
        assertThat(dir.resolve("agents/uniform")).doesNotExist();
        assertThat(Files.readString(index)).contains("Table III needs the uniform agent");
        assertThat(progress).noneMatch(l -> l.startsWith("baselines on uniform"));
        assertThat(LiuStudy.Run.all()).extracting(LiuStudy.Run::label)
                .containsExactly("bernoulli", "uniform", "beta", "bernoulli-plain");
        assertThatThrownBy(() -> LiuStudy.Run.of("gamma")).hasMessageContaining("gamma").hasMessageContaining("bernoulli-plain");
        assertThatThrownBy(() -> new LiuStudy().run(s, List.of(), dir, (done, total, line) -> progress.add(line))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void testWorkloadsAreHeldOutFromEveryTraining() {
        // The paper's schedule, seeds 1 to 3: no training episode of any run draws a test workload's seed.
        for (long seed = 1; seed <= 3; seed++) {
            LiuStudy.Settings s = LiuStudy.Settings.full().withSeed(seed);
            Set<Long> training = new HashSet<>();
            for (LiuStudy.Run r : LiuStudy.Run.all()) {
                LiuTrainingSpec ts = LiuStudy.trainingSpec(r, s);
                for (int e = 0; e < s.episodes(); e++) {
                    training.add(ts.trainingSeed(e));
                }
            }
            assertThat(training).hasSize(3 * s.episodes()); // the plain run replays the Bernoulli workloads
            List<Integer> streams = new ArrayList<>(List.of(0, 1, 2));
            streams.add(LiuStudy.variantStream(LiuWorkloadSpec.EASED));
            streams.add(LiuStudy.variantStream(LiuWorkloadSpec.STRESSED));
            Set<Long> tests = new HashSet<>();
            for (int stream : streams) {
                for (int i = 0; i < s.testEpisodes(); i++) {
                    long t = LiuStudy.testSeed(s, stream, i);
                    assertThat(training).doesNotContain(t);
                    tests.add(t);
                }
            }
            assertThat(tests).hasSize(5 * s.testEpisodes());
        }
    }
}

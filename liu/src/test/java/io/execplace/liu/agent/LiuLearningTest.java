package io.execplace.liu.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.execplace.core.progress.ProgressListener;
import io.execplace.liu.model.AppSizes;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.IntRange;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.model.RealRange;
import io.execplace.liu.env.LiuObservation;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.liu.managers.LiuBaselines;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny instance whose answer is obvious: every application wants 20 executors for 5 slices with
 * a deadline of 5, one arrives every 10 slices; cluster 0 has 5 executors (a run there stretches 4×
 * and misses), cluster 1 has 50. The agent must learn to use cluster 1.
 */
class LiuLearningTest {

    private static final ExecutorClusters CLUSTERS = new ExecutorClusters("tiny", new int[] {5, 50});
    private static final LiuWorkloadSpec SPEC = new LiuWorkloadSpec(
            ArrivalPattern.uniformGaps(10, 10, 1, 0), 20,
            new AppSizes(new IntRange(20, 20), new IntRange(5, 5), new RealRange(1, 1), new IntRange(2, 2),
                    new RealRange(2, 2)), 1);
    private static final LiuObservation ENCODER = new LiuObservation(2, 50, 40, 10, 40, 20);
    private static final LiuAgentConfig CONFIG = LiuAgentConfig.paper().withHidden(16).withReplay(2000)
            .withSamples(100, 20).withDecayEpisodes(30).withLearningRate(0.01);

    private static List<List<LiuApp>> test() {
        List<List<LiuApp>> t = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            t.add(LiuWorkloadGenerator.generate(SPEC, LiuTrainingSpec.testSeed(0, i)));
        }
        return t;
    }

    @Test
    void learnsToAvoidTheSmallCluster(@TempDir Path dir) throws Exception {
        List<List<LiuApp>> test = test();
        LiuEvaluation random = LiuEvaluation.run(CLUSTERS, 0.5, LiuBaselines.of("random"), test);
        assertThat(random.meanTmdl()).isGreaterThan(5);
        LiuTrainer.Result r = LiuTrainer.train(CLUSTERS, 0.5, CONFIG, ENCODER,
                new LiuTrainingSpec(SPEC, 40, 3, 10, 20), test, dir, false, ProgressListener.NONE);
        LiuCurvePoint last = r.curve().get(r.curve().size() - 1);
        assertThat(last.episode()).isEqualTo(40);
        assertThat(last.meanTmdl()).isZero();
        assertThat(last.meanAjdr()).isZero();
        assertThat(r.curve()).hasSize(5); // episodes 0, 10, 20, 30, 40
        assertThat(r.curve().get(0).meanTmdl()).as("untrained").isGreaterThan(5);

        // The model file runs as a manager with the same result; its metadata says what it is.
        LiuAgentFiles.Loaded model = LiuAgentFiles.read(dir);
        assertThat(model.clusters()).isEqualTo(CLUSTERS);
        assertThat(model.agent().config()).isEqualTo(CONFIG);
        LiuEvaluation again = LiuEvaluation.run(CLUSTERS, 0.5, new LiuAgentManager(model.agent(), "rl"), test);
        assertThat(again.meanTmdl()).isZero();
        assertThat(ArrayBundle.read(dir.resolve("agent.xprl")).metadata().path("algorithm").asText()).isEqualTo("liu-value");
    }

    @Test
    void resumingFromACheckpointGivesTheSameAgentBitForBit(@TempDir Path dir) throws Exception {
        List<List<LiuApp>> test = test();
        LiuTrainer.Result straight = LiuTrainer.train(CLUSTERS, 0.5, CONFIG, ENCODER,
                new LiuTrainingSpec(SPEC, 24, 5, 8, 0), test, null, false, ProgressListener.NONE);
        // Train 12 episodes with a checkpoint, then resume the same folder to 24.
        LiuTrainer.train(CLUSTERS, 0.5, CONFIG, ENCODER, new LiuTrainingSpec(SPEC, 12, 5, 8, 12), test, dir, false,
                ProgressListener.NONE);
        LiuTrainer.Result resumed = LiuTrainer.train(CLUSTERS, 0.5, CONFIG, ENCODER,
                new LiuTrainingSpec(SPEC, 24, 5, 8, 12), test, dir, true, ProgressListener.NONE);
        assertThat(resumed.agent().network().parameters()).containsExactly(straight.agent().network().parameters());
        assertThat(resumed.agent().updates()).isEqualTo(straight.agent().updates());
    }
}

package io.execplace.liu.pairmanager;

import io.execplace.core.io.BadInputException;
import io.execplace.core.progress.ProgressListener;
import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.model.LiuWorkloadGenerator;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.study.LiuManagerNames;
import io.execplace.rl.nn.ArrayBundle;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PairTrainingTest {

    private static final LiuWorkloadSpec SMALL = LiuWorkloadSpec.standard(ArrivalPattern.of(ArrivalPattern.Kind.BERNOULLI))
            .withApps(150);
    /** Imitation only (no policy gradient), enough of it to learn outlook's rule on small workloads. */
    private static final PairTrainingConfig IMITATION = PairTrainingConfig.standard().withImitation(10, 3, 4)
            .withImprovement(0, 1).withPolicyGradient(0, 1, 0.0001).withNetwork(new int[] {32, 32}, 2);
    private static final long SEED = 3;

    private static PairTrainer trainer;
    private static PairTrainer.Result imitated;

    @BeforeAll
    static void train() {
        trainer = new PairTrainer(ExecutorClusters.liu(), LiuSimulation.DEFAULT_MIN_SHARE, SMALL, IMITATION, SEED, ProgressListener.NONE);
        imitated = trainer.train();
    }

    @Test
    void imitationReproducesOutlooksChoicesOnATrainingWorkload() {
        // outlook plays a training workload; at each of its decisions the learner says what it would do
        List<LiuApp> workload = LiuWorkloadGenerator.generate(SMALL, PairTrainer.trainingSeed(SEED, 0));
        LiuSimulation sim = new LiuSimulation(ExecutorClusters.liu());
        LiuManager outlook = LiuReferenceManagers.of("outlook");
        PairManager learner = new PairManager(imitated.model(), "pairs");
        sim.reset(workload);
        int agree = 0;
        int decisions = 0;
        while (sim.decisionPending()) {
            LiuManager.Dispatch teacher = outlook.decide(sim);
            agree += learner.decide(sim).equals(teacher) ? 1 : 0;
            decisions++;
            sim.dispatch(teacher.waiting(), teacher.cluster());
        }
        assertThat(decisions).isEqualTo(150);
        assertThat((double) agree / decisions).as("agreement with outlook").isGreaterThanOrEqualTo(0.85);
        assertThat(imitated.stages()).extracting(PairTrainer.Stage::name).containsExactly("clone", "dagger-3");
    }

    @Test
    void theSameSeedGivesTheSameAgentBitForBit() {
        PairTrainingConfig tiny = PairTrainingConfig.quick().withImitation(2, 1, 1).withImprovement(1, 1)
                .withPolicyGradient(2, 1, 0.001).withNetwork(new int[] {8}, 1);
        double[] a = new PairTrainer(ExecutorClusters.liu(), 0.5, SMALL.withApps(60), tiny, 9, ProgressListener.NONE).train().model().parameters();
        double[] b = new PairTrainer(ExecutorClusters.liu(), 0.5, SMALL.withApps(60), tiny, 9, ProgressListener.NONE).train().model().parameters();
        double[] c = new PairTrainer(ExecutorClusters.liu(), 0.5, SMALL.withApps(60), tiny, 10, ProgressListener.NONE).train().model().parameters();
        assertThat(b).containsExactly(a);
        assertThat(c).isNotEqualTo(a);
    }

    @Test
    void agentFilesRoundTripAndAreRefusedWhenDamaged(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("agent.xprl");
        PairAgentFiles.write(file, imitated.model(), trainer.metadata(imitated, "bernoulli"));
        PairModel back = PairAgentFiles.read(file);
        assertThat(back.parameters()).containsExactly(imitated.model().parameters());
        assertThat(back.hidden()).containsExactly(32, 32);
        assertThat(PairAgentFiles.training(file).path("kept").asText()).isEqualTo(imitated.best());

        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 0x40;
        Path damaged = Files.write(dir.resolve("damaged.xprl"), bytes);
        assertThatThrownBy(() -> PairAgentFiles.read(damaged)).hasMessageContaining("damaged.xprl")
                .hasMessageContaining("checksum");

        ArrayBundle other = ArrayBundle.read(file);
        other.metadata().put("schema", PairAgentFiles.SCHEMA + 1);
        Path newer = dir.resolve("newer.xprl");
        other.write(newer);
        assertThatThrownBy(() -> PairAgentFiles.read(newer)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("schema " + (PairAgentFiles.SCHEMA + 1));

        ArrayBundle renamed = ArrayBundle.read(file);
        ((com.fasterxml.jackson.databind.node.ArrayNode) renamed.metadata().get("features")).set(0,
                com.fasterxml.jackson.databind.node.TextNode.valueOf("cluster.other"));
        Path wrongFeatures = dir.resolve("features.xprl");
        renamed.write(wrongFeatures);
        assertThatThrownBy(() -> PairAgentFiles.read(wrongFeatures)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("'features'");
    }

    @Test
    void heldOutSeedsCanNeverOverlapTheTrainingSeeds(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("agent.xprl");
        PairAgentFiles.write(file, imitated.model(), trainer.metadata(imitated, "bernoulli"));
        LiuManagerNames.Named named = LiuManagerNames.create("agent:" + file);
        long first = PairTrainer.trainingSeed(SEED, 0);
        assertThat(named.firstTrainingSeed()).isEqualTo(first);
        assertThat(named.trainingSeeds()).isEqualTo(PairTrainer.VALIDATION_OFFSET + IMITATION.validationEpisodes());
        // every seed the training drew (episodes and validation) lies in the recorded range
        long lastValidation = PairTrainer.trainingSeed(SEED, PairTrainer.VALIDATION_OFFSET + IMITATION.validationEpisodes() - 1);
        assertThat(first + named.trainingSeeds() - 1).isEqualTo(lastValidation);
        assertThatThrownBy(() -> LiuManagerNames.checkDisjoint("a", named, first + 5, 10))
                .isInstanceOf(BadInputException.class).hasMessageContaining("overlap");
        assertThatThrownBy(() -> LiuManagerNames.checkDisjoint("a", named, first - 5, 10))
                .isInstanceOf(BadInputException.class).hasMessageContaining("overlap");
        LiuManagerNames.checkDisjoint("a", named, lastValidation + 1, 10);
        LiuManagerNames.checkDisjoint("a", named, first - 10, 10);
        // and the study's test stream, the default, is far from any training seed
        LiuManagerNames.checkDisjoint("a", named, io.execplace.liu.study.LiuHeldOut.Arrivals.UNIFORM.studyFirstSeed(), 50);
    }
}

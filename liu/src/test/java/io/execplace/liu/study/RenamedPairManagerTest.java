package io.execplace.liu.study;

import io.execplace.liu.pairmanager.PairAgentFiles;
import io.execplace.rl.nn.ArrayBundle;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * LIU's pair manager was named {@code liu-pairs} (files {@code models/liu-pairs-*.xprl}, algorithm
 * {@code liu-pairs}) beside the size-free pair agent's {@code pairs}; it is now the pair manager
 * ({@code liu-pair-manager}). The old names still work: the shipped files, which say {@code liu-pairs},
 * load, and a path by the old file name reads the renamed file.
 */
class RenamedPairManagerTest {

    private static final Path MODELS = Path.of("..", "models");

    @Test
    void theShippedFilesLoadUnderTheNewNameAndTheOldPath() throws Exception {
        Path now = MODELS.resolve("liu-pair-manager-uniform.xprl");
        assertThat(ArrayBundle.read(now).metadata().path("algorithm").asText()).isEqualTo(PairAgentFiles.OLD_ALGORITHM);
        LiuManagerNames.Named byNewName = LiuManagerNames.create("agent:" + now);
        assertThat(byNewName.trained()).isTrue();
        assertThat(Files.exists(MODELS.resolve("liu-pairs-uniform.xprl"))).isFalse();
        LiuManagerNames.Named byOldPath = LiuManagerNames.create("agent:" + MODELS.resolve("liu-pairs-uniform.xprl"));
        assertThat(byOldPath.firstTrainingSeed()).isEqualTo(byNewName.firstTrainingSeed()).isPositive();
        assertThat(byOldPath.trainingSeeds()).isEqualTo(byNewName.trainingSeeds());
        assertThat(PairAgentFiles.read(MODELS.resolve("liu-pairs-beta.xprl")).parameters())
                .isEqualTo(PairAgentFiles.read(MODELS.resolve("liu-pair-manager-beta.xprl")).parameters());
        // Only the renamed files have an old name: another missing file stays missing.
        assertThatThrownBy(() -> LiuManagerNames.create("agent:" + MODELS.resolve("liu-pairs-weibull.xprl")))
                .isInstanceOf(Exception.class);
        assertThat(PairAgentFiles.ALGORITHM).isEqualTo("liu-pair-manager");
        assertThat(PairAgentFiles.isAlgorithm("liu-pairs")).isTrue();
        assertThat(PairAgentFiles.isAlgorithm("pairs")).isFalse();
    }
}

package io.execplace.liu.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.io.BadInputException;
import io.execplace.liu.agent.LiuAgentFiles;
import io.execplace.liu.agent.LiuAgentManager;
import io.execplace.liu.managers.LiuBaselines;
import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.liu.pairs.PairAgentFiles;
import io.execplace.liu.pairs.PairManager;
import io.execplace.liu.sim.LiuManager;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Every LIU manager by name, as {@code heldout --study liu --managers} takes them: the paper's
 * baselines ({@code random, sf-p, lf-p, sf-e, lf-e}), the references ({@code sf-now, outlook}) and
 * trained agents as {@code agent:PATH} — the paper's value agent ({@code liu-value}) or the pair
 * manager ({@code liu-pairs}), told apart by the file.
 */
public final class LiuManagerNames {

    /** Prefix of a trained agent's name. */
    public static final String AGENT = "agent:";

    /**
     * A manager and, for a trained agent, the workload seeds it trained on.
     *
     * @param firstTrainingSeed first workload seed of its training, or −1 when it has none or it is not recorded
     * @param trainingSeeds     how many consecutive seeds from there (0 when none)
     * @param trained           true for an agent, whether or not its seeds are recorded
     */
    public record Named(LiuManager manager, long firstTrainingSeed, long trainingSeeds, boolean trained) {
    }

    private LiuManagerNames() {
    }

    public static Named create(String name) throws IOException {
        if (LiuBaselines.NAMES.contains(name)) {
            return new Named(LiuBaselines.of(name), -1, 0, false);
        }
        if (LiuReferenceManagers.NAMES.contains(name)) {
            return new Named(LiuReferenceManagers.of(name), -1, 0, false);
        }
        if (!name.startsWith(AGENT) || name.length() == AGENT.length()) {
            throw new BadInputException("unknown LIU manager '" + name + "' (known: " + String.join(", ", LiuBaselines.NAMES)
                    + ", " + String.join(", ", LiuReferenceManagers.NAMES) + ", agent:PATH)");
        }
        Path path = Path.of(name.substring(AGENT.length()).trim());
        Path file;
        try {
            file = AgentFiles.resolve(path);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        String algorithm = ArrayBundle.read(file).metadata().path("algorithm").asText();
        if (PairAgentFiles.ALGORITHM.equals(algorithm)) {
            JsonNode training = PairAgentFiles.training(file);
            return new Named(new PairManager(PairAgentFiles.read(file), name), training.path("firstWorkloadSeed").asLong(-1),
                    training.path("workloadSeeds").asLong(0), true);
        }
        if (LiuAgentFiles.ALGORITHM.equals(algorithm)) {
            return new Named(new LiuAgentManager(LiuAgentFiles.read(file).agent(), name), -1, 0, true);
        }
        throw new BadInputException(file + ": not a LIU agent (algorithm '" + algorithm + "'; LIU agents are "
                + LiuAgentFiles.ALGORITHM + " or " + PairAgentFiles.ALGORITHM + ")");
    }

    /**
     * Refuses held-out seeds {@code [first, first + n)} that a training may have used: an agent's
     * recorded training seeds, and for an agent that records none every seed below 2^40 (LIU
     * trainings draw {@code seed · 1,000,003 + episode}, below 2^40 for any seed below 2^20).
     */
    public static void checkDisjoint(String name, Named m, long first, int n) {
        if (!m.trained()) {
            return;
        }
        long last = first + n - 1;
        if (m.firstTrainingSeed() >= 0) {
            long trainLast = m.firstTrainingSeed() + m.trainingSeeds() - 1;
            if (first <= trainLast && m.firstTrainingSeed() <= last) {
                throw new BadInputException("--held-out-seed: held-out seeds " + first + ".." + last + " overlap the training seeds "
                        + m.firstTrainingSeed() + ".." + trainLast + " of " + name);
            }
        } else if (first < (1L << 40)) {
            throw new BadInputException("--held-out-seed: " + name + " does not record its training seeds; held-out seeds must "
                    + "then be at least 2^40 = " + (1L << 40) + ", got " + first);
        }
    }
}

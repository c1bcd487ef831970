package io.execplace.liu.study;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.io.BadInputException;
import io.execplace.liu.agent.LiuAgentFiles;
import io.execplace.liu.agent.LiuAgentManager;
import io.execplace.liu.managers.LiuBaselines;
import io.execplace.liu.managers.LiuReferenceManagers;
import io.execplace.liu.pairmanager.PairAgentFiles;
import io.execplace.liu.pairmanager.PairManager;
import io.execplace.liu.sim.LiuManager;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.train.AgentFiles;
import io.execplace.schedulers.spi.Deciders;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * Every LIU manager by name, as {@code heldout --study liu --managers} takes them: the paper's
 * baselines ({@code random, sf-p, lf-p, sf-e, lf-e}), the references ({@code sf-now, outlook}) and
 * trained agents as {@code agent:PATH} — the paper's value agent ({@code liu-value}) or the pair
 * manager ({@code liu-pair-manager}), told apart by the file.
 */
public final class LiuManagerNames {

    private static final String AGENT_PREFIX = "agent";

    /** Prefix of a trained agent's name. */
    public static final String AGENT = AGENT_PREFIX + ":";

    /**
     * A manager and, for a trained agent, the workload seeds it trained on.
     *
     * @param firstTrainingSeed first workload seed of its training, or −1 when it has none or it is not recorded
     * @param trainingSeeds     how many consecutive seeds from there (0 when none)
     * @param trained           true for an agent, whether or not its seeds are recorded
     */
    public record Named(LiuManager manager, long firstTrainingSeed, long trainingSeeds, boolean trained) {
    }

    /** The managers by name; the agent family reads its file when made. */
    private static final Deciders<Void, Named> MANAGERS = registry();

    private LiuManagerNames() {
    }

    private static Deciders<Void, Named> registry() {
        Deciders<Void, Named> managers = Deciders.empty("LIU manager");
        for (String name : LiuBaselines.NAMES) {
            managers = managers.with(name, "LIU baseline", none -> new Named(LiuBaselines.of(name), -1, 0, false));
        }
        for (String name : LiuReferenceManagers.NAMES) {
            managers = managers.with(name, "reference", none -> new Named(LiuReferenceManagers.of(name), -1, 0, false));
        }
        return managers.withFamily(AGENT_PREFIX, "PATH", "a trained liu-value or liu-pair-manager agent", (argument, none) -> {
            try {
                return agent(argument);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * The manager of a name, read as every decider's name is ({@link Deciders}).
     *
     * @throws BadInputException for an unknown name or a file that is no LIU agent
     */
    public static Named create(String name) throws IOException {
        try {
            return MANAGERS.create(name, null);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (BadInputException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private static Named agent(String argument) throws IOException {
        String name = AGENT + argument;
        Path file;
        try {
            file = AgentFiles.resolve(Path.of(argument));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
        String algorithm = ArrayBundle.read(file).metadata().path("algorithm").asText();
        if (PairAgentFiles.isAlgorithm(algorithm)) {
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

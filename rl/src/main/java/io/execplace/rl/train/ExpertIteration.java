package io.execplace.rl.train;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.progress.RoundResults;
import io.execplace.rl.agent.PpoLearner;
import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.pairs.PolicyDemonstrator;
import io.execplace.schedulers.lookahead.Lookahead;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Map;

/**
 * Expert iteration (Anthony, Tian and Barber, "Thinking Fast and Slow with Deep Learning and Tree
 * Search", 2017; the loop of AlphaZero): a slow planner whose rollouts use the current agent labels
 * decisions, the fast agent is trained to imitate them, and the next round's planner rolls out with
 * the improved agent. Both the agent and the planner that uses it are products.
 *
 * <p>Round 1 clones the planner acting on its own (with the rollout policy it has without an agent,
 * unless the run started from an agent). Every later round is one DAgger round (Ross et al. 2011)
 * on fresh training episodes: the agent acts greedily and the planner, using the previous round's
 * agent, labels every state the agent visits; the agent is then cloned on the labelled steps of
 * every round so far (DAgger's aggregate: trained on the last round's labels alone, it swung
 * between two behaviours from round to round) and optionally fine-tuned by PPO. After each round
 * the agent is written as {@code round-K.xprl}, and the checkpoint records the rounds and their
 * first episodes; a resumed run labels the earlier rounds' episodes again (as long as that took
 * the first time) and continues with the next round, giving the same weights as an uninterrupted
 * run (runs resume at round boundaries: a run stopped inside a round redoes it).
 */
public final class ExpertIteration {

    /** Checkpoint array holding the rounds done. */
    public static final String ROUND = "expert.round";
    /** Checkpoint array holding each round's first training episode. */
    public static final String STARTS = "expert.starts";

    /** Makes a round's planner, seeded; its rollouts use {@code agent}, or its own default when null. */
    @FunctionalInterface
    public interface Planners {
        PlacementPolicy create(Path agent, long seed);
    }

    /**
     * How much each round does.
     *
     * @param rounds        rounds in all (a resumed run continues to this total)
     * @param episodes      training episodes labelled by the planner per round
     * @param epochs        cloning passes over a round's labelled steps
     * @param ppoIterations PPO iterations after each round's cloning (0: none)
     * @param clairvoyant   the planner ({@link Lookahead}) is told each training episode's true
     *                      arrivals: a privileged teacher, whose labels the agent, which cannot see
     *                      the future, learns as what is best on average given what it sees
     */
    public record Settings(int rounds, int episodes, int epochs, int ppoIterations, boolean clairvoyant) {
        public Settings {
            if (rounds < 1 || episodes < 1 || epochs < 1 || ppoIterations < 0) {
                throw new IllegalArgumentException("expert iteration needs at least one round, episode and epoch, "
                        + "and no negative PPO iterations");
            }
        }
    }

    /**
     * What a round did.
     *
     * @param round        1, 2, ...
     * @param teacherActed whether the planner acted (round 1 from scratch) or the agent did (DAgger)
     * @param steps        labelled steps
     * @param crossEntropy mean cross-entropy of the last cloning epoch
     * @param agreement    share of those steps where the agent's greedy action is the planner's
     * @param seconds      wall time of the round
     * @param agentFile    the agent after the round ({@link #roundFile})
     */
    public record Round(int round, boolean teacherActed, long steps, double crossEntropy, double agreement,
                        double seconds, Path agentFile) {
    }

    private final Trainer trainer;
    private final Path dir;
    private final Settings settings;
    private final Planners planners;
    private final Path startAgent;
    private final PlacementPolicy placer;
    private final long seed;
    private int roundsDone;
    /** First training episode of each round done. */
    private double[] starts = new double[0];

    /**
     * @param trainer    a trainer of the size-free PPO agent, restored when resuming
     * @param dir        where round files, agent and checkpoint go
     * @param startAgent the agent the first round's planner rolls out with and the agent acts as
     *                   (its weights must be the trainer's), or null to start by cloning the planner
     * @param placer     labels the rest of a job the planner would hold after the agent began placing
     *                   it (see {@link PolicyDemonstrator}; e.g. {@code milp}), or null
     * @param seed       the run's seed (the planners' seeds follow from it and the round)
     */
    public ExpertIteration(Trainer trainer, Path dir, Settings settings, Planners planners, Path startAgent,
                           PlacementPolicy placer, long seed) {
        if (!(trainer.learner() instanceof PpoLearner)) {
            throw new IllegalArgumentException("expert iteration trains the size-free PPO agent");
        }
        this.trainer = trainer;
        this.dir = dir;
        this.settings = settings;
        this.planners = planners;
        this.startAgent = startAgent;
        this.placer = placer;
        this.seed = seed;
    }

    /**
     * Continues after the rounds a checkpoint records (call after {@link Trainer#restore}): labels
     * the earlier rounds' episodes again, each with its round's planner and acting agent (the
     * checkpoint does not hold the labelled steps), then restores the checkpoint once more.
     */
    public void restore(ArrayBundle checkpoint) throws IOException {
        roundsDone = checkpoint.has(ROUND) ? (int) checkpoint.doubles(ROUND, 1)[0] : 0;
        starts = checkpoint.has(STARTS) ? checkpoint.doubles(STARTS, roundsDone) : new double[0];
        PpoLearner learner = (PpoLearner) trainer.learner();
        for (int k = 1; k <= roundsDone; k++) {
            Path agent = agentOf(k);
            if (agent != null) {
                learner.startFrom(RlSchedulers.load(agent).pairNetwork(1));
            }
            learner.relabelRound(teacher(k, agent), (long) starts[k - 1], settings.episodes(), agent == null);
        }
        trainer.restore(checkpoint);
    }

    /** The agent that acts in round {@code k} and that its planner uses: the previous round's, or the start's. */
    private Path agentOf(int k) {
        return k == 1 ? startAgent : roundFile(dir, k - 1);
    }

    /** Round {@code k}'s planner as a teacher. */
    private PolicyDemonstrator teacher(int k, Path agent) {
        PlacementPolicy planner = planners.create(agent, seed * 1_000_003L + k);
        return new PolicyDemonstrator(planner, settings.clairvoyant() ? jobs -> ((Lookahead) planner).knowing(jobs) : null,
                placer);
    }

    public int roundsDone() {
        return roundsDone;
    }

    /** The agent file of round {@code k} in {@code dir}. */
    public static Path roundFile(Path dir, int k) {
        return dir.resolve("round-" + k + ".xprl");
    }

    /** Runs the remaining rounds, handing each round's result to {@code rounds}. */
    public void run(RoundResults<Round> rounds, TrainingListener ppoListener) throws IOException {
        PpoLearner learner = (PpoLearner) trainer.learner();
        for (int k = roundsDone + 1; k <= settings.rounds(); k++) {
            long t0 = System.nanoTime();
            Path agent = agentOf(k);
            boolean teacherActs = agent == null;
            starts = Arrays.copyOf(starts, k);
            starts[k - 1] = learner.nextEpisode();
            long before = learner.totalSteps();
            double[] fit = learner.imitateRound(teacher(k, agent), settings.episodes(), settings.epochs(), teacherActs);
            long steps = learner.totalSteps() - before;
            if (settings.ppoIterations() > 0) {
                // A checkpoint written during PPO says round k is not done: a resumed run redoes it.
                trainer.recordInCheckpoints(Map.of(ROUND, new double[]{k - 1},
                        STARTS, Arrays.copyOf(starts, k - 1)));
                trainer.run(ppoListener, trainer.iteration() + settings.ppoIterations());
            }
            roundsDone = k;
            trainer.recordInCheckpoints(Map.of(ROUND, new double[]{k}, STARTS, starts.clone()));
            trainer.saveFiles();
            Files.copy(dir.resolve(AgentFiles.MODEL_FILE), roundFile(dir, k), StandardCopyOption.REPLACE_EXISTING);
            rounds.roundDone(new Round(k, teacherActs, steps, fit[0], fit[1], (System.nanoTime() - t0) / 1e9,
                    roundFile(dir, k)));
        }
    }
}

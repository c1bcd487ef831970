package io.execplace.experiments.training;

import io.execplace.core.io.CsvTable;
import io.execplace.core.progress.RoundResults;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.rl.choice.ChoiceAgent;
import io.execplace.rl.choice.ChoiceTraining;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.rl.train.AgentFiles;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * The rounds of {@code execplace train-choice}: after each, the round's agent written as {@code
 * DIR/round-K.xprl} and {@code DIR/agent.xprl}, scored on held-out workloads when asked, and its row
 * added to {@code DIR/rounds.csv}.
 *
 * @param registry  the schedulers the held-out runs use
 * @param workloads the training workloads and their held-out seeds
 * @param queue     the queue order of training and of the held-out runs
 * @param heldOut   held-out workloads per preset scored after each round (0: none)
 * @param dir       the output folder
 */
public record ChoiceRounds(SchedulerRegistry registry, ChoiceWorkloads workloads, QueuePolicy queue, int heldOut,
                           Path dir) {

    public static final String CSV = "rounds.csv";

    /**
     * A round done.
     *
     * @param round   what the round labelled and learnt
     * @param file    the round's agent file
     * @param heldOut its held-out score, or null without held-out workloads
     */
    public record RoundDone(ChoiceTraining.Round round, Path file, ChoiceWorkloads.Score heldOut) {
    }

    /**
     * Trains in rounds on {@code episodes}; {@code agentOf} makes the agent of a round's network, and
     * {@code each} is told of each round once its files are written.
     */
    public void run(ChoiceTraining training, List<ChoiceTraining.Episode> episodes, ChoiceTraining.Settings settings,
                    Function<PairNetwork, ChoiceAgent> agentOf, RoundResults<RoundDone> each) throws IOException {
        CsvTable rounds = new CsvTable("round", "samples", "mse", "seconds", "heldout_cost_vs_milp", "heldout_target",
                "heldout_target_milp");
        training.train(episodes, settings, round -> {
            ChoiceAgent agent = agentOf.apply(round.network());
            Path file = dir.resolve("round-" + round.round() + ".xprl");
            agent.write(file);
            agent.write(dir.resolve(AgentFiles.MODEL_FILE));
            ChoiceWorkloads.Score h = heldOut > 0 ? workloads.heldOut(registry, file, queue, heldOut) : null;
            rounds.row(round.round(), round.samples(), round.meanSquaredError(), round.seconds(),
                    h == null ? null : h.costVsMilp(), h == null || Double.isNaN(h.target()) ? null : h.target(),
                    h == null || Double.isNaN(h.milpTarget()) ? null : h.milpTarget());
            rounds.write(dir.resolve(CSV));
            each.roundDone(new RoundDone(round, file, h));
        });
    }
}

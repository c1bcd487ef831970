package io.execplace.cli.train;

import io.execplace.cli.output.TextTable;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.training.ExpertRounds;
import io.execplace.rl.train.ExpertIteration;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * What {@code train --agent ppo-pairs --imitate lookahead --expert-rounds N} prints of the rounds that
 * {@link ExpertRounds} runs: a header on stderr, one line per round on stdout (with the held-out cost
 * and, for a Target run, the held-out Target), and the files written.
 */
final class ExpertRoundsPrinter {

    private ExpertRoundsPrinter() {
    }

    /** Runs the remaining rounds of {@code expert}, printing as it goes. */
    static void run(ExpertRounds expert, int rounds, Path dir, PrintWriter out, PrintWriter err, boolean quiet)
            throws IOException {
        if (expert.roundsDone() >= rounds) {
            out.println(dir + " already holds " + expert.roundsDone() + " rounds; raise --expert-rounds to continue");
            out.flush();
            return;
        }
        ExpertIteration.Settings settings = expert.settings();
        if (!quiet) {
            err.println("expert iteration: rounds " + (expert.roundsDone() + 1) + ".." + rounds + " of " + settings.episodes()
                    + " episodes (" + settings.epochs() + " epochs" + (settings.ppoIterations() > 0
                    ? ", then " + settings.ppoIterations() + " PPO iterations" : "") + "), planner " + ExpertRounds.PLANNER
                    + (settings.clairvoyant() ? " (clairvoyant in training)" : "") + " with the agent as its "
                    + (expert.proposer() ? ExpertRounds.PROPOSER : "rollout policy") + " -> " + dir);
        }
        expert.run(done -> {
            out.println(line(done));
            out.flush();
        });
        out.println("wrote " + expert.lastRoundFile() + " (the last round's agent; also "
                + dir.resolve("agent.xprl") + "), " + dir.resolve(ExpertRounds.CSV));
        out.flush();
    }

    private static String line(ExpertRounds.RoundDone done) {
        ExpertIteration.Round round = done.round();
        String line = "round " + round.round() + ": " + round.steps() + " steps labelled by " + ExpertRounds.PLANNER
                + (round.teacherActed() ? " (acting)" : " (the agent acting)") + ", agreement "
                + Format.sig(100 * round.agreement(), 3) + " %, " + Format.sig(round.seconds(), 3) + " s";
        ExpertRounds.HeldOutRound h = done.heldOut();
        if (h == null) {
            return line;
        }
        line += "; held-out cost / milp: agent " + TextTable.interval(h.agent().vsMilp(), 3) + " ("
                + h.agent().winsVsMilp() + " wins), planner " + TextTable.interval(h.planner().vsMilp(), 3) + " ("
                + h.planner().winsVsMilp() + " wins) on " + h.workloads() + " workloads";
        if (h.target()) {
            line += "; Target: milp " + Format.sig(h.milp().target().mean(), 4) + ", agent "
                    + TextTable.interval(h.agent().target(), 4) + ", planner " + TextTable.interval(h.planner().target(), 4);
        }
        return line;
    }
}

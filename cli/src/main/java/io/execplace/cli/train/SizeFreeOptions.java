package io.execplace.cli.train;

import io.execplace.cli.command.Options;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.io.BadInputException;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.experiments.env.SizeFreeSetup;
import io.execplace.experiments.training.ExpertRounds;
import io.execplace.experiments.training.SizeFreeStart;
import io.execplace.rl.pairs.PairSchema;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.Trainer;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code train --agent ppo-pairs} (the size-free agent): the randomised clusters and
 * workloads it trains on and the imitation warm start. A mixin of {@link TrainCommand}, which keeps
 * the options every agent shares.
 */
final class SizeFreeOptions {

    private static final List<String> DEFAULT_CLUSTERS = List.of("tpds", "tpds-code", "c5", "hybrid-small");
    private static final List<String> DEFAULT_WORKLOADS = List.of("tpds-burst", "tpds-normal");

    @Option(names = "--clusters", paramLabel = "LIST", split = ",",
            description = "ppo-pairs: base clusters to randomise (default tpds,tpds-code,c5,hybrid-small).")
    List<String> clusters;

    @Option(names = "--workloads", paramLabel = "LIST", split = ",",
            description = "ppo-pairs: workload presets, each with --workload-seeds seeds (default tpds-burst,tpds-normal).")
    List<String> workloads;

    @Option(names = "--cluster-variants", paramLabel = "N",
            description = "ppo-pairs: clusters trained on: the bases, then variants with redrawn VM counts and prices "
                    + "(default 24).")
    Integer clusterVariants;

    @Option(names = "--imitate", paramLabel = "SCHEDULER",
            description = "ppo-pairs: before PPO, clone this scheduler's decisions (e.g. milp) on --imitate-episodes "
                    + "training episodes (a warm start; default none).")
    String imitate;

    @Option(names = "--imitate-episodes", paramLabel = "N", description = "ppo-pairs: episodes the teacher acts (default 200).")
    Integer imitateEpisodes;

    @Option(names = "--imitate-epochs", paramLabel = "N", description = "ppo-pairs: passes over the teacher's steps (default 10).")
    Integer imitateEpochs;

    @Option(names = "--imitate-rounds", paramLabel = "N",
            description = "ppo-pairs: DAgger rounds; each after the first adds --imitate-episodes episodes acted by the "
                    + "agent and labelled by the teacher (default 1: plain cloning).")
    Integer imitateRounds;

    @Option(names = "--expert-rounds", paramLabel = "N",
            description = "ppo-pairs: expert iteration in N rounds: the --imitate planner (lookahead), using the previous "
                    + "round's agent, labels --imitate-episodes episodes the agent acts (round 1: the planner acts and is "
                    + "cloned); each round writes DIR/round-K.xprl. With --resume: the new total.")
    Integer expertRounds;

    @Option(names = "--expert-ppo", paramLabel = "N",
            description = "ppo-pairs, --expert-rounds: PPO iterations after each round's cloning (default 0).")
    Integer expertPpo;

    @Option(names = "--expert-agent-as", paramLabel = "rollout|proposer",
            description = "ppo-pairs, --expert-rounds: the planner uses the agent as its rollout policy (default), or as "
                    + "the proposer of one more candidate, its rollouts staying cheap (for large clusters).")
    String expertAgentAs;

    @Option(names = "--expert-from", paramLabel = "AGENT",
            description = "ppo-pairs, --expert-rounds: start from this size-free agent (file or run folder, same --hidden): "
                    + "round 1 is then a DAgger round whose planner uses it (default: round 1 clones the planner).")
    String expertFrom;

    @Option(names = "--expert-clairvoyant",
            description = "ppo-pairs, --expert-rounds: the planner sees each training episode's true arrivals (a "
                    + "privileged teacher; the held-out planner stays online).")
    Boolean expertClairvoyant;

    @Option(names = "--expert-held-out", paramLabel = "N",
            description = "ppo-pairs, --expert-rounds: after each round, cost of the agent and of its planner against "
                    + "milp on N held-out workloads of the first --clusters and --workloads (default 0: none).")
    Integer expertHeldOut;

    @Option(names = "--start-from", paramLabel = "AGENT",
            description = "ppo-pairs: start from this size-free agent's policy (file or run folder, same --hidden); a "
                    + "pairs-1 agent starts a --deadlines agent with zero weights on the deadline features, so it acts "
                    + "as the file until trained (default: random weights).")
    String startFrom;

    @Option(names = "--deadlines",
            description = "ppo-pairs: train for jobs with deadlines (HJS): observe the deadline features too (schema "
                    + "pairs-deadlines-1) and earn the Target (HJS Eq. 5) as it accrues instead of R_epi; give the "
                    + "queue order with --queue (e.g. edf).")
    Boolean deadlines;

    @Option(names = "--elastic-features",
            description = "ppo-pairs: observe the node-pool features too (schema pairs-elastic-1: whether a slot is "
                    + "bought, its launch time, spot, pool open, an empty live node); implies --deadlines. For elastic "
                    + "clusters, with --cluster-variants equal to the clusters.")
    Boolean elasticFeatures;

    @Option(names = "--price-jitter", paramLabel = "X",
            description = "ppo-pairs: variants' prices are the base's times a factor in [1-X, 1+X] (default 0.3).")
    Double priceJitter;

    /** The options of this group that were given (for refusing them where they do not apply). */
    List<String> given() {
        return Options.given(new Object[][]{{"--clusters", clusters}, {"--workloads", workloads},
            {"--cluster-variants", clusterVariants}, {"--price-jitter", priceJitter}, {"--imitate", imitate},
            {"--imitate-episodes", imitateEpisodes}, {"--imitate-epochs", imitateEpochs},
            {"--imitate-rounds", imitateRounds}, {"--expert-rounds", expertRounds}, {"--expert-ppo", expertPpo},
            {"--expert-agent-as", expertAgentAs}, {"--expert-held-out", expertHeldOut}, {"--expert-from", expertFrom},
            {"--expert-clairvoyant", expertClairvoyant}, {"--deadlines", deadlines},
            {"--elastic-features", elasticFeatures},
            {"--start-from", startFrom}});
    }

    /**
     * Checks the imitation options before any work; returns the misuses to report together with the
     * caller's (an imitation option without {@code --imitate}).
     *
     * @param teacher creates the teacher by name (an unknown name fails here, as bad input)
     */
    List<String> check(java.util.function.Consumer<String> teacher) {
        Options.atLeastOne("--imitate-episodes", imitateEpisodes);
        Options.atLeastOne("--imitate-epochs", imitateEpochs);
        Options.atLeastOne("--imitate-rounds", imitateRounds);
        Options.atLeastOne("--expert-rounds", expertRounds);
        if (expertPpo != null && expertPpo < 0) {
            throw BadInputException.option("--expert-ppo", "must be at least 0, got " + expertPpo);
        }
        if (expertHeldOut != null && (expertHeldOut < 0 || expertHeldOut == 1 || expertHeldOut > 10_000)) {
            throw BadInputException.option("--expert-held-out", "must be 0 or between 2 and 10000, got " + expertHeldOut);
        }
        if (expertAgentAs != null) {
            ExpertRounds.agentAs(expertAgentAs);
        }
        List<String> bad = new ArrayList<>();
        if (imitate == null && (imitateEpisodes != null || imitateEpochs != null || imitateRounds != null)) {
            bad.add("--imitate-episodes/--imitate-epochs/--imitate-rounds without --imitate");
        }
        if (expertRounds == null && (expertPpo != null || expertAgentAs != null || expertHeldOut != null
                || expertFrom != null || expertClairvoyant != null)) {
            bad.add("--expert-ppo/--expert-agent-as/--expert-held-out/--expert-from/--expert-clairvoyant without "
                    + "--expert-rounds");
        }
        if (startFrom != null && !Options.checked("--start-from",
                () -> RlSchedulers.load(Path.of(startFrom))).isSizeFree()) {
            throw BadInputException.option("--start-from", startFrom + " is a fixed-size agent, not a size-free one");
        }
        if (startFrom != null && expertRounds != null) {
            bad.add("--start-from with --expert-rounds (use --expert-from)");
        }
        if (expertFrom != null && !Options.checked("--expert-from",
                () -> RlSchedulers.load(Path.of(expertFrom))).isSizeFree()) {
            throw BadInputException.option("--expert-from", expertFrom + " is a fixed-size agent, not a size-free one");
        }
        if (expertRounds != null && imitateRounds != null) {
            bad.add("--imitate-rounds with --expert-rounds (each expert round is a DAgger round)");
        }
        if (expertRounds != null && (imitate == null || !imitate.trim().equalsIgnoreCase(ExpertRounds.PLANNER))) {
            bad.add("--expert-rounds without --imitate " + ExpertRounds.PLANNER + " (the planner that can use the agent)");
        }
        if (imitate != null) {
            teacher.accept(imitate);
        }
        return bad;
    }

    /** The first base cluster and workload: the environment setup the variants are drawn around. */
    EnvironmentSetup.Builder base(EnvironmentSetup.Builder builder) {
        return builder.cluster(clusters().get(0)).workload(workloads().get(0));
    }

    /** The randomised clusters and workloads around {@code base}. */
    SizeFreeSetup setup(EnvironmentSetup base) {
        return new SizeFreeSetup(clusters(), workloads(), base, clusterVariants == null ? 24 : clusterVariants,
                priceJitter == null ? 0.3 : priceJitter, PairSchema.of(deadlines(), Boolean.TRUE.equals(elasticFeatures)));
    }

    private List<String> clusters() {
        return clusters == null ? DEFAULT_CLUSTERS : clusters;
    }

    private List<String> workloads() {
        return workloads == null ? DEFAULT_WORKLOADS : workloads;
    }

    /** True if training for deadlines was asked for (the elastic features include the deadline ones). */
    boolean deadlines() {
        return Boolean.TRUE.equals(deadlines) || Boolean.TRUE.equals(elasticFeatures);
    }

    /** True if a warm start by imitation was asked for. */
    boolean imitates() {
        return imitate != null;
    }

    /** True if expert iteration was asked for. */
    boolean expert() {
        return expertRounds != null;
    }

    /** The warm start asked for (recorded in the agent files), or null without {@code --imitate}. */
    SizeFreeStart.Teaching teaching() {
        if (imitate == null) {
            return null;
        }
        SizeFreeStart.Expert expert = expertRounds == null ? null : new SizeFreeStart.Expert(expertRounds,
                expertPpo == null ? 0 : expertPpo,
                expertAgentAs == null ? ExpertRounds.ROLLOUT : ExpertRounds.agentAs(expertAgentAs),
                expertHeldOut == null ? 0 : expertHeldOut, Boolean.TRUE.equals(expertClairvoyant), expertFrom);
        return new SizeFreeStart.Teaching(imitate, episodes(), epochs(), rounds(), expert);
    }

    /** Starts a fresh run's policy from {@code --start-from}'s (see {@link SizeFreeStart#startFrom}); no-op without it. */
    void startFrom(Trainer trainer, ObjectNode setup) {
        if (startFrom != null) {
            SizeFreeStart.startFrom(trainer, setup, startFrom);
        }
    }

    /** The behaviour-cloning warm start of a fresh run, with a one-line summary on {@code err} unless quiet. */
    void imitate(Trainer trainer, PlacementPolicy teacher, PrintWriter err, boolean quiet) {
        SizeFreeStart.Imitation r = SizeFreeStart.imitate(trainer, teacher, episodes(), epochs(), rounds());
        if (!quiet) {
            err.println("imitated " + imitate + " on " + rounds() + " x " + episodes() + " episodes ("
                    + trainer.learner().totalSteps() + " steps, " + epochs() + " epochs) in "
                    + Format.sig(r.seconds(), 3) + " s: cross-entropy " + Format.sig(r.crossEntropy(), 3)
                    + ", greedy action = teacher's on " + Format.sig(100 * r.agreement(), 3) + "% of steps");
        }
    }

    private int episodes() {
        return imitateEpisodes == null ? 200 : imitateEpisodes;
    }

    private int epochs() {
        return imitateEpochs == null ? 10 : imitateEpochs;
    }

    private int rounds() {
        return imitateRounds == null ? 1 : imitateRounds;
    }
}

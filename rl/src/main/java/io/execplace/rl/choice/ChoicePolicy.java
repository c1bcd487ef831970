package io.execplace.rl.choice;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.rl.agent.GreedyPolicy;
import io.execplace.rl.pairs.PairNetwork;
import io.execplace.schedulers.lookahead.CandidatePlacements;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.AgentStatistics;
import io.execplace.schedulers.spi.SchedulerContext;

import java.util.List;

/**
 * A {@code choice} agent as a scheduler: for each job it makes its candidate placements (a few
 * schedulers' placements and waiting, {@link CandidatePlacements#listed}) and takes the one its
 * network scores highest — the network estimates, per candidate, how much cheaper (or, for
 * deadlines, better by HJS's Target) the schedule from now on is than with the first candidate.
 * No rollout: a decision costs the candidates' making and one small network pass.
 */
public final class ChoicePolicy extends CandidateChooser implements AgentStatistics {

    /** The most placements per job (listed schedulers); with waiting, the network's slots. */
    public static final int CANDIDATES = ChoiceObservation.SOURCES;
    /** lookahead's default candidates, in its order: milp's, its rollout policy's, gio's, first-fit's. */
    public static final List<String> LOOKAHEAD_CANDIDATES = List.of("milp", "first-fit-fullest", "gio", "first-fit");

    private final String name;
    private final PairNetwork network;
    private GreedyPolicy policy;
    private Cluster cluster;
    private ChoiceObservation writer;
    private double[] observation;
    private final double margin;
    private final double maxHold;
    private long decisions;
    private long holds;

    /**
     * @param name       scheduler name shown in results
     * @param network    the trained network ({@link ChoiceObservation#SCHEMA})
     * @param context    makes the candidates' policies (with the run's seed and options)
     * @param candidates the schedulers whose placements are weighed, in order (registry names)
     * @param rules      the margin before leaving the first candidate, and the longest a job may be held
     */
    public ChoicePolicy(String name, PairNetwork network, SchedulerContext context, List<String> candidates,
                        ChoiceRules rules) {
        super(candidatePlacements(context, candidates));
        this.name = name;
        this.network = network;
        this.margin = rules.margin();
        this.maxHold = rules.maxHoldSeconds();
    }

    /**
     * The candidates a choice agent weighs, as its teacher makes them: the named schedulers'
     * placements, distinct ones, and waiting.
     *
     * @throws IllegalArgumentException for more than {@link #CANDIDATES} names or an unknown one
     */
    public static CandidatePlacements candidatePlacements(SchedulerContext context, List<String> names) {
        if (names.isEmpty() || names.size() > CANDIDATES) {
            throw new IllegalArgumentException("a choice agent weighs 1 to " + CANDIDATES + " schedulers' placements, got "
                    + names.size());
        }
        return CandidatePlacements.listed(context, names);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    Placement choose(Job job, ClusterView view, List<Placement> options) {
        int pick = pick(job, view, options);
        decisions++;
        Placement p = options.get(pick);
        if (p.isNone()) {
            holds++;
        }
        return p;
    }

    /**
     * The index of the candidate the network scores highest; waiting is not among them once the
     * job has waited {@code maxHold} seconds since it arrived.
     */
    int pick(Job job, ClusterView view, List<Placement> options) {
        prepare(view);
        writer.write(observation, job, view, options);
        double[] scores = policy.scores(observation);
        int pick = best(scores, options.size(), margin);
        if (options.get(pick).isNone() && view.now() - job.arrival() >= maxHold) {
            scores = scores.clone();
            scores[pick + 1] = Double.NEGATIVE_INFINITY;
            pick = best(scores, options.size(), margin);
        }
        return pick;
    }

    /**
     * The candidate with the highest score (outputs {@code 1..count}; output 0, the pair network's
     * own "wait", is not used: waiting is a candidate), the first unless another beats it by more
     * than {@code margin}.
     */
    static int best(double[] scores, int count, double margin) {
        int best = 0;
        double top = scores[1] + margin;
        for (int k = 1; k < count; k++) {
            if (scores[k + 1] > top) {
                best = k;
                top = scores[k + 1];
            }
        }
        return best;
    }

    private void prepare(ClusterView view) {
        if (cluster == view.cluster()) {
            return;
        }
        cluster = view.cluster();
        writer = new ChoiceObservation(cluster, view.durationModel(), CANDIDATES + 1);
        policy = new GreedyPolicy(network.withSlots(CANDIDATES + 1));
        observation = new double[writer.size()];
    }

    @Override
    public AgentCounts agentCounts() {
        return new AgentCounts(decisions, 0, holds);
    }
}

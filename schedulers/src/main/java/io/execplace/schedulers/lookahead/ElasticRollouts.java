package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.ResumedRun;
import io.execplace.schedulers.spi.SchedulerContext;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code lookahead} on an elastic cluster: the candidates are the elastic policies' decisions for the
 * job — the rollout policy's own first, then a proposer's when one is named, {@code
 * finish-together-spot}'s, {@code finish-together}'s, {@code kube-most}'s, and waiting — and each is
 * rolled out on the event kernel itself, resumed from the run's state with its waiting queue and rules
 * ({@link ResumedRun}): node launches, minimum billing, consolidation, pool limits and spot
 * interruptions are the simulator's, not a copy's. An availability trace's times are not known to a
 * scheduler: a closed pool stays closed in the rollouts, or with {@link SpotWindows} drawn, windows
 * come and go as the trace's averages say.
 *
 * <p>A candidate replaces the rollout policy's own decision only when its rollouts cost less by more
 * than the margin <em>and</em> miss no more deadlines than the own decision's on any of the futures (the
 * decided job, the waiting ones and the sampled arrivals; with the mean guard, over all the futures
 * together): the planner must not buy savings with missed deadlines.
 */
final class ElasticRollouts {

    /** The base policy on elastic clusters when the rollout policy is left at the fixed clusters' default. */
    static final String DEFAULT_ROLLOUT = "finish-together-spot";
    /** The other elastic policies whose decisions are weighed, in priority order (registry names). */
    static final List<String> SOURCES = List.of("finish-together-spot", "finish-together", "kube-most");

    private final PlacementPolicy own;
    private final PlacementPolicy rollout;
    private final List<PlacementPolicy> sources = new ArrayList<>();
    private final ResumedRun runs = new ResumedRun(false);

    ElasticRollouts(SchedulerContext context, LookaheadOptions options) {
        if (SpotWindows.of(context.options()).drawn()) {
            runs.drawingTraces();
        }
        String name = options.rollout().equals(LookaheadOptions.DEFAULT_ROLLOUT) ? DEFAULT_ROLLOUT : options.rollout();
        this.own = context.create(name);
        this.rollout = context.create(name);
        if (!options.proposer().isEmpty()) {
            // A proposer (e.g. the pair agent) is weighed right after the rollout policy, before the rules.
            sources.add(context.create(options.proposer()));
        }
        for (String source : SOURCES) {
            if (!source.equals(name) && sources.size() + 1 < options.candidates()) {
                sources.add(context.create(source));
            }
        }
    }

    /** The rollout policy's decision for {@code job} (none: it waits). */
    Placement own(Job job, ClusterState state) {
        Placement p = own.place(job, state);
        return p == null ? Placement.none() : p;
    }

    /**
     * The decisions weighed: {@code first} (the rollout policy's, perhaps waiting), then the sources'
     * distinct placements, then waiting when it is not among them and something runs.
     */
    List<Placement> candidates(Job job, ClusterState state, Placement first) {
        List<Placement> list = new ArrayList<>();
        list.add(first);
        for (PlacementPolicy source : sources) {
            Placement p = source.place(job, state);
            if (p != null && !p.isNone() && CandidatePlacements.distinct(p, list)) {
                list.add(p);
            }
        }
        if (!first.isNone() && !state.idle()) {
            list.add(Placement.none());
        }
        return list;
    }

    /**
     * The index of the decision to take: the first unless another costs less by more than {@code margin}
     * over the futures and misses no more deadlines on any of them (with {@code meanGuard}: over all of
     * them together; with many futures, one unlucky future would otherwise veto nearly every saving).
     *
     * @param futures one list of arrivals per sample, each arriving at or after now
     * @param seeds   one seed per sample for node launch and interruption draws (the same for every candidate)
     * @param meanGuard true to hold a candidate to the first's misses over all futures together, not on each
     */
    int choose(Job job, ClusterState state, List<Placement> candidates, List<List<Job>> futures, long[] seeds,
               double margin, boolean meanGuard) {
        double[] cost = new double[candidates.size()];
        // A candidate that misses more deadlines than the first on any future is out.
        boolean[] missesMore = new boolean[candidates.size()];
        int[] missed = new int[candidates.size()];
        for (int s = 0; s < futures.size(); s++) {
            int firstMissed = 0;
            for (int c = 0; c < candidates.size(); c++) {
                ResumedRun.Outcome o = runs.run(state, job, candidates.get(c), futures.get(s), rollout, seeds[s]);
                cost[c] += o.currentStarted() ? o.cost() : Double.POSITIVE_INFINITY;
                if (c == 0) {
                    firstMissed = o.deadlinesMissed();
                }
                missesMore[c] |= o.deadlinesMissed() > firstMissed;
                missed[c] += o.deadlinesMissed();
            }
        }
        if (meanGuard) {
            for (int c = 0; c < cost.length; c++) {
                missesMore[c] = missed[c] > missed[0];
            }
        }
        int best = 0;
        double toBeat = cost[0] * (1 - margin);
        for (int c = 1; c < cost.length; c++) {
            if (!missesMore[c] && cost[c] < toBeat && cost[c] < cost[best] * (1 - 1e-12)) {
                best = c;
            }
        }
        return best;
    }
}

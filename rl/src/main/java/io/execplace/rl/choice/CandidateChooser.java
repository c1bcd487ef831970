package io.execplace.rl.choice;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.lookahead.CandidatePlacements;

import java.util.List;

/**
 * A policy that takes one of its candidate placements for each job: the choice agent, and its
 * training's recorder. Where there is no choice to make (no candidate, or one) neither asks its
 * network or its teacher.
 */
abstract class CandidateChooser implements PlacementPolicy {

    private final CandidatePlacements candidates;

    CandidateChooser(CandidatePlacements candidates) {
        this.candidates = candidates;
    }

    /** One of {@code options} (two or more) for {@code job}. */
    abstract Placement choose(Job job, ClusterView view, List<Placement> options);

    @Override
    public final String neverPlaces(Job job, Cluster c) {
        return candidates.neverPlaces(job, c);
    }

    @Override
    public final Placement place(Job job, ClusterView view) {
        List<Placement> options = candidates.of(job, view);
        if (options.isEmpty()) {
            return Placement.none();
        }
        if (options.size() == 1) {
            return options.get(0);
        }
        return choose(job, view, options);
    }
}

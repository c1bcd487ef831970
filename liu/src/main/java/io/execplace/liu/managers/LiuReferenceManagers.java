package io.execplace.liu.managers;

import io.execplace.core.io.Choices;
import io.execplace.liu.model.AppCategory;
import io.execplace.liu.model.LiuApp;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.sim.Outlook;
import io.execplace.liu.sim.LiuView;

import java.util.List;

/**
 * Reference managers that are not the paper's baselines: they measure how much a manager could
 * gain over SF-E in this model (docs/liu.md, "Headroom"). {@code sf-now} is SF with the cluster
 * that has the most executors free now (one value of the Table I state) instead of on average over
 * 100 slices. {@code outlook} sees more than Table I: it dispatches the time-critical application
 * with the least laxity first (streaming and regular applications lose nothing by waiting in the
 * pool: their runs' clocks start at dispatch, or they have none), and sends it to the cluster where
 * playing out the cluster's committed work with it ({@link LiuSimulation#outlook}) adds the fewest
 * missed deadlines (ties: the smaller running-time ratio, then the most executors free now).
 */
public final class LiuReferenceManagers {

    /** The reference managers' names. */
    public static final List<String> NAMES = List.of("sf-now", "outlook");

    private enum Kind {
        SF_NOW("sf-now"), OUTLOOK("outlook");

        private final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    private LiuReferenceManagers() {
    }

    /** The reference manager of a name (see {@link #NAMES}). */
    public static LiuManager of(String name) {
        return switch (Choices.parse(Kind.values(), k -> k.label, name, "LIU reference manager")) {
            case SF_NOW -> new SfNow();
            case OUTLOOK -> new OutlookManager();
        };
    }

    /** The cluster with the most executors free now (ties: the lowest index). */
    static int mostFreeNow(LiuView view) {
        int best = 0;
        for (int k = 1; k < view.clusterCount(); k++) {
            if (view.capacity(k) - view.used(k) > view.capacity(best) - view.used(best)) {
                best = k;
            }
        }
        return best;
    }

    private record SfNow() implements LiuManager {
        @Override
        public Dispatch decide(LiuView view) {
            return new Dispatch(LiuBaselines.pickApplication(view, true), mostFreeNow(view));
        }

        @Override
        public String name() {
            return "sf-now";
        }
    }

    private record OutlookManager() implements LiuManager {
        @Override
        public Dispatch decide(LiuView view) {
            if (!(view instanceof LiuSimulation sim)) {
                throw new IllegalArgumentException("the outlook manager needs the simulation's full state, not a view");
            }
            int app = mostUrgent(sim);
            LiuApp a = sim.waiting(app);
            int best = -1;
            int bestAdded = 0;
            double bestRatio = 0;
            for (int k = 0; k < sim.clusterCount(); k++) {
                int base = sim.outlook(k, null).misses();
                Outlook with = sim.outlook(k, a);
                int added = with.misses() - base;
                boolean better = best < 0 || added < bestAdded
                        || added == bestAdded && (with.candidateRatio() < bestRatio
                        || with.candidateRatio() == bestRatio
                        && sim.capacity(k) - sim.used(k) > sim.capacity(best) - sim.used(best));
                if (better) {
                    best = k;
                    bestAdded = added;
                    bestRatio = with.candidateRatio();
                }
            }
            return new Dispatch(app, best);
        }

        /** The time-critical application with the least laxity; without one, the smallest (SF). */
        private static int mostUrgent(LiuView view) {
            int best = -1;
            long bestLaxity = Long.MAX_VALUE;
            for (int k = 0; k < view.waitingCount(); k++) {
                LiuApp a = view.waiting(k);
                if (a.category() == AppCategory.TIME_CRITICAL) {
                    long laxity = (long) a.arrival() + a.deadline() - view.now() - a.occupation();
                    if (laxity < bestLaxity) {
                        best = k;
                        bestLaxity = laxity;
                    }
                }
            }
            return best >= 0 ? best : LiuBaselines.pickApplication(view, true);
        }

        @Override
        public String name() {
            return "outlook";
        }
    }
}

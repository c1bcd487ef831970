package io.execplace.liu.managers;

import io.execplace.core.io.Choices;
import io.execplace.liu.sim.LiuManager;
import io.execplace.liu.sim.LiuView;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.util.List;
import java.util.function.IntToDoubleFunction;

/**
 * The five rule-based managers of LIU §V-B. Which application: the smallest (SF) or largest (LF)
 * expected executor demand among the waiting ones (ties: the earliest arrival). Which cluster: the
 * lowest mean utilisation percentage over the latest 100 slices (P), or the largest mean number of
 * available executors over the latest 100 slices (E); ties: the lowest cluster index. Random picks
 * both uniformly.
 */
public final class LiuBaselines {

    /** The five baselines, in the paper's order. */
    public enum Kind {
        RANDOM("random"), SF_P("sf-p"), LF_P("lf-p"), SF_E("sf-e"), LF_E("lf-e");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The names, in the paper's order. */
    public static final List<String> NAMES = List.of("random", "sf-p", "lf-p", "sf-e", "lf-e");

    private LiuBaselines() {
    }

    /** The baseline of a name (see {@link #NAMES}). */
    public static LiuManager of(String name) {
        return of(Choices.parse(Kind.values(), Kind::label, name, "LIU baseline"));
    }

    /** The baseline of a kind. */
    public static LiuManager of(Kind kind) {
        String n = kind.label();
        return switch (kind) {
            case RANDOM -> new RandomManager();
            case SF_P -> new RuleManager(n, true, false);
            case LF_P -> new RuleManager(n, false, false);
            case SF_E -> new RuleManager(n, true, true);
            case LF_E -> new RuleManager(n, false, true);
        };
    }

    /** Index of the waiting application with the smallest (or largest) expected demand. */
    public static int pickApplication(LiuView view, boolean smallest) {
        return first(view.waitingCount(), k -> view.waiting(k).expectedDemand(), smallest);
    }

    /** The cluster with the most available executors on average over the latest 100 slices (E). */
    public static int mostAvailable(LiuView view) {
        return first(view.clusterCount(), k -> view.capacity(k) - view.meanUsed(k), false);
    }

    /** The cluster with the lowest mean utilisation over the latest 100 slices (P). */
    public static int leastUtilised(LiuView view) {
        return first(view.clusterCount(), k -> view.meanUsed(k) / view.capacity(k), true);
    }

    /** The first index of {@code 0..count-1} with the lowest (or highest) score: ties go to the lower index. */
    private static int first(int count, IntToDoubleFunction score, boolean lowest) {
        int best = 0;
        double bestScore = score.applyAsDouble(0);
        for (int k = 1; k < count; k++) {
            double s = score.applyAsDouble(k);
            if (lowest ? s < bestScore : s > bestScore) {
                best = k;
                bestScore = s;
            }
        }
        return best;
    }

    private record RuleManager(String name, boolean smallest, boolean available) implements LiuManager {
        @Override
        public Dispatch decide(LiuView view) {
            return new Dispatch(pickApplication(view, smallest), available ? mostAvailable(view) : leastUtilised(view));
        }
    }

    private static final class RandomManager implements LiuManager {
        private UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(0L);

        @Override
        public void startEpisode(long seed) {
            rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
        }

        @Override
        public Dispatch decide(LiuView view) {
            return new Dispatch(rng.nextInt(view.waitingCount()), rng.nextInt(view.clusterCount()));
        }

        @Override
        public String name() {
            return "random";
        }
    }
}

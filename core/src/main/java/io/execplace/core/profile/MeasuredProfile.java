package io.execplace.core.profile;

import io.execplace.core.rules.TypeFactors;

import io.execplace.core.model.JobType;
import io.execplace.core.model.PlacementPreference;
import org.apache.commons.rng.UniformRandomProvider;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A job-type profile measured on Spark: per type, the durations of each input size, executor count
 * and layout, and the placement factor. Generated jobs take as base duration the mean duration of
 * their type in its preferred layout, at the measured executor count nearest to theirs (the smaller
 * on a tie), for an input size drawn uniformly among the measured ones.
 *
 * @param name         a short name for reports (the file name)
 * @param provenance   where it was measured
 * @param factors      the placement factor of WordCount, Sort and PageRank
 * @param measurements the measured cells, in file order
 */
public record MeasuredProfile(String name, Provenance provenance, Map<JobType, PlacementFactor> factors,
                              List<Measurement> measurements) implements JobProfile {

    /** The three job types a profile describes, in file order. */
    public static final List<JobType> TYPES = List.of(JobType.WORDCOUNT, JobType.SORT, JobType.PAGERANK);

    public MeasuredProfile {
        if (name == null || name.isBlank() || provenance == null) {
            throw new IllegalArgumentException("a profile needs a name and its provenance");
        }
        factors = Map.copyOf(factors);
        measurements = List.copyOf(measurements);
        for (JobType t : TYPES) {
            if (!factors.containsKey(t)) {
                throw new IllegalArgumentException("no placement factor for " + t.label());
            }
            if (measurements.stream().noneMatch(m -> m.cell().type() == t && m.cell().preferredLayout())) {
                throw new IllegalArgumentException("no " + t.label() + " measurement in its preferred layout ("
                        + layoutLabel(t.preference()) + ")");
            }
        }
        if (factors.containsKey(JobType.GENERIC)) {
            throw new IllegalArgumentException("generic jobs have no placement factor");
        }
    }

    @Override
    public double placementFactor(JobType type) {
        PlacementFactor f = factors.get(type);
        return f == null ? 1 : f.factor();
    }

    /** The measured factors; {@code paperFactor} plays no part (the measurement replaces it). */
    @Override
    public TypeFactors typeFactors(double paperFactor) {
        return new TypeFactors(placementFactor(JobType.WORDCOUNT), placementFactor(JobType.SORT),
                placementFactor(JobType.PAGERANK));
    }

    @Override
    public BaseDurations baseDurations(UniformRandomProvider rng) {
        Map<JobType, Map<Integer, List<Measurement>>> byExecutors = new EnumMap<>(JobType.class);
        for (Measurement m : measurements) {
            if (m.cell().preferredLayout()) {
                byExecutors.computeIfAbsent(m.cell().type(), t -> new HashMap<>())
                        .computeIfAbsent(m.cell().executors(), e -> new ArrayList<>()).add(m);
            }
        }
        byExecutors.values().forEach(perCount -> perCount.values()
                .forEach(list -> list.sort(Comparator.comparingInt(m -> m.cell().inputMb()))));
        return (type, executors) -> {
            Map<Integer, List<Measurement>> perCount = byExecutors.get(type);
            if (perCount == null) {
                throw new IllegalArgumentException("the profile " + name + " has no " + type.label() + " measurement");
            }
            int nearest = nearest(perCount.keySet(), executors);
            List<Measurement> sizes = perCount.get(nearest);
            return sizes.get(rng.nextInt(sizes.size())).durations().meanSeconds();
        };
    }

    private static int nearest(Iterable<Integer> counts, int executors) {
        int best = -1;
        for (int c : counts) {
            int d = Math.abs(c - executors);
            int bd = Math.abs(best - executors);
            if (best < 0 || d < bd || (d == bd && c < best)) {
                best = c;
            }
        }
        return best;
    }

    /**
     * The measured placement ratio of a type: the geometric mean, over the input sizes and executor
     * counts (of at least 2) measured in both layouts, of mean mismatched over mean preferred
     * duration; NaN when no such pair was measured.
     */
    public static double measuredRatio(JobType type, List<Measurement> measurements) {
        double logSum = 0;
        int pairs = 0;
        for (Measurement good : measurements) {
            ProfileCell c = good.cell();
            if (c.type() != type || !c.preferredLayout() || c.executors() < 2) {
                continue;
            }
            for (Measurement bad : measurements) {
                ProfileCell b = bad.cell();
                if (b.type() == type && !b.preferredLayout() && b.executors() == c.executors() && b.inputMb() == c.inputMb()) {
                    logSum += Math.log(bad.durations().meanSeconds() / good.durations().meanSeconds());
                    pairs++;
                }
            }
        }
        return pairs == 0 ? Double.NaN : Math.exp(logSum / pairs);
    }

    /** The file word for a layout: {@code spread} or {@code consolidated}. */
    public static String layoutLabel(PlacementPreference layout) {
        return switch (layout) {
            case SPREAD -> "spread";
            case CONSOLIDATE -> "consolidated";
            case ANY -> throw new IllegalArgumentException("a measured layout is spread or consolidated");
        };
    }
}

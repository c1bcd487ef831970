package io.execplace.core.profile;

import io.execplace.core.model.JobType;
import io.execplace.core.model.PlacementPreference;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A small measured profile for tests: two sizes, executor counts 1 and 4, both layouts. */
final class Profiles {

    private Profiles() {
    }

    static MeasuredProfile small() {
        List<Measurement> rows = new ArrayList<>();
        double base = 10;
        for (JobType t : MeasuredProfile.TYPES) {
            for (int mb : new int[]{8, 32}) {
                for (int e : new int[]{1, 4}) {
                    for (PlacementPreference layout : new PlacementPreference[]{PlacementPreference.SPREAD,
                        PlacementPreference.CONSOLIDATE}) {
                        boolean good = layout == t.preference();
                        double mean = base * mb / 8.0 / e * (good || e == 1 ? 1 : 1.25);
                        rows.add(new Measurement(new ProfileCell(t, mb, e, layout),
                                new DurationStats(3, mean, 0.125, mean - 0.25, mean + 0.5), 2, 1000L * mb));
                    }
                }
            }
            base += 10;
        }
        Map<JobType, PlacementFactor> factors = Map.of(
                JobType.WORDCOUNT, PlacementFactor.measured(MeasuredProfile.measuredRatio(JobType.WORDCOUNT, rows)),
                JobType.SORT, new PlacementFactor(1.5, Double.NaN),
                JobType.PAGERANK, PlacementFactor.measured(0.9));
        return new MeasuredProfile("small.profile", new Provenance("local-cluster[2,1,1024]", "test host, 2 cores",
                "4.1.1", 3, "2026-11-22T19:00:00Z", 7), factors, rows);
    }
}

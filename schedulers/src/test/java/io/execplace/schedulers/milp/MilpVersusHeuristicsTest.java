package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import io.execplace.schedulers.heuristics.FirstFit;
import io.execplace.schedulers.heuristics.Gio;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * From the same state, for the same job, {@code milp}'s extra VM cost is never above that of
 * {@code first-fit} or {@code gio} (β = 1, no deadlines; both heuristics' placements are evaluated
 * with the true duration, penalties included), and it places the job exactly when they do.
 */
class MilpVersusHeuristicsTest {

    @Test
    void milpNeverCostsMoreThanFirstFitOrGioOnOneDecision() {
        Milp milp = new Milp(MilpOptions.defaults());
        FirstFit firstFit = new FirstFit();
        Gio gio = new Gio();
        int compared = 0;
        int cheaperThanBoth = 0;
        for (long seed = 0; seed < 300; seed++) {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
            ClusterState state = RandomInstances.state(rng, 2, 12);
            for (int k = 0; k < 3; k++) {
                Job job = RandomInstances.job(rng, 100 + k, false);
                String where = "seed " + seed + ", " + job + ", " + state.durationModel();
                Placement m = milp.place(job, state);
                Placement f = firstFit.place(job, state);
                Placement g = gio.place(job, state);
                assertThat(m.isNone()).as(where).isEqualTo(f.isNone()).isEqualTo(g.isNone());
                if (m.isNone()) {
                    continue;
                }
                compared++;
                double tolerance = 1e-8 * state.durationModel().maxDuration(job) * state.cluster().totalPricePerSecond();
                double cm = cost(job, m, state);
                double cf = cost(job, f, state);
                double cg = cost(job, g, state);
                assertThat(cm).as(where + ": vs first-fit " + f).isLessThanOrEqualTo(cf + tolerance);
                assertThat(cm).as(where + ": vs gio " + g).isLessThanOrEqualTo(cg + tolerance);
                if (cm < Math.min(cf, cg) - tolerance) {
                    cheaperThanBoth++;
                }
            }
        }
        assertThat(compared).isGreaterThan(400);
        // The comparison must not be vacuous: milp finds cheaper placements than both quite often.
        assertThat(cheaperThanBoth).isGreaterThan(compared / 20);
    }

    private static double cost(Job job, Placement p, ClusterState state) {
        return BruteForcePlacement.score(job, p, state, 1).extraCost();
    }
}

package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.sim.ClusterState;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The solver's optimum against exhaustive enumeration ({@link BruteForcePlacement}) on random small
 * instances: random clusters of 1-5 VMs, busy states, penalties, job types, deadlines and β. Both
 * must agree on whether the job fits, on whether its deadline can be met, and on the optimal
 * objective value (to 10^-8 of the normalised objective: the solver breaks exact ties by fewer VMs
 * and rounds coefficients to 2^-40).
 */
class MilpCrossCheckTest {

    private static final double TOLERANCE = 1e-8;
    private static final double[] BETAS = {1, 1, 0, 0.5, 0.25};

    @Test
    void cpSatAgreesWithEnumerationOnRandomSmallInstances() {
        crossCheck(MilpSolver.CP_SAT, 0, 500);
    }

    @Test
    void scipAgreesWithEnumerationToo() {
        crossCheck(MilpSolver.SCIP, 100_000, 100);
    }

    /**
     * Checks random instances from {@code firstSeed} on until {@code wanted} of them had a job that
     * fits (those where it does not are checked too: both must refuse).
     */
    private static void crossCheck(MilpSolver solverKind, long firstSeed, int wanted) {
        int placed = 0;
        int refused = 0;
        int onTimeChoices = 0;
        for (long seed = firstSeed; placed < wanted; seed++) {
            UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(seed);
            ClusterState state = RandomInstances.state(rng, 1, 5);
            Job job = RandomInstances.job(rng, 99, true);
            double beta = BETAS[rng.nextInt(BETAS.length)];
            Milp milp = new Milp(MilpOptions.defaults().withBeta(beta).withSolver(solverKind));
            String where = "seed " + seed + ", beta " + beta + ", " + job + ", " + state.durationModel();

            Placement exact = BruteForcePlacement.solve(job, state, beta);
            Placement solved = milp.place(job, state);
            assertThat(solved.isNone()).as(where).isEqualTo(exact.isNone());
            if (exact.isNone()) {
                assertThat(milp.solverCounts().solverCalls()).as(where).isZero();
                refused++;
                continue;
            }
            placed++;
            assertThat(state.validate(job, solved)).as(where + " " + solved).isNull();
            BruteForcePlacement.Score best = BruteForcePlacement.score(job, exact, state, beta);
            BruteForcePlacement.Score got = BruteForcePlacement.score(job, solved, state, beta);
            assertThat(got.missesDeadline()).as(where + ": deadline").isEqualTo(best.missesDeadline());
            assertThat(got.value()).as(where + ": objective of " + solved + " vs " + exact)
                    .isCloseTo(best.value(), org.assertj.core.data.Offset.offset(TOLERANCE));
            assertThat(milp.solverCounts().provenOptimal()).as(where).isEqualTo(1);
            if (job.hasDeadline() && !best.missesDeadline()) {
                onTimeChoices++;
            }
        }
        assertThat(refused).as("instances where the job does not fit").isPositive();
        assertThat(onTimeChoices).as("instances with a deadline that could be met").isPositive();
    }
}

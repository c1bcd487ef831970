package io.execplace.schedulers.milp;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.rules.DurationModel;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.spi.SolverCounts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** Hand-worked decisions, the fallback paths and the options. */
class MilpTest {

    private static final VmType SMALL = new VmType("2c/8GB", 2, 8);
    private static final VmType MEDIUM = new VmType("4c/16GB", 4, 16);
    private static final VmType LARGE = new VmType("8c/32GB", 8, 32);
    private static final DurationModel HYBRID = new DurationModel(false, true, 1.3);
    private static final DurationModel TYPED = new DurationModel(true, false, 1.3);

    private static Job job(JobType type, int executors, int cores, double memoryGb, double base, double deadline) {
        return new Job(1, type, 0, executors, cores, memoryGb, base, deadline);
    }

    private static Job job(JobType type, int executors, int cores, double memoryGb, double base) {
        return job(type, executors, cores, memoryGb, base, Job.NO_DEADLINE);
    }

    private static Milp milp() {
        return new Milp(MilpOptions.defaults());
    }

    @Test
    void turnsOnOneLargerVmWhereGioAndFirstFitTurnOnTwoSmallOnes() {
        // VM0, VM1: 2 cores at 0.002/s; VM2: 8 cores at 0.003/s. Two executors of 2 cores, 100 s.
        // GIO and first fit take the two cheapest VMs: 2 x 0.2 = 0.4; one VM2 costs 0.3.
        Cluster c = Cluster.builder("c").add(SMALL, Site.CLOUD, 2, 0.002).add(LARGE, Site.CLOUD, 1, 0.003).build();
        ClusterState state = new ClusterState(c, DurationModel.none());
        Job job = job(JobType.GENERIC, 2, 2, 4, 100);
        Milp milp = milp();
        Placement p = milp.place(job, state);
        assertThat(p).isEqualTo(Placement.of(2, 2));
        assertThat(new PlacementObjective(job, state, 1).extraCost(p)).isCloseTo(0.3, within(1e-12));
        assertThat(new Gio().place(job, state)).isEqualTo(Placement.of(0, 1));
        assertThat(milp.solverCounts()).isEqualTo(new SolverCounts(1, 1, 0, 0));
    }

    /** VM0: local, idle, holds the job, 0.002/s; VM1: cloud, busy for 500 s more, room for the job. */
    private static ClusterState localIdleCloudBusy() {
        Cluster c = Cluster.builder("c").add(LARGE, Site.LOCAL, 1, 0.002).add(LARGE, Site.CLOUD, 1, 0.004).build();
        ClusterState state = new ClusterState(c, HYBRID);
        state.addExecutor(1, job(JobType.GENERIC, 1, 2, 4, 500), 500);
        return state;
    }

    @Test
    void extendsABusyCloudVmForFreeInsteadOfTurningOnTheIdleLocalOne() {
        // Local only: T_C^L = 100 s on VM0 costs 0.2. On VM1, T_C^H = 130 s < 500 s: costs nothing.
        // GIO goes local because the local VMs can hold the job (HYB Alg. 2).
        ClusterState state = localIdleCloudBusy();
        Job job = job(JobType.GENERIC, 2, 2, 4, 100);
        assertThat(milp().place(job, state)).isEqualTo(Placement.of(1, 1));
        assertThat(new Gio().place(job, state)).isEqualTo(Placement.of(0, 0));
    }

    @Test
    void betaZeroPrefersTheShorterLocalPlacement() {
        ClusterState state = localIdleCloudBusy();
        Job job = job(JobType.GENERIC, 2, 2, 4, 100);
        Milp durationFirst = new Milp(MilpOptions.defaults().withBeta(0));
        assertThat(durationFirst.place(job, state)).isEqualTo(Placement.of(0, 0));
    }

    @Test
    void aDeadlineOnlyTheLocalPlacementMeetsRulesOutTheFreeCloudOne() {
        // Due at 110 s: only T_C^L = 100 s makes it (HYB Eq. 15); 130 s would not.
        ClusterState state = localIdleCloudBusy();
        assertThat(milp().place(job(JobType.GENERIC, 2, 2, 4, 100, 110), state)).isEqualTo(Placement.of(0, 0));
        // Due at 50 s: nothing can make it, so the cheapest placement is taken after all.
        assertThat(milp().place(job(JobType.GENERIC, 2, 2, 4, 100, 50), state)).isEqualTo(Placement.of(1, 1));
    }

    @Test
    void weighsTheTypePenaltyAgainstTheCostOfMoreVms() {
        // Two 4-core VMs at 0.001/s. PageRank on one VM: 0.1 (matches); spread: 2 x 0.13 = 0.26.
        // WordCount spread: 2 x 0.1 = 0.2; on one VM it runs 130 s: 0.13, cheaper despite the penalty.
        Cluster c = Cluster.builder("c").add(MEDIUM, Site.CLOUD, 2, 0.001).build();
        ClusterState state = new ClusterState(c, TYPED);
        assertThat(milp().place(job(JobType.PAGERANK, 2, 2, 4, 100), state).distinctVms()).isEqualTo(1);
        Job wordCount = job(JobType.WORDCOUNT, 2, 2, 4, 100);
        assertThat(milp().place(wordCount, state).distinctVms()).isEqualTo(1);
        // Duration first: the job's preferred layout.
        assertThat(new Milp(MilpOptions.defaults().withBeta(0)).place(wordCount, state))
                .isEqualTo(Placement.of(0, 1));
    }

    @Test
    void refusesWithoutCallingTheSolverWhenTheJobDoesNotFit() {
        Cluster c = Cluster.builder("c").add(SMALL, Site.CLOUD, 2, 0.002).build();
        Milp milp = new Milp(MilpOptions.defaults(), (program, ms) -> {
            throw new AssertionError("solver called");
        });
        assertThat(milp.place(job(JobType.GENERIC, 3, 2, 4, 100), new ClusterState(c, DurationModel.none())).isNone())
                .isTrue();
        assertThat(milp.solverCounts()).isEqualTo(new SolverCounts(0, 0, 0, 0));
    }

    @Test
    void identicalIdleVmsFormOneClassPerTypeAndSite() {
        Cluster large = ClusterPresets.hybridLarge(PricingModel.MODEL_1);
        ClusterState state = new ClusterState(large, DurationModel.defaultsFor(large, false));
        VmClasses classes = new VmClasses();
        classes.build(job(JobType.GENERIC, 8, 1, 1, 100), state);
        assertThat(large.size()).isEqualTo(180);
        assertThat(classes.size()).isEqualTo(6);
        // Eight 1-core executors: two local m1.large (4 cores, 2 x 0.001/s) cost as much as one
        // local m1.xlarge (8 cores, 0.002/s); the tie goes to fewer VMs.
        Placement p = milp().place(job(JobType.GENERIC, 8, 1, 1, 100), state);
        assertThat(p.distinctVms()).isEqualTo(1);
        assertThat(large.vm(p.vm(0)).site()).isEqualTo(Site.LOCAL);
        assertThat(large.vm(p.vm(0)).type()).isEqualTo(VmType.M1_XLARGE);
    }

    // ---- fallbacks -------------------------------------------------------------------------

    private static final Job TWO_SMALL = job(JobType.GENERIC, 2, 2, 4, 100);

    private static ClusterState twoSmallOneLarge() {
        Cluster c = Cluster.builder("c").add(SMALL, Site.CLOUD, 2, 0.002).add(LARGE, Site.CLOUD, 1, 0.003).build();
        return new ClusterState(c, DurationModel.none());
    }

    @Test
    void noSolutionInTimeFallsBackToGio() {
        Milp milp = new Milp(MilpOptions.defaults(),
                (program, ms) -> new IntegerProgramSolver.Result(IntegerProgramSolver.Status.NO_SOLUTION, null));
        assertThat(milp.place(TWO_SMALL, twoSmallOneLarge())).isEqualTo(Placement.of(0, 1));
        assertThat(milp.solverCounts()).isEqualTo(new SolverCounts(1, 0, 1, 1));
    }

    @Test
    void solverFailureOrAnInvalidAnswerFallsBackToGio() {
        Milp failing = new Milp(MilpOptions.defaults(),
                (program, ms) -> new IntegerProgramSolver.Result(IntegerProgramSolver.Status.ERROR, null));
        assertThat(failing.place(TWO_SMALL, twoSmallOneLarge())).isEqualTo(Placement.of(0, 1));
        assertThat(failing.solverCounts()).isEqualTo(new SolverCounts(1, 0, 0, 1));

        Milp lying = new Milp(MilpOptions.defaults(), (program, ms) ->
                new IntegerProgramSolver.Result(IntegerProgramSolver.Status.OPTIMAL, new long[program.variables()]));
        assertThat(lying.place(TWO_SMALL, twoSmallOneLarge())).isEqualTo(Placement.of(0, 1));
        assertThat(lying.solverCounts()).isEqualTo(new SolverCounts(1, 0, 0, 1));
    }

    @Test
    void aTimedOutSolutionIsKeptWhenItBeatsGio() {
        CpSatProgramSolver real = new CpSatProgramSolver();
        Milp milp = new Milp(MilpOptions.defaults(), (program, ms) ->
                new IntegerProgramSolver.Result(IntegerProgramSolver.Status.FEASIBLE, real.solve(program, ms).values()));
        assertThat(milp.place(TWO_SMALL, twoSmallOneLarge())).isEqualTo(Placement.of(2, 2));
        assertThat(milp.solverCounts()).isEqualTo(new SolverCounts(1, 0, 1, 0));
    }

    @Test
    void aTimedOutSolutionWorseThanGioIsReplacedByGio() {
        // The "best found" here is the worst solution there is: the program maximised.
        CpSatProgramSolver real = new CpSatProgramSolver();
        Milp milp = new Milp(MilpOptions.defaults(), (program, ms) ->
                new IntegerProgramSolver.Result(IntegerProgramSolver.Status.FEASIBLE,
                        real.solve(negated(program), ms).values()));
        Placement p = milp.place(TWO_SMALL, twoSmallOneLarge());
        assertThat(p).isEqualTo(Placement.of(0, 1));
        assertThat(milp.solverCounts()).isEqualTo(new SolverCounts(1, 0, 1, 1));
    }

    private static IntegerProgram negated(IntegerProgram p) {
        IntegerProgram q = new IntegerProgram();
        for (int v = 0; v < p.variables(); v++) {
            q.addVariable(p.lower(v), p.upper(v), -p.objective(v));
        }
        for (int r = 0; r < p.constraints(); r++) {
            q.addConstraint(p.constraintVariables(r), p.constraintCoefficients(r), p.constraintLower(r),
                    p.constraintUpper(r));
        }
        return q;
    }

    // ---- options ---------------------------------------------------------------------------

    @Test
    void badOptionsAreRejectedWithClearMessages() {
        assertThatThrownBy(() -> MilpOptions.defaults().withBeta(-0.5))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beta").hasMessageContaining("-0.5");
        assertThatThrownBy(() -> MilpOptions.defaults().withBeta(Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("beta");
        assertThatThrownBy(() -> MilpOptions.defaults().withTimeLimitMillis(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("time limit");
        assertThatThrownBy(() -> MilpSolver.parse("gurobi"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'gurobi'").hasMessageContaining("cp-sat");
        assertThat(MilpSolver.parse(" SCIP ")).isEqualTo(MilpSolver.SCIP);
    }
}

package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationCase;
import io.execplace.schedulers.heuristics.Gio;
import io.execplace.schedulers.spi.SolverCounts;
import io.execplace.schedulers.spi.SolverStatistics;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code milp}: the exact per-job scheduler of the papers (TPDS "ILP", HYB "MILP"). For every job it
 * places the executors so that the job's extra VM cost (HYB Eq. 16), or with {@code β < 1} the
 * cost/duration mix of TPDS Eq. 6, is the least possible given the VMs' free cores and memory, with
 * the duration penalties of the run (hybrid ×1.3, type mismatch ×1.3) taken into account; see
 * {@link PlacementObjective} and {@link PlacementFormulation}. The program is solved by CP-SAT (or
 * SCIP) within a per-decision time limit; when the limit is hit the best placement found is used,
 * or, if the solver found none, {@link Gio}'s. The policy never waits when the job fits: like the
 * heuristics it returns none only when the free resources cannot hold the job.
 *
 * <p>{@code milp-elastic} ({@link #elastic}) is the same program with, on an elastic cluster's node
 * slots, what a node costs beyond its price: a slot not bought billed with its launch delay and its
 * pool's minimum, a spot node's expected interruption cost, and a node ready too late for the
 * deadline penalised ({@link SlotCost}). On a fixed cluster it decides exactly as {@code milp}.
 *
 * <p>Deterministic for a given state as long as no decision hits the time limit (the solver runs
 * one worker with a fixed seed). {@link #solverCounts()} tells how the run's decisions ended.
 */
public final class Milp implements PlacementPolicy, SolverStatistics {

    /** Registry name. */
    public static final String NAME = "milp";
    /** Registry name of the variant that prices launches and spot interruptions. */
    public static final String ELASTIC_NAME = "milp-elastic";

    private final MilpOptions options;
    private final VmClasses classes = new VmClasses();
    private final Gio fallback = new Gio();
    private final IntegerProgramSolver solver;
    private final boolean elastic;

    private long solverCalls;
    private long provenOptimal;
    private long timedOut;
    private long fallbacks;

    /**
     * A policy with the given β, time limit and solver. The solver is made here, not at the first
     * decision, so that loading OR-Tools' native libraries (a few hundred ms, once per JVM) never
     * counts as scheduling delay.
     */
    public Milp(MilpOptions options) {
        this(options, checked(options).solver().newSolver(), false);
    }

    /** {@code milp-elastic}: {@code milp} that prices launches and spot interruptions on elastic clusters. */
    public static Milp elastic(MilpOptions options) {
        return new Milp(options, checked(options).solver().newSolver(), true);
    }

    /** A policy that uses {@code solver} instead of the one the options name (tests inject failures). */
    Milp(MilpOptions options, IntegerProgramSolver solver) {
        this(options, solver, false);
    }

    private Milp(MilpOptions options, IntegerProgramSolver solver, boolean elastic) {
        this.options = checked(options);
        this.solver = solver;
        this.elastic = elastic;
    }

    private static MilpOptions checked(MilpOptions options) {
        if (options == null) {
            throw new IllegalArgumentException("milp options are missing");
        }
        return options;
    }

    @Override
    public String name() {
        return elastic ? ELASTIC_NAME : NAME;
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        boolean priced = elastic && cluster.cluster().pools() != null;
        classes.build(job, cluster, priced);
        PlacementObjective objective = new PlacementObjective(job, cluster, options.beta());
        List<DurationCase> cases = feasibleCases(job, cluster, objective);
        if (cases.isEmpty()) {
            return Placement.none(); // the free resources cannot hold the job
        }
        PlacementFormulation formulation = new PlacementFormulation(job, classes, cases, objective,
                priced ? new SlotCost(job, cluster) : null);
        IntegerProgram program = formulation.program();
        solverCalls++;
        IntegerProgramSolver.Result result = solver.solve(program, options.timeLimitMillis());
        boolean usable = result.hasSolution() && program.isFeasible(result.values());
        if (result.status() == IntegerProgramSolver.Status.FEASIBLE
                || result.status() == IntegerProgramSolver.Status.NO_SOLUTION) {
            timedOut++;
        }
        if (!usable) {
            fallbacks++;
            return fallback.place(job, cluster);
        }
        Placement placement = formulation.decode(result.values());
        if (result.status() == IntegerProgramSolver.Status.OPTIMAL) {
            provenOptimal++;
            return placement;
        }
        // Timed out with a solution: keep it unless the fallback heuristic happens to do better.
        Placement heuristic = fallback.place(job, cluster);
        if (!heuristic.isNone() && objective.value(heuristic) < objective.value(placement)) {
            fallbacks++;
            return heuristic;
        }
        return placement;
    }

    /**
     * The job's duration cases whose VMs can hold it now; if the job has a deadline that some of
     * them meet, only those (HYB Eq. 15).
     */
    private List<DurationCase> feasibleCases(Job job, ClusterView cluster, PlacementObjective objective) {
        List<DurationCase> feasible = new ArrayList<>(4);
        for (DurationCase c : cluster.durationModel().cases(job)) {
            if (PlacementFormulation.canHold(job, classes, c)) {
                feasible.add(c);
            }
        }
        List<DurationCase> onTime = new ArrayList<>(feasible.size());
        for (DurationCase c : feasible) {
            if (objective.meetsDeadline(c.duration())) {
                onTime.add(c);
            }
        }
        return onTime.isEmpty() ? feasible : onTime;
    }

    @Override
    public SolverCounts solverCounts() {
        return new SolverCounts(solverCalls, provenOptimal, timedOut, fallbacks);
    }
}

package io.execplace.schedulers.milp;

import io.execplace.core.io.Choices;
import java.util.function.Supplier;

/**
 * The solvers {@code milp} can hand its per-job integer program to. Both come with OR-Tools from
 * Maven Central; CP-SAT is the default because it is the faster of the two on these small
 * programs (see docs/milp.md for the measurements).
 */
public enum MilpSolver {
    /** OR-Tools CP-SAT, one worker, presolve off (the programs are too small to gain from it). */
    CP_SAT("cp-sat", CpSatProgramSolver::new),
    /** SCIP through OR-Tools' linear solver wrapper (branch and cut, as the HYB paper's MILP). */
    SCIP("scip", ScipProgramSolver::new);

    private final String key;
    private final Supplier<IntegerProgramSolver> factory;

    MilpSolver(String key, Supplier<IntegerProgramSolver> factory) {
        this.key = key;
        this.factory = factory;
    }

    /** The name used on the command line and in scenario files. */
    public String key() {
        return key;
    }

    /** A fresh solver instance (loads OR-Tools' native libraries on first use). */
    IntegerProgramSolver newSolver() {
        return factory.get();
    }

    /** Parses {@code cp-sat} or {@code scip}, ignoring case. */
    public static MilpSolver parse(String text) {
        return Choices.parse(values(), MilpSolver::key, text, "milp solver");
    }
}

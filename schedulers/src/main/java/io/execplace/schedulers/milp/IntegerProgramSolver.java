package io.execplace.schedulers.milp;

/** Solves an {@link IntegerProgram} within a wall-time limit. One instance serves one thread. */
interface IntegerProgramSolver {

    /** How a solve ended. */
    enum Status {
        /** The values are an optimal solution, proven. */
        OPTIMAL,
        /** The time limit was hit; the values are the best solution found. */
        FEASIBLE,
        /** The time limit was hit before any solution was found. */
        NO_SOLUTION,
        /** The program has no solution. */
        INFEASIBLE,
        /** The solver failed or rejected the program. */
        ERROR
    }

    /**
     * The outcome of a solve.
     *
     * @param status how it ended
     * @param values one value per variable for {@code OPTIMAL} and {@code FEASIBLE}, else null
     */
    record Result(Status status, long[] values) {

        boolean hasSolution() {
            return status == Status.OPTIMAL || status == Status.FEASIBLE;
        }
    }

    Result solve(IntegerProgram program, long timeLimitMillis);
}

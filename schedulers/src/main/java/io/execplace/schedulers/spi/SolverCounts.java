package io.execplace.schedulers.spi;

/**
 * How an exact scheduler's decisions ended in one run. Decisions where the job did not fit the free
 * resources never reach the solver and are not counted.
 *
 * @param solverCalls   decisions handed to the solver
 * @param provenOptimal of those, decisions whose placement the solver proved optimal
 * @param timedOut      decisions that hit the time limit (the best placement found was used)
 * @param fallbacks     decisions where the solver gave no placement (time limit before any, or a
 *                      solver failure) and the fallback heuristic placed the job
 */
public record SolverCounts(long solverCalls, long provenOptimal, long timedOut, long fallbacks) {

    public SolverCounts {
        if (solverCalls < 0 || provenOptimal < 0 || timedOut < 0 || fallbacks < 0) {
            throw new IllegalArgumentException("solver counts must be >= 0");
        }
    }

    /** Share of solver calls proven optimal, in %; NaN without calls. */
    public double provenOptimalPercent() {
        return solverCalls == 0 ? Double.NaN : 100.0 * provenOptimal / solverCalls;
    }
}

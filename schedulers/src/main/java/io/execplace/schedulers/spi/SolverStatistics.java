package io.execplace.schedulers.spi;

/**
 * Implemented by placement policies that solve each decision with an exact solver, so that runners
 * can report, after a run, how many decisions were proven optimal or timed out.
 */
public interface SolverStatistics {

    /** The counts since the policy was created (policies are made fresh for every run). */
    SolverCounts solverCounts();
}

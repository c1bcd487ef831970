package io.execplace.schedulers.milp;

import io.execplace.schedulers.spi.SchedulerOptions;

/**
 * Settings of the {@code milp} scheduler (and of the milp candidates {@code lookahead} scores).
 *
 * @param beta            weight of cost against duration in the per-job objective of TPDS Eq. 6, in
 *                        [0, 1]: 1 = cost only (the default, HYB Eq. 16), 0 = duration only
 * @param timeLimitMillis wall-time limit of one decision, in milliseconds (&gt; 0)
 * @param solver          the solver used
 */
public record MilpOptions(double beta, long timeLimitMillis, MilpSolver solver) {

    /** Default time limit per decision: far above the few milliseconds a decision takes. */
    public static final long DEFAULT_TIME_LIMIT_MILLIS = 1000;

    private static final MilpOptions DEFAULTS = new MilpOptions(1, DEFAULT_TIME_LIMIT_MILLIS, MilpSolver.CP_SAT);

    public MilpOptions {
        if (!(beta >= 0 && beta <= 1)) {
            throw new IllegalArgumentException("beta must be between 0 and 1 (1 = cost only, 0 = duration only), got "
                    + beta);
        }
        if (timeLimitMillis <= 0) {
            throw new IllegalArgumentException("the milp time limit must be a positive number of milliseconds, got "
                    + timeLimitMillis);
        }
        if (solver == null) {
            throw new IllegalArgumentException("milp solver is missing");
        }
    }

    /** Cost only, 1 s per decision, CP-SAT. */
    public static MilpOptions defaults() {
        return DEFAULTS;
    }

    /** The run's {@code milp} settings, or the defaults when the run sets none. */
    public static MilpOptions of(SchedulerOptions options) {
        return options.get(MilpOptions.class, DEFAULTS);
    }

    public MilpOptions withBeta(double b) {
        return new MilpOptions(b, timeLimitMillis, solver);
    }

    public MilpOptions withTimeLimitMillis(long ms) {
        return new MilpOptions(beta, ms, solver);
    }

    public MilpOptions withSolver(MilpSolver s) {
        return new MilpOptions(beta, timeLimitMillis, s);
    }
}

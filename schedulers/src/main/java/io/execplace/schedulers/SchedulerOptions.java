package io.execplace.schedulers;

import io.execplace.schedulers.lookahead.LookaheadOptions;
import io.execplace.schedulers.milp.MilpSolver;

/**
 * Settings that tune schedulers for one run, passed to every factory registered with {@link
 * SchedulerRegistry#withConfigurable}; schedulers that have nothing to tune ignore them.
 *
 * @param beta                weight of cost against duration in the per-job objective of TPDS Eq. 6,
 *                            in [0, 1]: 1 = cost only (the default, HYB Eq. 16), 0 = duration only
 * @param milpTimeLimitMillis wall-time limit of one {@code milp} decision, in milliseconds (&gt; 0)
 * @param milpSolver          the solver {@code milp} uses
 * @param lookahead           settings of {@code lookahead}
 */
public record SchedulerOptions(double beta, long milpTimeLimitMillis, MilpSolver milpSolver,
                               LookaheadOptions lookahead) {

    /** Options with {@code lookahead}'s defaults. */
    public SchedulerOptions(double beta, long milpTimeLimitMillis, MilpSolver milpSolver) {
        this(beta, milpTimeLimitMillis, milpSolver, LookaheadOptions.defaults());
    }

    /** Default {@code milp} time limit per decision: far above the few milliseconds a decision takes. */
    public static final long DEFAULT_MILP_TIME_LIMIT_MILLIS = 1000;

    public SchedulerOptions {
        if (!(beta >= 0 && beta <= 1)) {
            throw new IllegalArgumentException("beta must be between 0 and 1 (1 = cost only, 0 = duration only), got "
                    + beta);
        }
        if (milpTimeLimitMillis <= 0) {
            throw new IllegalArgumentException("the milp time limit must be a positive number of milliseconds, got "
                    + milpTimeLimitMillis);
        }
        if (milpSolver == null) {
            throw new IllegalArgumentException("milp solver is missing");
        }
        if (lookahead == null) {
            throw new IllegalArgumentException("lookahead options are missing");
        }
    }

    /** Cost only, 1 s per decision, CP-SAT. */
    public static SchedulerOptions defaults() {
        return new SchedulerOptions(1, DEFAULT_MILP_TIME_LIMIT_MILLIS, MilpSolver.CP_SAT);
    }

    public SchedulerOptions withBeta(double b) {
        return new SchedulerOptions(b, milpTimeLimitMillis, milpSolver, lookahead);
    }

    public SchedulerOptions withMilpTimeLimitMillis(long ms) {
        return new SchedulerOptions(beta, ms, milpSolver, lookahead);
    }

    public SchedulerOptions withMilpSolver(MilpSolver s) {
        return new SchedulerOptions(beta, milpTimeLimitMillis, s, lookahead);
    }

    public SchedulerOptions withLookahead(LookaheadOptions l) {
        return new SchedulerOptions(beta, milpTimeLimitMillis, milpSolver, l);
    }
}

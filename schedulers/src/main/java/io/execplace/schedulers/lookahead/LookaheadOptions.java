package io.execplace.schedulers.lookahead;

import io.execplace.schedulers.spi.SchedulerOptions;

import java.util.Locale;

/**
 * Settings of the {@code lookahead} scheduler.
 *
 * @param horizon    future arrivals each rollout simulates (0 = act exactly as the rollout policy)
 * @param candidates placements scored per decision (the rollout policy's own first, then milp's and
 *                   the heuristics', distinct ones only); waiting is scored besides them
 * @param rollout    the fast policy that places every job of a rollout: any scheduler of the registry
 *                   that makes the {@code lookahead} policy but {@code lookahead} itself, a trained
 *                   agent ({@code agent:PATH}) included
 * @param samples    sampled futures per decision; every candidate is scored on the same ones
 * @param margin     another candidate replaces the first (milp's) only if its mean rollout cost is
 *                   lower by more than this fraction (0 = any saving; sampled futures are noisy)
 * @param proposer   a scheduler whose placement is scored as a candidate right after milp's (e.g. a
 *                   trained agent, {@code agent:PATH}, whose rollouts would be too slow), or "" for none
 * @param objective  what a rollout scores: {@value #COST} (the VM cost from now on) or {@value #TARGET}
 *                   (that cost plus, for every job of the rollout that misses its deadline, the cost
 *                   worth as much of HJS Eq. 5's Target as one deadline: {@code C_max / D_num})
 * @param missGuard  on elastic clusters, when a candidate misses too many deadlines to replace the
 *                   rollout policy's decision: {@value #EVERY} (more than it on any future) or
 *                   {@value #MEAN} (more than it over all the futures together)
 */
public record LookaheadOptions(int horizon, int candidates, String rollout, int samples, double margin,
                               String proposer, String objective, String missGuard) {

    public static final String COST = "cost";
    public static final String TARGET = "target";
    public static final String EVERY = "every";
    public static final String MEAN = "mean";

    public static final int DEFAULT_HORIZON = 10;
    public static final int DEFAULT_CANDIDATES = 4;
    public static final String DEFAULT_ROLLOUT = "first-fit-fullest";
    public static final int DEFAULT_SAMPLES = 4;
    public static final double DEFAULT_MARGIN = 0.02;

    public LookaheadOptions {
        objective = objective == null ? COST : objective.trim().toLowerCase(Locale.ROOT);
        if (!objective.equals(COST) && !objective.equals(TARGET)) {
            throw new IllegalArgumentException("the lookahead objective must be cost or target, got '" + objective + "'");
        }
        missGuard = missGuard == null ? EVERY : missGuard.trim().toLowerCase(Locale.ROOT);
        if (!missGuard.equals(EVERY) && !missGuard.equals(MEAN)) {
            throw new IllegalArgumentException("the lookahead miss guard must be every or mean, got '" + missGuard + "'");
        }
        proposer = proposer == null ? "" : proposer.trim();
        if (proposer.equals(Lookahead.NAME)) {
            throw new IllegalArgumentException("the lookahead proposer must be a scheduler other than lookahead");
        }
        if (horizon < 0 || horizon > 10_000) {
            throw new IllegalArgumentException("the lookahead horizon must be between 0 and 10000 jobs, got " + horizon);
        }
        if (candidates < 1 || candidates > 16) {
            throw new IllegalArgumentException("lookahead candidates must be between 1 and 16, got " + candidates);
        }
        if (rollout == null || rollout.isBlank()) {
            throw new IllegalArgumentException("the lookahead rollout policy is missing");
        }
        // Fixed names are case-insensitive; a family's argument (an agent's path) is kept as written.
        rollout = rollout.trim();
        if (rollout.indexOf(':') < 0) {
            rollout = rollout.toLowerCase(Locale.ROOT);
        }
        if (rollout.equals(Lookahead.NAME)) {
            throw new IllegalArgumentException("the lookahead rollout policy must be a scheduler other than "
                    + "lookahead, got '" + rollout + "'");
        }
        if (samples < 1 || samples > 1000) {
            throw new IllegalArgumentException("lookahead samples must be between 1 and 1000, got " + samples);
        }
        if (!(margin >= 0 && margin < 1)) {
            throw new IllegalArgumentException("the lookahead margin must be at least 0 and below 1, got " + margin);
        }
    }

    public static LookaheadOptions defaults() {
        return new LookaheadOptions(DEFAULT_HORIZON, DEFAULT_CANDIDATES, DEFAULT_ROLLOUT, DEFAULT_SAMPLES, DEFAULT_MARGIN, "", COST, EVERY);
    }

    /** The run's {@code lookahead} settings, or the defaults when the run sets none. */
    public static LookaheadOptions of(SchedulerOptions options) {
        return options.get(LookaheadOptions.class, defaults());
    }

    public LookaheadOptions withHorizon(int h) {
        return new LookaheadOptions(h, candidates, rollout, samples, margin, proposer, objective, missGuard);
    }

    public LookaheadOptions withCandidates(int c) {
        return new LookaheadOptions(horizon, c, rollout, samples, margin, proposer, objective, missGuard);
    }

    public LookaheadOptions withRollout(String r) {
        return new LookaheadOptions(horizon, candidates, r, samples, margin, proposer, objective, missGuard);
    }

    public LookaheadOptions withSamples(int s) {
        return new LookaheadOptions(horizon, candidates, rollout, s, margin, proposer, objective, missGuard);
    }

    public LookaheadOptions withMargin(double m) {
        return new LookaheadOptions(horizon, candidates, rollout, samples, m, proposer, objective, missGuard);
    }

    public LookaheadOptions withProposer(String p) {
        return new LookaheadOptions(horizon, candidates, rollout, samples, margin, p, objective, missGuard);
    }

    public LookaheadOptions withObjective(String o) {
        return new LookaheadOptions(horizon, candidates, rollout, samples, margin, proposer, o, missGuard);
    }

    public LookaheadOptions withMissGuard(String g) {
        return new LookaheadOptions(horizon, candidates, rollout, samples, margin, proposer, objective, g);
    }

    /** True when a candidate is held to the rollout policy's misses over all futures together, not on each. */
    public boolean guardsMean() {
        return missGuard.equals(MEAN);
    }

    /** True when rollouts score HJS's Target (cost and deadlines) rather than cost alone. */
    public boolean scoresTarget() {
        return objective.equals(TARGET);
    }
}

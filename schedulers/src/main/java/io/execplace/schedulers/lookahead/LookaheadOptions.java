package io.execplace.schedulers.lookahead;

import java.util.Locale;

/**
 * Settings of the {@code lookahead} scheduler.
 *
 * @param horizon    future arrivals each rollout simulates (0 = act exactly as the rollout policy)
 * @param candidates placements scored per decision (the rollout policy's own first, then milp's and
 *                   the heuristics', distinct ones only); waiting is scored besides them
 * @param rollout    the fast policy that places every job of a rollout (a built-in scheduler name)
 * @param samples    sampled futures per decision; every candidate is scored on the same ones
 */
public record LookaheadOptions(int horizon, int candidates, String rollout, int samples) {

    public static final int DEFAULT_HORIZON = 10;
    public static final int DEFAULT_CANDIDATES = 4;
    public static final String DEFAULT_ROLLOUT = "first-fit";
    public static final int DEFAULT_SAMPLES = 4;

    public LookaheadOptions {
        if (horizon < 0 || horizon > 10_000) {
            throw new IllegalArgumentException("the lookahead horizon must be between 0 and 10000 jobs, got " + horizon);
        }
        if (candidates < 1 || candidates > 16) {
            throw new IllegalArgumentException("lookahead candidates must be between 1 and 16, got " + candidates);
        }
        if (rollout == null || rollout.isBlank()) {
            throw new IllegalArgumentException("the lookahead rollout policy is missing");
        }
        rollout = rollout.trim().toLowerCase(Locale.ROOT);
        if (rollout.equals(Lookahead.NAME) || rollout.indexOf(':') >= 0) {
            throw new IllegalArgumentException("the lookahead rollout policy must be a built-in scheduler other than "
                    + "lookahead, got '" + rollout + "'");
        }
        if (samples < 1 || samples > 1000) {
            throw new IllegalArgumentException("lookahead samples must be between 1 and 1000, got " + samples);
        }
    }

    public static LookaheadOptions defaults() {
        return new LookaheadOptions(DEFAULT_HORIZON, DEFAULT_CANDIDATES, DEFAULT_ROLLOUT, DEFAULT_SAMPLES);
    }

    public LookaheadOptions withHorizon(int h) {
        return new LookaheadOptions(h, candidates, rollout, samples);
    }

    public LookaheadOptions withCandidates(int c) {
        return new LookaheadOptions(horizon, c, rollout, samples);
    }

    public LookaheadOptions withRollout(String r) {
        return new LookaheadOptions(horizon, candidates, r, samples);
    }

    public LookaheadOptions withSamples(int s) {
        return new LookaheadOptions(horizon, candidates, rollout, s);
    }
}

package io.execplace.kubernetes.run;

import java.time.Duration;

/**
 * How bindings are sent and counted; build from {@link #DEFAULTS} with the withers.
 *
 * @param attempts  {@code --bind-attempts}: attempts per binding (and per status write) on 429/5xx answers
 * @param backoff   the wait between two attempts
 * @param assumeTtl how long a binding this scheduler made counts before the informer shows it (then the API decides)
 */
public record BindSettings(int attempts, Duration backoff, Duration assumeTtl) {

    /** 3 attempts 100 ms apart, bindings assumed for 30 s. */
    public static final BindSettings DEFAULTS = new BindSettings(3, Duration.ofMillis(100), Duration.ofSeconds(30));

    public BindSettings {
        if (attempts < 1 || attempts > 100) {
            throw new IllegalArgumentException("--bind-attempts must be between 1 and 100, got " + attempts);
        }
        if (backoff == null || backoff.isNegative() || assumeTtl == null || assumeTtl.isNegative() || assumeTtl.isZero()) {
            throw new IllegalArgumentException("bind back-off must be >= 0 and the assume TTL > 0");
        }
    }

    public BindSettings withAttempts(int v) {
        return new BindSettings(v, backoff, assumeTtl);
    }

    public BindSettings withBackoff(Duration v) {
        return new BindSettings(attempts, v, assumeTtl);
    }

    public BindSettings withAssumeTtl(Duration v) {
        return new BindSettings(attempts, backoff, v);
    }
}

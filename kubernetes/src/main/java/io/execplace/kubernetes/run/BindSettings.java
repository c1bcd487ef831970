package io.execplace.kubernetes.run;

import java.time.Duration;

/**
 * How bindings are sent and counted. Built by {@link SchedulerSettings.Builder}, one named setter a
 * setting.
 *
 * @param attempts  {@code --bind-attempts}: attempts per binding (and per status write) on 429/5xx answers
 * @param backoff   the wait between two attempts
 * @param assumeTtl how long a binding this scheduler made counts before the informer shows it (then the API decides)
 */
record BindSettings(int attempts, Duration backoff, Duration assumeTtl) {

    BindSettings {
        if (attempts < 1 || attempts > 100) {
            throw new IllegalArgumentException("--bind-attempts must be between 1 and 100, got " + attempts);
        }
        if (backoff == null || backoff.isNegative() || assumeTtl == null || assumeTtl.isNegative() || assumeTtl.isZero()) {
            throw new IllegalArgumentException("bind back-off must be >= 0 and the assume TTL > 0");
        }
    }
}

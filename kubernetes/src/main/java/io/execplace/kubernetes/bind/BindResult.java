package io.execplace.kubernetes.bind;

import java.time.Duration;

/**
 * How one binding request ended.
 *
 * @param outcome  bound, conflict (the pod is already bound: never retried), gone (pod deleted) or failed
 * @param attempts requests sent
 * @param detail   the server's message for anything but success
 * @param retryAfter what the server's last {@code Retry-After} header asked for (zero when none)
 */
public record BindResult(Outcome outcome, int attempts, String detail, Duration retryAfter) {

    public BindResult(Outcome outcome, int attempts, String detail) {
        this(outcome, attempts, detail, Duration.ZERO);
    }

    /** The kinds of ending. */
    public enum Outcome { BOUND, CONFLICT, GONE, FAILED }

    public boolean bound() {
        return outcome == Outcome.BOUND;
    }
}

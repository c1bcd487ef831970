package io.execplace.kubernetes.bind;

/**
 * How one binding request ended.
 *
 * @param outcome  bound, conflict (the pod is already bound: never retried), gone (pod deleted) or failed
 * @param attempts requests sent
 * @param detail   the server's message for anything but success
 */
public record BindResult(Outcome outcome, int attempts, String detail) {

    /** The kinds of ending. */
    public enum Outcome { BOUND, CONFLICT, GONE, FAILED }

    public boolean bound() {
        return outcome == Outcome.BOUND;
    }
}

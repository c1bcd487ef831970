package io.execplace.liu.model;

import java.util.Locale;

/** The three application categories of LIU §III. */
public enum AppCategory {
    /** Regular, non-time-critical: no deadline. */
    REGULAR,
    /** Non-streaming time-critical: one run with a deadline counted from its arrival. */
    TIME_CRITICAL,
    /** Streaming time-critical: repeated batches, each with its own deadline counted from its release. */
    STREAMING;

    /** Lower-case label used in files and reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** True for both time-critical categories. */
    public boolean timeCritical() {
        return this != REGULAR;
    }
}

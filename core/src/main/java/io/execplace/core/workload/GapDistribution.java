package io.execplace.core.workload;

import io.execplace.core.io.Choices;
import java.util.Locale;

/** How HYB inter-arrival gaps are drawn around their mean. */
public enum GapDistribution {
    /** Whole seconds from a Poisson distribution, as the HYB reference simulator's traces have them. */
    POISSON,
    /** Continuous exponential gaps: a Poisson arrival process in continuous time. */
    EXPONENTIAL;

    /** Lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code poisson} or {@code exponential}, ignoring case. */
    public static GapDistribution parse(String text) {
        return Choices.parse(values(), GapDistribution::label, text, "gap distribution");
    }
}

package io.execplace.core.model;

import io.execplace.core.io.Choices;
import java.util.Locale;

/** Where a VM runs: on the organisation's own premises or rented from a cloud provider (HYB §4). */
public enum Site {
    LOCAL,
    CLOUD;

    /** The lower-case name used in files and traces ({@code local} or {@code cloud}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code local} or {@code cloud}, ignoring case. */
    public static Site parse(String text) {
        return Choices.parse(values(), Site::label, text, "site");
    }
}

package io.execplace.core.rules;

import io.execplace.core.io.Choices;

/**
 * How a VM's busy time turns into money. The papers (and both reference simulators) charge the
 * exact busy seconds ({@link #EXACT}); cloud providers round each rental up.
 */
public enum Billing {
    /** Price × busy seconds, no rounding (the papers' rule and the default). */
    EXACT("exact", "price x busy seconds, no rounding (the papers' rule)"),
    /** Each busy interval billed per started second with a 60 s minimum (as EC2 Linux on-demand). */
    PER_SECOND_MIN_60("per-second", "each busy interval per started second, minimum 60 s"),
    /** Each busy interval billed per started hour. */
    HOURLY("hourly", "each busy interval per started hour");

    private final String key;
    private final String description;

    Billing(String key, String description) {
        this.key = key;
        this.description = description;
    }

    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /** Billed seconds for one continuous busy interval of the given length. */
    public double billedSeconds(double busySeconds) {
        return switch (this) {
            case EXACT -> busySeconds;
            case PER_SECOND_MIN_60 -> Math.max(60, Math.ceil(busySeconds - 1e-9));
            case HOURLY -> Math.ceil(busySeconds / 3600 - 1e-12) * 3600;
        };
    }

    public static Billing parse(String text) {
        return Choices.parse(values(), Billing::key, text, "billing");
    }
}

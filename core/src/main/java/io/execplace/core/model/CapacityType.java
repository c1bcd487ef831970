package io.execplace.core.model;

import io.execplace.core.io.Choices;

/** How a node is bought: on-demand (kept until released) or spot (cheaper, taken back with notice). */
public enum CapacityType {
    ON_DEMAND("on-demand"),
    SPOT("spot");

    private final String key;

    CapacityType(String key) {
        this.key = key;
    }

    /** The spelling in files and on the command line ({@code on-demand}, {@code spot}), as Karpenter's label values. */
    public String key() {
        return key;
    }

    public static CapacityType parse(String text) {
        return Choices.parse(values(), CapacityType::key, text, "capacity type");
    }
}

package io.execplace.core.model;

import io.execplace.core.io.Choices;

/**
 * The HYB paper's VM pricing models (Table 3): price per second of m1.large, m1.xlarge and
 * m2.xlarge VMs in the cloud and on premises.
 */
public enum PricingModel {
    MODEL_1("1", new double[]{0.004, 0.008, 0.012}, new double[]{0.001, 0.002, 0.003},
            "cloud 4x local"),
    MODEL_2("2", new double[]{0.002, 0.004, 0.006}, new double[]{0.001, 0.002, 0.003},
            "cloud 2x local"),
    MODEL_3("3", new double[]{0.002, 0.004, 0.006}, new double[]{0, 0, 0},
            "local VMs free"),
    MODEL_4("4", new double[]{0.002, 0.004, 0.006}, new double[]{0.002, 0.004, 0.006},
            "local = cloud"),
    REAL("real", new double[]{0.24 / 3600, 0.48 / 3600, 0.72 / 3600}, new double[]{0.12 / 3600, 0.24 / 3600, 0.36 / 3600},
            "AWS-like $/h, local half price");

    private final String key;
    private final double[] cloud;
    private final double[] local;
    private final String description;

    PricingModel(String key, double[] cloud, double[] local, String description) {
        this.key = key;
        this.cloud = cloud;
        this.local = local;
        this.description = description;
    }

    /** The name used on the command line: {@code 1}, {@code 2}, {@code 3}, {@code 4} or {@code real}. */
    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /**
     * Price per second of a VM of the given HYB size class (0 = m1.large, 1 = m1.xlarge,
     * 2 = m2.xlarge) at the given site.
     */
    public double pricePerSecond(int sizeClass, Site site) {
        return site == Site.CLOUD ? cloud[sizeClass] : local[sizeClass];
    }

    /** Parses {@code 1}..{@code 4} or {@code real}. */
    public static PricingModel parse(String text) {
        return Choices.parse(values(), PricingModel::key, text, "pricing model");
    }
}

package io.execplace.liu.model;

import org.apache.commons.rng.UniformRandomProvider;

/** Whole numbers drawn uniformly from {@code [min, max]}. */
public record IntRange(int min, int max) {

    public IntRange {
        if (min > max) {
            throw new IllegalArgumentException("range [" + min + ", " + max + "] is empty");
        }
    }

    public int sample(UniformRandomProvider rng) {
        return min + rng.nextInt(max - min + 1);
    }

    public double mean() {
        return (min + (double) max) / 2;
    }
}

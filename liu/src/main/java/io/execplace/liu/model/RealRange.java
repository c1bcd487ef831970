package io.execplace.liu.model;

import org.apache.commons.rng.UniformRandomProvider;

/** Real numbers drawn uniformly from {@code [min, max)}. */
public record RealRange(double min, double max) {

    public RealRange {
        if (!(min <= max) || !Double.isFinite(min) || !Double.isFinite(max)) {
            throw new IllegalArgumentException("range [" + min + ", " + max + ") is empty or not finite");
        }
    }

    public double sample(UniformRandomProvider rng) {
        return min + (max - min) * rng.nextDouble();
    }
}

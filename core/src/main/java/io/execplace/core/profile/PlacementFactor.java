package io.execplace.core.profile;

/**
 * A job type's placement factor: how much longer a job runs in the layout that does not suit its
 * type than in the one that does.
 *
 * @param factor        the multiplier the simulator applies, at least 1
 * @param measuredRatio the measured ratio (mean mismatched / mean preferred duration), which may be
 *                      below 1 on one machine; NaN when not measured (a hand-written factor)
 */
public record PlacementFactor(double factor, double measuredRatio) {

    public PlacementFactor {
        if (!(factor >= 1) || !Double.isFinite(factor)) {
            throw new IllegalArgumentException("placement factor must be a finite number >= 1, got " + factor);
        }
        if (!Double.isNaN(measuredRatio) && (!(measuredRatio > 0) || !Double.isFinite(measuredRatio))) {
            throw new IllegalArgumentException("measured ratio must be a finite number > 0, got " + measuredRatio);
        }
    }

    /**
     * The factor of a measured ratio: the ratio itself when the type's preferred layout was faster, 1
     * when it was not (the simulator's penalty never shortens a job).
     */
    public static PlacementFactor measured(double ratio) {
        return new PlacementFactor(Math.max(1, ratio), ratio);
    }
}

package io.execplace.liu.model;

/**
 * A LIU workload generator setting.
 *
 * @param pattern     when applications arrive and how many per event
 * @param apps        applications per episode (500 in the paper's tests)
 * @param sizes       application sizes, durations and deadlines
 * @param demandScale multiplies every demand: 1 standard, below 1 "eased", above 1 "stressed" (Table III)
 */
public record LiuWorkloadSpec(ArrivalPattern pattern, int apps, AppSizes sizes, double demandScale) {

    /** Category probabilities β1 (regular), β2 (time-critical), β3 (streaming) of §V-A. */
    public static final double[] CATEGORY_PROBABILITIES = {0.5, 0.25, 0.25};
    /** Demand scale of the "eased" workloads of Table III. */
    public static final double EASED = 0.75;
    /** Demand scale of the "stressed" workloads of Table III. */
    public static final double STRESSED = 1.3;
    /** Largest accepted number of applications per episode. */
    public static final int MAX_APPS = 1_000_000;

    public LiuWorkloadSpec {
        if (apps < 1 || apps > MAX_APPS) {
            throw new IllegalArgumentException("applications per episode must be in 1.." + MAX_APPS + ", got " + apps);
        }
        if (!(demandScale > 0 && demandScale <= 10)) {
            throw new IllegalArgumentException("demand scale must be in (0, 10], got " + demandScale);
        }
    }

    /** The paper's setting for a pattern: 500 applications, standard sizes. */
    public static LiuWorkloadSpec standard(ArrivalPattern pattern) {
        return new LiuWorkloadSpec(pattern, 500, AppSizes.standard(), 1);
    }

    public LiuWorkloadSpec withApps(int n) {
        return new LiuWorkloadSpec(pattern, n, sizes, demandScale);
    }

    public LiuWorkloadSpec withDemandScale(double scale) {
        return new LiuWorkloadSpec(pattern, apps, sizes, scale);
    }

    public LiuWorkloadSpec withSizes(AppSizes s) {
        return new LiuWorkloadSpec(pattern, apps, s, demandScale);
    }
}

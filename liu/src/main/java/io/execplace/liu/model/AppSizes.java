package io.execplace.liu.model;

/**
 * How big, long and urgent generated applications are. The paper leaves these open; the defaults
 * ({@link #standard()}) are chosen so that the baselines miss deadlines in the hundreds per
 * 500-application episode on the {@code liu} clusters, as in its Table II (see {@code docs/liu.md}).
 *
 * @param demand         base executors wanted
 * @param occupation     single-executor occupation time (optimal running time of one run), slices
 * @param deadlineFactor relative deadline as a multiple of the occupation time
 * @param batches        runs of a streaming application
 * @param periodFactor   slices between batch releases as a multiple of the occupation time
 */
public record AppSizes(IntRange demand, IntRange occupation, RealRange deadlineFactor, IntRange batches,
                       RealRange periodFactor) {

    public AppSizes {
        if (demand.min() < 1 || occupation.min() < 1 || batches.min() < 2) {
            throw new IllegalArgumentException("demands and occupation times must be at least 1, streaming batches at least 2");
        }
        if (deadlineFactor.min() < 1 || periodFactor.min() < 1) {
            throw new IllegalArgumentException("deadline and period factors must be at least 1 (a run needs its occupation time)");
        }
    }

    /** The documented defaults. */
    public static AppSizes standard() {
        return new AppSizes(new IntRange(20, 400), new IntRange(10, 60), new RealRange(1.2, 2.0), new IntRange(4, 16),
                new RealRange(1.5, 3.0));
    }
}

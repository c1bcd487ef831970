package io.execplace.core.workload;

/**
 * The builder idiom of the generated workloads whose jobs arrive by a gap distribution (HYB's and
 * HJS's): every field set by name, the record's checks run by {@code build()}. This base holds the
 * fields both specs have — name, jobs, arrival gaps, requests, seed; each spec's builder adds its
 * deadline fields.
 *
 * @param <B> the concrete builder, returned by each setter so that calls chain
 */
public abstract class ArrivalsSpecBuilder<B extends ArrivalsSpecBuilder<B>> {

    String name;
    int jobs;
    double meanGapSeconds;
    GapDistribution gapDistribution;
    RequestRanges requestRanges;
    long seed;

    ArrivalsSpecBuilder(String name, int jobs, double meanGapSeconds, GapDistribution gapDistribution,
                        RequestRanges requestRanges, long seed) {
        this.name = name;
        this.jobs = jobs;
        this.meanGapSeconds = meanGapSeconds;
        this.gapDistribution = gapDistribution;
        this.requestRanges = requestRanges;
        this.seed = seed;
    }

    abstract B self();

    public B name(String v) {
        name = v;
        return self();
    }

    public B jobs(int v) {
        jobs = v;
        return self();
    }

    public B meanGapSeconds(double v) {
        meanGapSeconds = v;
        return self();
    }

    public B gapDistribution(GapDistribution v) {
        gapDistribution = v;
        return self();
    }

    public B requestRanges(RequestRanges v) {
        requestRanges = v;
        return self();
    }

    public B seed(long v) {
        seed = v;
        return self();
    }
}

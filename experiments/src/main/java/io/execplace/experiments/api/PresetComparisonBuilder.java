package io.execplace.experiments.api;

import java.util.List;

/**
 * The builder idiom of the requests that compare schedulers on a workload preset's workloads on a
 * cluster ({@link HeldOutRequest}, {@link OfflineRequest}): each setter named after its command-line
 * option, the settings both requests have held here; each request's builder adds its own. A null
 * value sets the default.
 *
 * @param <B> the concrete builder, returned by each setter so that calls chain
 */
public abstract class PresetComparisonBuilder<B extends PresetComparisonBuilder<B>> {

    /** HYB pricing model of a request that names none. */
    static final String DEFAULT_PRICING = "1";

    private final List<String> defaultSchedulers;
    String workload;
    String cluster;
    String pricing = DEFAULT_PRICING;
    List<String> schedulers;
    SchedulerTuning tuning = SchedulerTuning.none();

    PresetComparisonBuilder(String workload, String cluster, List<String> defaultSchedulers) {
        this.workload = workload;
        this.cluster = cluster;
        this.defaultSchedulers = defaultSchedulers;
        this.schedulers = defaultSchedulers;
    }

    abstract B self();

    public B workload(String preset) {
        workload = preset;
        return self();
    }

    public B cluster(String presetOrFile) {
        cluster = presetOrFile;
        return self();
    }

    public B pricing(String model) {
        pricing = model == null ? DEFAULT_PRICING : model;
        return self();
    }

    public B schedulers(List<String> names) {
        schedulers = names == null ? defaultSchedulers : List.copyOf(names);
        return self();
    }

    public B tuning(SchedulerTuning t) {
        tuning = t == null ? SchedulerTuning.none() : t;
        return self();
    }
}

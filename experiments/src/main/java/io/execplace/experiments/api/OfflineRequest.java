package io.execplace.experiments.api;

import io.execplace.schedulers.offline.OfflineOptions;

import java.util.List;

/**
 * What a comparison with the offline optimum is asked to do: schedulers on small workloads of a preset
 * (one per seed) on a cluster, each against the clairvoyant optimum and the lower bound. Built with
 * {@link #builder()}; each setter is named after its option of {@code execplace offline}, whose name a
 * refusal of its value carries.
 *
 * @param workload         the workload preset
 * @param cluster          a cluster preset or YAML file
 * @param pricing          HYB pricing model of hybrid presets
 * @param jobs             jobs per workload, 1..60
 * @param seed             the first seed
 * @param seeds            workloads: seeds {@code seed, seed+1, ...}, 1..1000
 * @param schedulers       the schedulers compared with the optimum
 * @param timeLimitSeconds CP-SAT wall-time limit per workload
 * @param tuning           milp's and lookahead's settings
 */
public record OfflineRequest(String workload, String cluster, String pricing, int jobs, long seed, int seeds,
                             List<String> schedulers, double timeLimitSeconds, SchedulerTuning tuning) {

    /** The schedulers of a request that names none. */
    public static final List<String> DEFAULT_SCHEDULERS =
            List.of("first-fit", "round-robin-consolidate", "gio", "milp", "lookahead");

    public static Builder builder() {
        return new Builder();
    }

    /** Builds an {@link OfflineRequest}; unset settings take their defaults. */
    public static final class Builder {
        private String workload = "tpds-burst";
        private String cluster = "tpds";
        private String pricing = "1";
        private int jobs = 12;
        private long seed = 1;
        private int seeds = 3;
        private List<String> schedulers = DEFAULT_SCHEDULERS;
        private double timeLimitSeconds = OfflineOptions.DEFAULT_TIME_LIMIT_SECONDS;
        private SchedulerTuning tuning = SchedulerTuning.none();

        private Builder() {
        }

        public Builder workload(String preset) {
            workload = preset;
            return this;
        }

        public Builder cluster(String presetOrFile) {
            cluster = presetOrFile;
            return this;
        }

        public Builder pricing(String model) {
            pricing = model;
            return this;
        }

        public Builder jobs(int n) {
            jobs = n;
            return this;
        }

        public Builder seed(long first) {
            seed = first;
            return this;
        }

        public Builder seeds(int n) {
            seeds = n;
            return this;
        }

        public Builder schedulers(List<String> names) {
            schedulers = List.copyOf(names);
            return this;
        }

        /** {@code --offline-time-limit} (in seconds here). */
        public Builder timeLimitSeconds(double seconds) {
            timeLimitSeconds = seconds;
            return this;
        }

        public Builder tuning(SchedulerTuning t) {
            tuning = t == null ? SchedulerTuning.none() : t;
            return this;
        }

        public OfflineRequest build() {
            return new OfflineRequest(workload, cluster, pricing, jobs, seed, seeds, schedulers, timeLimitSeconds, tuning);
        }
    }
}

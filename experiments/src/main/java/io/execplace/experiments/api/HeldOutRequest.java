package io.execplace.experiments.api;

import java.util.List;

/**
 * What a held-out evaluation is asked to do: schedulers on the training workloads of a workload
 * preset and on held-out ones (other seeds), on a cluster. Built with {@link #builder()}; each setter
 * is named after its option of {@code execplace heldout}, whose name a refusal of its value carries.
 *
 * @param workload     the workload preset
 * @param cluster      a cluster preset or YAML file; null: the workload's own ({@code HeldOutSplit.ownCluster})
 * @param pricing      HYB pricing model of hybrid presets
 * @param schedulers   schedulers, agents as agent:PATH, a name may end in @QUEUE
 * @param jobs         jobs per workload; null: the preset's
 * @param heldOut      held-out workloads
 * @param heldOutSeed  first held-out seed; null: the default
 * @param trainSeed    first training seed; null: the first agent's, else 1
 * @param trainSeeds   training workloads; null: the first agent's, else 1
 * @param tuning       milp's and lookahead's settings
 */
public record HeldOutRequest(String workload, String cluster, String pricing, List<String> schedulers, Integer jobs,
                             int heldOut, Long heldOutSeed, Long trainSeed, Integer trainSeeds, SchedulerTuning tuning) {

    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link HeldOutRequest}; unset settings take their defaults. */
    public static final class Builder {
        private String workload;
        private String cluster;
        private String pricing = "1";
        private List<String> schedulers;
        private Integer jobs;
        private int heldOut = 20;
        private Long heldOutSeed;
        private Long trainSeed;
        private Integer trainSeeds;
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
            pricing = model == null ? "1" : model;
            return this;
        }

        public Builder schedulers(List<String> names) {
            schedulers = names == null ? null : List.copyOf(names);
            return this;
        }

        public Builder jobs(Integer n) {
            jobs = n;
            return this;
        }

        /** {@code --held-out}: held-out workloads, 2..10000 (default 20). */
        public Builder heldOut(Integer n) {
            heldOut = n == null ? 20 : n;
            return this;
        }

        public Builder heldOutSeed(Long seed) {
            heldOutSeed = seed;
            return this;
        }

        /** {@code --seed}: the first training seed. */
        public Builder seed(Long seed) {
            trainSeed = seed;
            return this;
        }

        /** {@code --workload-seeds}: the number of training workloads. */
        public Builder workloadSeeds(Integer n) {
            trainSeeds = n;
            return this;
        }

        public Builder tuning(SchedulerTuning t) {
            tuning = t == null ? SchedulerTuning.none() : t;
            return this;
        }

        public HeldOutRequest build() {
            return new HeldOutRequest(workload, cluster, pricing, schedulers, jobs, heldOut, heldOutSeed, trainSeed,
                    trainSeeds, tuning);
        }
    }
}

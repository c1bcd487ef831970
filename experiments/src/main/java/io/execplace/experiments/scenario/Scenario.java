package io.execplace.experiments.scenario;

import io.execplace.core.model.Cluster;
import io.execplace.schedulers.spi.SchedulerOptions;

import java.util.List;

/**
 * One experiment: a cluster, a workload source, the schedulers to compare, the seeds and the run
 * rules. Every (scheduler, seed) pair is one independent simulation run, a "cell". Built with
 * {@link #builder()}.
 *
 * @param name       scenario name for reports
 * @param cluster    the cluster
 * @param workloads  the workload of each seed
 * @param schedulers scheduler names (see {@code Schedulers})
 * @param seeds      seeds; seed {@code s} drives both the workload and randomised schedulers
 * @param options    run rules
 * @param schedulerOptions settings of tunable schedulers ({@code milp}'s β, time limit and solver)
 * @param recipe     how another JVM rebuilds the cluster, workloads and rules (a cell engine ships it
 *                   as text), or null when the scenario was built from objects only
 */
public record Scenario(String name, Cluster cluster, WorkloadSource workloads, List<String> schedulers,
                       List<Long> seeds, SimulationOptions options, SchedulerOptions schedulerOptions,
                       ScenarioRecipe recipe) {

    public Scenario {
        if (schedulerOptions == null) {
            throw new IllegalArgumentException("scenario '" + name + "': scheduler options are missing");
        }
        schedulers = List.copyOf(schedulers);
        seeds = List.copyOf(seeds);
        if (schedulers.isEmpty()) {
            throw new IllegalArgumentException("scenario '" + name + "' names no scheduler");
        }
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("scenario '" + name + "' has no seed");
        }
    }

    /** The same scenario with other scheduler settings. */
    public Scenario withSchedulerOptions(SchedulerOptions o) {
        return new Scenario(name, cluster, workloads, schedulers, seeds, options, o, recipe);
    }

    public int cells() {
        return schedulers.size() * seeds.size();
    }

    /** A builder with default run rules and scheduler options; name, cluster, workloads, schedulers and seeds must be set. */
    public static Builder builder() {
        return new Builder();
    }

    /** Sets {@link Scenario}'s fields by name. */
    public static final class Builder {
        private String name;
        private Cluster cluster;
        private WorkloadSource workloads;
        private List<String> schedulers = List.of();
        private List<Long> seeds = List.of();
        private SimulationOptions options = SimulationOptions.defaults();
        private SchedulerOptions schedulerOptions = SchedulerOptions.defaults();
        private ScenarioRecipe recipe;

        private Builder() {
        }

        public Builder name(String v) {
            name = v;
            return this;
        }

        public Builder cluster(Cluster v) {
            cluster = v;
            return this;
        }

        public Builder workloads(WorkloadSource v) {
            workloads = v;
            return this;
        }

        public Builder schedulers(List<String> v) {
            schedulers = v;
            return this;
        }

        public Builder seeds(List<Long> v) {
            seeds = v;
            return this;
        }

        public Builder options(SimulationOptions v) {
            options = v;
            return this;
        }

        public Builder schedulerOptions(SchedulerOptions v) {
            schedulerOptions = v;
            return this;
        }

        public Builder recipe(ScenarioRecipe v) {
            recipe = v;
            return this;
        }

        /** The scenario; its checks run here. */
        public Scenario build() {
            return new Scenario(name, cluster, workloads, schedulers, seeds, options, schedulerOptions, recipe);
        }
    }
}

package io.execplace.experiments.scenario;

import io.execplace.core.model.Cluster;
import io.execplace.schedulers.SchedulerOptions;

import java.util.List;

/**
 * One experiment: a cluster, a workload source, the schedulers to compare, the seeds and the run
 * rules. Every (scheduler, seed) pair is one independent simulation run, a "cell".
 *
 * @param name       scenario name for reports
 * @param cluster    the cluster
 * @param workloads  the workload of each seed
 * @param schedulers scheduler names (see {@code Schedulers})
 * @param seeds      seeds; seed {@code s} drives both the workload and randomised schedulers
 * @param options    run rules
 * @param schedulerOptions settings of tunable schedulers ({@code milp}'s β, time limit and solver)
 */
public record Scenario(String name, Cluster cluster, WorkloadSource workloads, List<String> schedulers,
                       List<Long> seeds, SimulationOptions options, SchedulerOptions schedulerOptions) {

    /** A scenario with the default scheduler options. */
    public Scenario(String name, Cluster cluster, WorkloadSource workloads, List<String> schedulers,
                    List<Long> seeds, SimulationOptions options) {
        this(name, cluster, workloads, schedulers, seeds, options, SchedulerOptions.defaults());
    }

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
        return new Scenario(name, cluster, workloads, schedulers, seeds, options, o);
    }

    public int cells() {
        return schedulers.size() * seeds.size();
    }
}

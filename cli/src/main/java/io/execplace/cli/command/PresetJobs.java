package io.execplace.cli.command;

import picocli.CommandLine.Option;

/**
 * {@code --jobs}: jobs per workload drawn from a preset, the preset's number when not given
 * ({@code generate}, {@code heldout}, {@code train-choice}; the scenario commands keep
 * {@link ScenarioOptions}' own, which defers to the scenario's).
 */
public final class PresetJobs {

    @Option(names = "--jobs", paramLabel = "N", description = "Jobs per workload (default: the preset's).")
    public Integer jobs;
}

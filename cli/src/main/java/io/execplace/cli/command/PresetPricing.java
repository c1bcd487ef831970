package io.execplace.cli.command;

import picocli.CommandLine.Option;

/**
 * {@code --pricing} of the commands that build clusters from presets without a scenario to take the
 * pricing model from; {@link ScenarioOptions} has its own, which defers to the scenario's.
 */
public final class PresetPricing {

    @Option(names = "--pricing", paramLabel = "1|2|3|4|real", defaultValue = "1",
            description = "HYB pricing model of hybrid presets (default ${DEFAULT-VALUE}).")
    public String model;
}

package io.execplace.experiments.env;

import io.execplace.rl.env.registry.EnvFactory;
import io.execplace.rl.env.registry.EnvSetting;

import java.util.List;

/**
 * The frame of this package's environment factories: what the registry lists of each (its name, one
 * line of description, its settings with their defaults) is given once, to the constructor; a
 * factory adds only how it makes its environment.
 */
abstract class ListedEnvFactory implements EnvFactory {

    private final String name;
    private final String description;
    private final List<EnvSetting> settings;

    ListedEnvFactory(String name, String description, List<EnvSetting> settings) {
        this.name = name;
        this.description = description;
        this.settings = List.copyOf(settings);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final List<EnvSetting> settings() {
        return settings;
    }
}

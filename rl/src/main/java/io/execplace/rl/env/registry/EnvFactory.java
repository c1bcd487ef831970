package io.execplace.rl.env.registry;

import io.execplace.rl.env.Env;

import java.util.List;

/**
 * Builds one named environment from text settings. Implementations are registered in
 * {@code META-INF/services/io.execplace.rl.env.registry.EnvFactory} and reached through {@link Envs}.
 */
public interface EnvFactory {

    /** The registry name ({@code tpds}, {@code hjs}, ...), lower case. */
    String name();

    /** One line: what the environment is and which paper it follows. */
    String description();

    /** Every setting {@link #make} reads, with its default; {@link Envs} refuses any other key. */
    List<EnvSetting> settings();

    /**
     * The environment as agents train on it (its wrappers applied), no episode running.
     *
     * @param settings the given settings, checked against {@link #settings()}
     * @throws IllegalArgumentException on a bad value, with a one-line message naming the setting
     */
    Env make(EnvSettings settings);
}

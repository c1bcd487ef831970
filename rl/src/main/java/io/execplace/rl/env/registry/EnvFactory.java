package io.execplace.rl.env.registry;

import io.execplace.rl.env.Env;

import java.util.ArrayList;
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

    /**
     * {@code count} environments of these settings with their own state each, for a batch stepped
     * together; by default {@code count} calls of {@link #make}. A factory whose environments can share
     * their immutable parts (prepared workloads) overrides it: a batch then keeps one copy of them,
     * which its steps read from cache instead of from {@code count} copies.
     */
    default List<Env> make(EnvSettings settings, int count) {
        List<Env> envs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            envs.add(make(settings));
        }
        return envs;
    }
}

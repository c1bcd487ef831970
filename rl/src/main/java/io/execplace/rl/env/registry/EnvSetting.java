package io.execplace.rl.env.registry;

import java.util.Objects;

/**
 * One setting an environment accepts, as {@link Envs#settings} lists it (and error messages and
 * bridges show it).
 *
 * @param name         the key, named as {@code execplace train}'s option without the dashes
 *                     ({@code workload-seeds}); bridges may write {@code workload_seeds}
 * @param defaultValue the value used when the setting is absent, as text; null when there is none
 *                     (the help says what absence means)
 * @param help         one line
 */
public record EnvSetting(String name, String defaultValue, String help) {

    public EnvSetting {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(help, "help");
    }

    /** {@code name=default  help}, one line. */
    @Override
    public String toString() {
        return name + (defaultValue == null ? "" : "=" + defaultValue) + "  " + help;
    }
}

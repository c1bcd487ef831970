/**
 * The environment registry: {@link io.execplace.rl.env.registry.Envs#make Envs.make(name, settings)}
 * is the one place that builds the named environments ({@code tpds}, {@code hjs}, {@code pairs},
 * {@code liu}) from text settings named as {@code execplace train}'s options, for the command line,
 * the studies and bridges from other languages. Each environment is an
 * {@link io.execplace.rl.env.registry.EnvFactory} found through {@link java.util.ServiceLoader}, so a
 * module that is not on this one's class path (the scenario resolution in {@code experiments}, later
 * LIU's own module) registers its environments without this package naming them.
 *
 * <p>May import {@code core.io}, {@code rl.env}.
 */
package io.execplace.rl.env.registry;

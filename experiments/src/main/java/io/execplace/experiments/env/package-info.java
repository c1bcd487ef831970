/**
 * The registered environments built from scenario names: {@code tpds}, {@code hjs},
 * {@code pairs} and {@code pairs-elastic}, each an {@link io.execplace.rl.env.registry.EnvFactory} (listed in
 * {@code META-INF/services}) that resolves cluster and workload presets or files exactly as
 * {@code execplace train} does, so that the registry, the command line and the studies build the
 * same environment from the same settings.
 *
 * <p>May import {@code core.*}, {@code experiments.heldout}, {@code experiments.scenario}, {@code rl.agent},
 * {@code rl.env}, {@code rl.env.registry}, {@code rl.pairs}, {@code rl.train}.
 */
package io.execplace.experiments.env;

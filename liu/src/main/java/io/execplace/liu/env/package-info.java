/**
 * LIU's environment (Gymnasium's contract, {@code rl.env}): one dispatch decision per step over the
 * Table I state ({@code LiuObservation}), registered in the environment registry as {@code liu}
 * ({@code LiuEnvFactory}, from this module's META-INF/services).
 *
 * <p>May import {@code liu.model}, {@code liu.sim}, {@code rl.env}, {@code rl.env.registry}.
 */
package io.execplace.liu.env;

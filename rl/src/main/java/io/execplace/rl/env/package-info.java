/**
 * The environment contract (Gymnasium's): {@code Env}, its spaces, wrappers (time limit,
 * statistics, normalisation), {@code EnvChecker}, and the environments: {@code KernelEnv}, the
 * base of the kernel-driven {@code TpdsEnv} and {@code HjsEnv} (LIU's environment is in the
 * module {@code liu}).
 *
 * <p>May import {@code core.metrics}, {@code core.model},
 * {@code core.policy}, {@code core.rules}, {@code core.sim}.
 */
package io.execplace.rl.env;

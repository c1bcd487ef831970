/**
 * The scheduler plugin interface, as kube-scheduler's framework: the registry (name to factory),
 * factory types, the context a factory receives (seed, the run's options, the registry itself),
 * the options container and the solver and agent statistics. It knows no scheduler family.
 *
 * <p>May import {@code core.policy}.
 */
package io.execplace.schedulers.spi;

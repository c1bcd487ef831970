/**
 * The scheduler plugin interface, as kube-scheduler's framework: the registry (name to factory),
 * factory types, the context a factory receives (seed, the run's options, the registry itself),
 * the options container, the solver and agent statistics, and how every decider is named ({@link
 * io.execplace.schedulers.spi.DeciderName}, {@link io.execplace.schedulers.spi.Deciders}: schedulers and LIU managers
 * alike). It knows no scheduler family.
 *
 * <p>May import {@code core.model} (the jobs a reference is told), {@code core.policy}, {@code core.rules} (queue
 * orders of NAME@QUEUE).
 */
package io.execplace.schedulers.spi;

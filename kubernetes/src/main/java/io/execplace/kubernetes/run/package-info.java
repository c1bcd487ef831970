/**
 * The scheduling loop: informers, a cycle that groups pending executor pods into applications,
 * asks the policy where they go, and binds them; its settings and launcher.
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}, {@code
 * kubernetes.bind}, {@code kubernetes.cluster}, {@code kubernetes.observe}, {@code
 * kubernetes.pricing}, {@code kubernetes.spark}.
 */
package io.execplace.kubernetes.run;

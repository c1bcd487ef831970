/**
 * What the scheduler shows of itself: Kubernetes Events, health and readiness endpoints, and
 * Prometheus metrics.
 *
 * <p>May import nothing of execplace.
 */
package io.execplace.kubernetes.observe;

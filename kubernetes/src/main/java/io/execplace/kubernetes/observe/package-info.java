/**
 * What the scheduler shows of itself: Kubernetes Events, health and readiness endpoints, and
 * Prometheus metrics.
 *
 * <p>Imports nothing of execplace.
 */
package io.execplace.kubernetes.observe;

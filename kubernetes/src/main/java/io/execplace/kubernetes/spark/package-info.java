/**
 * Spark on Kubernetes as the scheduler sees it: pending executor pods grouped into applications
 * by their Spark labels and annotations.
 *
 * <p>May import {@code core.model}, {@code kubernetes.cluster}.
 */
package io.execplace.kubernetes.spark;

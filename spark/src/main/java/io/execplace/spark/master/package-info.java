/**
 * Spark master URLs: which forms execplace accepts ({@code local[N]}, {@code local-cluster[...]},
 * {@code spark://}, {@code k8s://}) and whether a master runs inside this JVM. A leaf package: it
 * imports only {@code io.execplace.core.io}, so the engine and the {@code profile} command can both
 * use it without depending on each other.
 *
 * <p>May import {@code core.io}.
 */
package io.execplace.spark.master;

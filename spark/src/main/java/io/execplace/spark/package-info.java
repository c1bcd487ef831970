/**
 * The Spark engine for study cells ({@code --engine spark}: one Spark task per cell, text in and
 * out) and the Spark-enabled command line ({@code SparkMain}).
 *
 * <p>May import {@code cli}, {@code cli.command}, {@code core.io}, {@code core.progress}, {@code experiments.run}, {@code spark.master}, {@code
 * spark.profile}.
 */
package io.execplace.spark;

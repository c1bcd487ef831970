/**
 * {@code execplace profile}: real WordCount, Sort and PageRank jobs on a Spark master, measured with a
 * SparkListener, written as a job-type profile (docs/profile.md) the simulator reads with {@code --profile}.
 *
 * <p>May import {@code cli.output}, {@code core.io}, {@code core.model}, {@code core.profile}, {@code core.progress}, {@code experiments.report},
 * {@code experiments.run}, {@code spark.master}.
 */
package io.execplace.spark.profile;

/**
 * {@code execplace profile}: real WordCount, Sort and PageRank jobs on a Spark master, measured with a
 * SparkListener, written as a job-type profile (docs/profile.md) the simulator reads with {@code --profile}.
 */
package io.execplace.spark.profile;

/**
 * Spark event logs, as Spark writes them ({@code spark.eventLog.enabled}; what the history server
 * reads) and as Databricks rolls them, into applications and workloads: which files make one
 * application's log (single files, rolling {@code eventlog_v2_*} folders, Databricks log folders,
 * {@code .inprogress} files, lz4/snappy/zstd/gzip), what each application did (start, end, executors
 * with their hosts, cores and times, jobs, configuration), the sizes its executors and driver held,
 * the workload that replays it in the simulator (per application, Spark job, job group or group of
 * executors), the placement that actually happened as a policy, which node each Kubernetes pod ran
 * on, and a replay summed up per application. May import {@code core.*} only (and Jackson and the codecs).
 */
package io.execplace.eventlogs;

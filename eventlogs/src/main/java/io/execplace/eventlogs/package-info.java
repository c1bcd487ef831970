/**
 * Spark event logs, as Spark writes them ({@code spark.eventLog.enabled}; what the history server
 * reads), into applications and workloads: which files make one application's log (single files,
 * rolling {@code eventlog_v2_*} folders, {@code .inprogress} files, lz4/snappy/zstd), what each
 * application did (start, end, executors with their hosts and cores, jobs), and the workload that
 * replays it in the simulator. May import {@code core} only (and Jackson and the codecs).
 */
package io.execplace.eventlogs;

/**
 * Commands on Spark event logs: {@code import-eventlogs} (logs to a workload trace) and {@code whatif}
 * (the logged applications under other schedulers and clusters).
 *
 * <p>May import {@code cli.command}, {@code cli.output}, {@code core.config}, {@code
 * core.io}, {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.rules}, {@code
 * core.sim}, {@code core.workload}, {@code eventlogs}, {@code experiments.report}, {@code experiments.whatif}, {@code
 * schedulers}.
 */
package io.execplace.cli.eventlog;

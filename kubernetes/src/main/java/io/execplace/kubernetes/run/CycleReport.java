package io.execplace.kubernetes.run;

import java.util.List;

/**
 * What one scheduling cycle did.
 *
 * @param bound         pods bound (in a dry run: pods that would be bound)
 * @param unschedulable applications left pending, with why
 * @param gathering     applications still waiting for their executors (batching window or annotation)
 * @param emptyNodes    nodes that ran pods before and are empty now
 * @param failures      bindings that failed (conflict, gone, errors after retries)
 */
public record CycleReport(List<Decision> bound, List<String> unschedulable, List<String> gathering,
                          List<String> emptyNodes, List<String> failures) {
}

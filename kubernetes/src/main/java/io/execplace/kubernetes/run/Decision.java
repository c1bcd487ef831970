package io.execplace.kubernetes.run;

/**
 * One pod the scheduler bound (or, in a dry run, would bind).
 *
 * @param application the gang: {@code namespace/application}
 * @param pod         {@code namespace/name}
 * @param node        the node
 * @param extraCost   the application's estimated extra cost (price-table units), same for all its pods
 */
public record Decision(String application, String pod, String node, double extraCost) {
}

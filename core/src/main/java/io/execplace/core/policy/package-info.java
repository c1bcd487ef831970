/**
 * The one placement interface every scheduler implements ({@code PlacementPolicy}: place all of a
 * job's executors or none) and the read-only {@code ClusterView} it decides on.
 *
 * <p>May import {@code core.model}, {@code core.rules}.
 */
package io.execplace.core.policy;

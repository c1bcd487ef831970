package io.execplace.core.policy;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;

/**
 * The one scheduling SPI: decide on which VM every executor of a job runs. Round robin, first fit,
 * GIO, the exact MILP and trained agents are all placement policies.
 *
 * <p>A policy returns a placement of <em>all</em> the job's executors that fits the free resources
 * the view shows, or {@link Placement#none()} when it will not place the job now (the job then
 * waits). It must not keep references to the view. The simulator validates every placement and
 * fails the run if a policy over-commits a VM.
 */
public interface PlacementPolicy {

    /** The scheduler name shown in results (e.g. {@code first-fit}). */
    String name();

    /** Places all executors of {@code job} or returns {@link Placement#none()}. */
    Placement place(Job job, ClusterView cluster);

    /**
     * Why this policy could never place {@code job} on {@code cluster}, not even with every VM idle;
     * null when it could. The simulator drops such a job on arrival with this reason instead of
     * letting it block the queue until the cluster is idle. Default: null (the simulator's own
     * capacity check on the empty cluster suffices).
     */
    default String neverPlaces(Job job, Cluster cluster) {
        return null;
    }

    /**
     * When the policy wants to be asked again though nothing arrives or ends by then — a job it left
     * waiting for a time of its own, such as a provisioner's batch window closing; the simulator then
     * makes that instant a decision point and offers the waiting jobs again. A job the policy leaves
     * waiting on an idle cluster is still dropped (nothing runs to free room: hold jobs back only while
     * something runs). Asked as the clock moves; a time not after the clock counts as none. A policy
     * answers {@code +∞} once no job waits for an instant of its own: one that always names an instant
     * keeps the run from ending. Default: never ({@code +∞}).
     */
    default double askAgainAt() {
        return Double.POSITIVE_INFINITY;
    }

    /**
     * True when the policy names the executors' protections from drains itself ({@link Placement#withProtection}),
     * so that a placement naming none protects none; false (the default) for a policy that never names
     * any, whose executors the Kubernetes scheduler's {@code --protect-executors} protects for ever.
     */
    default boolean namesProtections() {
        return false;
    }
}

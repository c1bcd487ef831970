package io.execplace.kubernetes.run;

/** Why an application is not placed this cycle. */
public enum Rejection {
    /** No node is usable at all (all cordoned, not ready or with bad labels). */
    NO_USABLE_NODE(false),
    /** No node passes the filters (taints, node selector, affinity). */
    NO_NODE_PASSES_FILTERS(false),
    /** A pod requests more than any node it may run on has allocatable. */
    POD_TOO_LARGE(false),
    /** The gang does not fit the nodes it may use even when they are empty. */
    GANG_NEVER_FITS(false),
    /** The policy found no placement now (the usual "wait for room"). */
    NO_PLACEMENT(true),
    /** The policy threw. */
    POLICY_FAILED(true),
    /** The policy returned a placement that breaks the filters or the nodes' limits (a bug in it). */
    INVALID_PLACEMENT(true);

    private final boolean blocksQueue;

    Rejection(boolean blocksQueue) {
        this.blocksQueue = blocksQueue;
    }

    /** Whether more nodes (or uncordoned ones) could let it run: it waits for room, not for a fix. */
    public boolean waitsForRoom() {
        return this == NO_USABLE_NODE || this == POD_TOO_LARGE || this == GANG_NEVER_FITS || this == NO_PLACEMENT;
    }

    /** Whether, without backfilling, the applications behind it wait (never for what can never fit). */
    public boolean blocksQueue() {
        return blocksQueue;
    }
}

package io.execplace.kubernetes.faults;

/** The faults the suite injects into a replay on the testbed, one at a time or mixed. */
enum Fault {
    /** kube-apiserver killed (SIGKILL) and started again at once; etcd keeps the state. */
    API_SERVER_RESTART,
    /** etcd killed and started again; the API server stays up but cannot serve meanwhile. */
    ETCD_RESTART,
    /** The replica holding the scheduler's Lease killed (SIGKILL, no release); another must take over. */
    LEADER_KILL,
    /** Karpenter killed, started again three seconds later. */
    KARPENTER_RESTART,
    /** kwok stopped for a while: pods do not progress, nodes stop renewing their leases (and go NotReady if long enough). */
    KWOK_STOP,
    /** A node running executors interrupted as a spot reclaim is: its NodeClaim deleted, Karpenter drains and removes it. */
    NODE_INTERRUPTION,
    /** A node running executors tainted NoExecute: the taint-eviction controller deletes its pods. */
    NODE_NOEXECUTE,
    /** A node running executors cordoned: its pods finish, nothing new may land there. */
    NODE_CORDON,
    /** Bad objects: requests no node can hold, malformed annotations, a driver without executors, executors without a driver. */
    BAD_OBJECTS,
    /** The replicas' price table replaced by one that does not parse, restored some seconds later. */
    BAD_PRICE_TABLE,
    /** Forty applications at once, more than the nodes bought so far hold: the leader's memory and cycle time are measured. */
    OVERLOAD,
    /**
     * API Priority and Fairness gives the scheduler's ServiceAccount no seats and answers its requests 429
     * for 20 s while twenty applications arrive at once ({@link ApiThrottle}).
     */
    APF_THROTTLE,
    /** Every binding in the run's namespace held 3 s by a validating webhook for 20 s while six applications arrive ({@link SlowBindings}). */
    SLOW_BINDINGS,
    /**
     * The replica holding the Lease stopped cleanly (SIGTERM, as a rolling update stops a pod): it lets its
     * bindings settle and releases the Lease; another takes it at its next read. Not in the random mix
     * ({@link #MIX}): asked for with {@code --only}.
     */
    LEADER_STOP;

    /**
     * The faults mixed at random when none are asked for: all but {@link #LEADER_STOP}, so that a seed picks the
     * same faults as in the campaigns before it existed.
     */
    static final Fault[] MIX = java.util.Arrays.stream(values()).filter(f -> f != LEADER_STOP).toArray(Fault[]::new);

    /** A fault that takes the leader away: the probe's binding is timed from the fault, and the Lease's takeover. */
    boolean removesLeader() {
        return this == LEADER_KILL || this == LEADER_STOP;
    }
}

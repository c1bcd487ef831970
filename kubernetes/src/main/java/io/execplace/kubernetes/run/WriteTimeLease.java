package io.execplace.kubernetes.run;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.Lock;

import java.time.Clock;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * The Lease lock with the times of the write. fabric8's {@code LeaderElector} (7.4.0) reads the clock
 * before it reads the Lease and stamps that time as renew (and acquire) time; when the read is slow — the
 * API server restarting, a loaded machine — the record it writes is already old, and another replica may
 * take a lease that was just acquired or renewed, two leaders at once. The fault suite saw a Lease written
 * 13 s after the time it carried (docs/faults.md). Here the record's times are set to the clock just
 * before the write: acquire time too when the record is a new acquisition (fabric8 gives both the same time then).
 */
final class WriteTimeLease implements Lock {

    private final Lock lease;
    private final Clock clock;

    WriteTimeLease(Lock lease, Clock clock) {
        this.lease = lease;
        this.clock = clock;
    }

    @Override
    public LeaderElectionRecord get(KubernetesClient client) {
        return lease.get(client);
    }

    @Override
    public void create(KubernetesClient client, LeaderElectionRecord leaderElectionRecord) {
        lease.create(client, stamped(leaderElectionRecord));
    }

    @Override
    public void update(KubernetesClient client, LeaderElectionRecord leaderElectionRecord) {
        lease.update(client, stamped(leaderElectionRecord));
    }

    private LeaderElectionRecord stamped(LeaderElectionRecord r) {
        ZonedDateTime now = ZonedDateTime.now(clock.withZone(ZoneOffset.UTC));
        boolean acquiring = r.getAcquireTime() != null && r.getAcquireTime().equals(r.getRenewTime());
        return new LeaderElectionRecord(r.getHolderIdentity(), r.getLeaseDuration(), acquiring ? now : r.getAcquireTime(), now,
                r.getLeaderTransitions());
    }

    @Override
    public String identity() {
        return lease.identity();
    }

    @Override
    public String describe() {
        return lease.describe();
    }
}

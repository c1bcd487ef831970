package io.execplace.kubernetes.run;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseSpec;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Leader election on a {@code coordination.k8s.io} Lease with client-go's protocol
 * ({@code k8s.io/client-go/tools/leaderelection}): the holder renews every retry period and gives up
 * when it has not renewed for the renew deadline; the others read the Lease every retry period and
 * take it once it has expired, the Lease's resourceVersion making sure only one write wins. The lease
 * expires at the record's renew time + lease duration, as fabric8's LeaderElector judged it (so the
 * replicas' clocks are taken to agree to well within lease duration − renew deadline; client-go counts
 * from when each replica saw the record change instead, which after an API server outage longer than
 * the renew deadline delayed the takeover by up to a lease duration after the server was back:
 * docs/faults.md). What differs from fabric8's elector, so that a fail-over takes the lease duration
 * and no more: a candidate that sees the lease will expire before its next read reads again at that
 * moment, not up to 2.2 retry periods later; times in the Lease are the clock's just before the write
 * (a record stamped before a slow read is already old when written: docs/faults.md, finding 1).
 * Attempts run one at a time on a timer thread; a second thread gives the leadership up at the renew
 * deadline even while a request hangs.
 */
final class LeaseElector {

    private static final Logger LOG = LoggerFactory.getLogger(LeaseElector.class);

    /** What the elector tells its owner; called on the elector's threads. */
    interface Listener {
        void startedLeading();

        /** Leadership, once held, is lost (not renewed in time, or taken): the owner must stop scheduling. */
        void stoppedLeading(String why);

        void newLeader(String holder);
    }

    private final KubernetesClient client;
    private final LeaderElection.Settings settings;
    private final String identity;
    private final Clock clock;
    private final Listener listener;
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(2, r -> {
        Thread t = new Thread(r, "lease-elector");
        t.setDaemon(true);
        return t;
    });

    // Read and written by attempts only, which run one after the other.
    private String observedVersion;
    private LeaseSpec observedSpec;
    private Instant observedAt;
    private String lastHolder;

    private volatile boolean leading;
    private volatile Instant lastRenewalBegan;
    /** Set when leadership was lost or the elector closed: no further attempt, no further callback. */
    private final AtomicBoolean over = new AtomicBoolean();

    LeaseElector(KubernetesClient client, LeaderElection.Settings settings, String identity, Clock clock, Listener listener) {
        this.client = client;
        this.settings = settings;
        this.identity = identity;
        this.clock = clock;
        this.listener = listener;
    }

    /** Starts campaigning on the timer thread; the first attempt runs at once. */
    void start() {
        timer.execute(this::loop);
    }

    private void loop() {
        if (over.get()) {
            return;
        }
        Duration next;
        try {
            next = attempt();
        } catch (RuntimeException e) {
            LOG.warn("leader election attempt on {}/{} failed: {}", settings.namespace(), settings.leaseName(), e.toString());
            next = settings.retryPeriod();
        }
        if (!over.get()) {
            timer.schedule(this::loop, next.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** One read of the Lease, and a write when it is ours to renew or to take; returns when to try again. */
    Duration attempt() {
        Instant began = clock.instant();
        boolean held;
        try {
            held = tryAcquireOrRenew();
        } catch (KubernetesClientException e) {
            // A conflict (another replica wrote first) or an unreachable server: judged below by the deadline.
            LOG.debug("lease {}/{}: {}", settings.namespace(), settings.leaseName(), e.getMessage());
            held = false;
        }
        if (over.get()) {
            return settings.retryPeriod();
        }
        if (held) {
            lastRenewalBegan = began;
            timer.schedule(this::checkDeadline, settings.renewDeadline().toMillis(), TimeUnit.MILLISECONDS);
            if (!leading) {
                leading = true;
                listener.startedLeading();
            }
            return settings.retryPeriod();
        }
        if (leading) {
            checkDeadline();
            return settings.retryPeriod();
        }
        return untilNextTry();
    }

    private boolean tryAcquireOrRenew() {
        Lease lease = client.leases().inNamespace(settings.namespace()).withName(settings.leaseName()).get();
        if (lease == null) {
            Lease created = client.leases().inNamespace(settings.namespace()).resource(new LeaseBuilder().withNewMetadata()
                    .withName(settings.leaseName()).withNamespace(settings.namespace()).endMetadata().withSpec(record(null)).build()).create();
            observe(created, clock.instant());
            return true;
        }
        Instant read = clock.instant();
        observe(lease, read);
        String holder = lease.getSpec() == null ? null : lease.getSpec().getHolderIdentity();
        boolean mine = identity.equals(holder);
        if (leading && !mine) {
            lose("lease taken by " + holder);
            return false;
        }
        if (!mine && holder != null && !holder.isEmpty() && read.isBefore(expiry())) {
            return false;
        }
        Lease written = client.leases().inNamespace(settings.namespace())
                .resource(new LeaseBuilder(lease).withSpec(record(lease.getSpec())).build()).update();
        observe(written, clock.instant());
        return true;
    }

    /** This replica's record, stamped now; a renewal keeps its acquire time, a takeover counts a transition. */
    private LeaseSpec record(LeaseSpec previous) {
        var now = clock.instant().atZone(ZoneOffset.UTC);
        boolean renewal = previous != null && identity.equals(previous.getHolderIdentity()) && previous.getAcquireTime() != null;
        int transitions = previous == null || previous.getLeaseTransitions() == null ? 0 : previous.getLeaseTransitions();
        return new LeaseSpec(renewal ? previous.getAcquireTime() : now, identity,
                (int) Math.max(1, (settings.leaseDuration().toMillis() + 999) / 1000),
                renewal || previous == null ? transitions : transitions + 1, null, now, null);
    }

    private void observe(Lease lease, Instant at) {
        String version = lease.getMetadata() == null ? null : lease.getMetadata().getResourceVersion();
        if (version == null || !version.equals(observedVersion)) {
            observedVersion = version;
            observedSpec = lease.getSpec();
            observedAt = at;
        }
        String holder = lease.getSpec() == null ? null : lease.getSpec().getHolderIdentity();
        if (holder != null && !holder.isEmpty() && !holder.equals(lastHolder)) {
            listener.newLeader(holder);
        }
        lastHolder = holder;
    }

    /** When the lease last seen runs out: its renew time + lease duration, or a lease duration after it was seen without one. */
    Instant expiry() {
        Duration lease = observedSpec.getLeaseDurationSeconds() == null ? settings.leaseDuration()
                : Duration.ofSeconds(observedSpec.getLeaseDurationSeconds());
        return (observedSpec.getRenewTime() == null ? observedAt : observedSpec.getRenewTime().toInstant()).plus(lease);
    }

    /** A candidate reads again at the expiry if it comes before the next retry period. */
    private Duration untilNextTry() {
        String holder = observedSpec == null ? null : observedSpec.getHolderIdentity();
        if (holder == null || holder.isEmpty()) {
            return settings.retryPeriod();
        }
        long millis = Duration.between(clock.instant(), expiry()).toMillis() + 1;
        return millis <= 0 || millis >= settings.retryPeriod().toMillis() ? settings.retryPeriod() : Duration.ofMillis(millis);
    }

    private void checkDeadline() {
        Instant last = lastRenewalBegan;
        if (leading && last != null && !clock.instant().isBefore(last.plus(settings.renewDeadline()))) {
            lose("not renewed within the renew deadline of " + settings.renewDeadline().toMillis() + " ms");
        }
    }

    private void lose(String why) {
        if (over.compareAndSet(false, true)) {
            leading = false;
            listener.stoppedLeading(why);
        }
    }

    boolean leading() {
        return leading && !over.get();
    }

    /**
     * Stops campaigning. With {@code release} a leader then gives the Lease up, as client-go's
     * ReleaseOnCancel does (no holder, a one-second lease), so that another replica takes it at its next read.
     */
    void close(boolean release) {
        boolean wasLeading = leading && !over.get();
        over.set(true);
        timer.shutdownNow();
        try {
            // An attempt in flight finishes (or its request times out) before the release reads the Lease.
            timer.awaitTermination(settings.renewDeadline().toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (!release || !wasLeading) {
            return;
        }
        try {
            Lease lease = client.leases().inNamespace(settings.namespace()).withName(settings.leaseName()).get();
            if (lease == null || lease.getSpec() == null || !identity.equals(lease.getSpec().getHolderIdentity())) {
                return;
            }
            var now = clock.instant().atZone(ZoneOffset.UTC);
            client.leases().inNamespace(settings.namespace()).resource(new LeaseBuilder(lease).editSpec().withHolderIdentity("")
                    .withLeaseDurationSeconds(1).withAcquireTime(now).withRenewTime(now).endSpec().build()).update();
            LOG.info("{} released lease {}/{}", identity, settings.namespace(), settings.leaseName());
        } catch (KubernetesClientException e) {
            LOG.warn("could not release lease {}/{} (the others take it when it expires): {}", settings.namespace(),
                    settings.leaseName(), e.getMessage());
        }
    }
}

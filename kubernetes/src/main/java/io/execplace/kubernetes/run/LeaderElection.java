package io.execplace.kubernetes.run;

import io.fabric8.kubernetes.client.KubernetesClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Leader election with a {@code coordination.k8s.io} Lease, as kube-scheduler's {@code --leader-elect}
 * ({@link LeaseElector}): every replica keeps its informers warm and campaigns; only the holder of the
 * Lease schedules, and its first cycle runs the moment it holds it. A leader that cannot renew within
 * the renew deadline stops (and the process exits, to campaign afresh); the others take over when the
 * lease has run out since the last renewal, so two replicas never schedule at once — and were they to,
 * the API server would still refuse the second binding of a pod (409). A leader stopped cleanly
 * releases the Lease, and another replica takes it at its next read.
 */
public final class LeaderElection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LeaderElection.class);

    /**
     * @param namespace     where the Lease lives
     * @param leaseName     the Lease's name (one per scheduler name)
     * @param leaseDuration how long others wait after the last renewal before taking over (kube-scheduler: 15 s)
     * @param renewDeadline how long the leader keeps trying to renew before giving up (kube-scheduler: 10 s)
     * @param retryPeriod   how often everyone tries to acquire or renew (kube-scheduler: 2 s)
     */
    public record Settings(String namespace, String leaseName, Duration leaseDuration, Duration renewDeadline,
                           Duration retryPeriod) {
        public Settings {
            // client-go's check: the leader gives up (renew deadline) before the others may take over (lease duration)
            if (!(retryPeriod.toMillis() > 0 && renewDeadline.toMillis() > retryPeriod.toMillis() * 1.2
                    && leaseDuration.compareTo(renewDeadline) > 0)) {
                throw new IllegalArgumentException("leader election needs lease duration > renew deadline > 1.2 x retry period > 0, got "
                        + leaseDuration.toMillis() + " ms, " + renewDeadline.toMillis() + " ms, " + retryPeriod.toMillis() + " ms");
            }
        }

        /** kube-scheduler's defaults: 15 s, 10 s, 2 s. */
        public static Settings defaults(String namespace, String leaseName) {
            return new Settings(namespace, leaseName, Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2));
        }
    }

    private final String identity;
    private final CountDownLatch leading = new CountDownLatch(1);
    private final LeaseElector elector;
    private final boolean releaseOnClose;
    private volatile boolean lost;
    private volatile long leadingSinceMillis = -1;

    private LeaderElection(KubernetesClient client, Settings settings, String identity, Runnable onLost, boolean releaseOnClose) {
        this.identity = identity;
        this.releaseOnClose = releaseOnClose;
        this.elector = new LeaseElector(client, settings, identity, Clock.systemUTC(), new LeaseElector.Listener() {
            @Override
            public void startedLeading() {
                leadingSinceMillis = System.currentTimeMillis();
                LOG.info("{} holds lease {}/{}: scheduling", identity, settings.namespace(), settings.leaseName());
                leading.countDown();
            }

            @Override
            public void stoppedLeading(String why) {
                if (!lost) {
                    lost = true;
                    LOG.warn("{} lost lease {}/{} ({}): stopping", identity, settings.namespace(), settings.leaseName(), why);
                    onLost.run();
                }
            }

            @Override
            public void newLeader(String holder) {
                LOG.info("lease {}/{} is held by {}", settings.namespace(), settings.leaseName(), holder);
            }
        });
        elector.start();
    }

    /**
     * Starts campaigning.
     *
     * @param onLost called once if leadership, once held, is lost (the scheduler must stop)
     */
    public static LeaderElection start(KubernetesClient client, Settings settings, String identity, Runnable onLost) {
        return new LeaderElection(client, settings, identity, onLost, true);
    }

    /** As {@link #start}, but {@link #close} abandons the lease without releasing it: a crash, for failover tests. */
    static LeaderElection startWithoutRelease(KubernetesClient client, Settings settings, String identity, Runnable onLost) {
        return new LeaderElection(client, settings, identity, onLost, false);
    }

    /** A replica's identity: the host name (the pod name in a cluster) and a random suffix. */
    public static String identity() {
        String host = System.getenv("HOSTNAME");
        return (host == null || host.isBlank() ? "execplace" : host) + "_" + UUID.randomUUID();
    }

    public String identityName() {
        return identity;
    }

    /** Waits until this replica leads; false on timeout. */
    public boolean awaitLeadership(Duration timeout) throws InterruptedException {
        return leading.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public boolean leading() {
        return leading.getCount() == 0 && !lost;
    }

    /** When this replica became leader (epoch ms), or -1. */
    public long leadingSinceMillis() {
        return leadingSinceMillis;
    }

    /**
     * Stops campaigning; a leader releases the Lease (unless started without release), so that another replica
     * takes over at its next read. Call it after the scheduler's bindings in flight have settled.
     */
    @Override
    public void close() {
        lost = true;
        elector.close(releaseOnClose);
    }
}

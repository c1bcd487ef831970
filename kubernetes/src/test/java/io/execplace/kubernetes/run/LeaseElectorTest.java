package io.execplace.kubernetes.run;

import io.execplace.kubernetes.mock.ManualClock;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Lease elector against a mock API server, one attempt at a time on a manual clock: when a candidate
 * reads again and takes the lease, what it writes, the release on a clean stop, and when a leader gives up.
 */
class LeaseElectorTest {

    private static final Instant T = Instant.parse("2026-11-28T01:00:00Z");
    private static final LeaderElection.Settings KUBE = LeaderElection.Settings.defaults("kube-system", "execplace");

    private KubernetesMockServer server;
    private KubernetesClient client;
    private final ManualClock clock = new ManualClock(T);
    private final List<String> events = new ArrayList<>();

    @BeforeEach
    void start() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(), false);
        server.init(InetAddress.getLoopbackAddress(), 0);
        KubernetesClient mock = server.createClient();
        client = new KubernetesClientBuilder().withConfig(SchedulerLauncher.tuned(mock.getConfiguration())).build();
        mock.close();
    }

    @AfterEach
    void stop() {
        client.close();
        try {
            server.destroy();
        } catch (RuntimeException e) {
            // destroyed by the test already
        }
    }

    private void heldBy(String holder, Instant renewed) {
        client.leases().inNamespace("kube-system").resource(new LeaseBuilder().withNewMetadata().withName("execplace")
                .withNamespace("kube-system").endMetadata().withNewSpec().withHolderIdentity(holder).withLeaseDurationSeconds(15)
                .withAcquireTime(renewed.minusSeconds(60).atZone(ZoneOffset.UTC)).withRenewTime(renewed.atZone(ZoneOffset.UTC))
                .withLeaseTransitions(3).endSpec().build()).create();
    }

    private void takenBy(String holder) {
        client.leases().inNamespace("kube-system").withName("execplace").edit(l -> new LeaseBuilder(l).editSpec()
                .withHolderIdentity(holder).endSpec().build());
    }

    private Lease lease() {
        return client.leases().inNamespace("kube-system").withName("execplace").get();
    }

    private LeaseElector elector(String identity, Clock time) {
        return new LeaseElector(client, KUBE, identity, time, new LeaseElector.Listener() {
            @Override
            public void startedLeading() {
                events.add(identity + " leads");
            }

            @Override
            public void stoppedLeading(String why) {
                events.add(identity + " lost: " + why);
            }

            @Override
            public void newLeader(String holder) {
            }
        });
    }

    @Test
    void aCandidateReadsAgainAtTheExpiryNotAtItsNextPollAndTakesTheLeaseThen() {
        heldBy("old", T);
        clock.advance(Duration.ofSeconds(1));
        LeaseElector candidate = elector("new", clock);

        assertThat(candidate.attempt()).as("14 s to the expiry: the next read a retry period on").isEqualTo(Duration.ofSeconds(2));
        clock.advance(Duration.ofSeconds(13));
        assertThat(candidate.attempt()).as("the expiry comes before the next poll: read again then").isEqualTo(Duration.ofMillis(1001));
        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("old");

        clock.advance(Duration.ofMillis(1001));
        candidate.attempt();

        Lease taken = lease();
        assertThat(taken.getSpec().getHolderIdentity()).isEqualTo("new");
        assertThat(taken.getSpec().getAcquireTime().toInstant()).isEqualTo(clock.instant());
        assertThat(taken.getSpec().getRenewTime().toInstant()).isEqualTo(clock.instant());
        assertThat(taken.getSpec().getLeaseTransitions()).isEqualTo(4);
        assertThat(events).containsExactly("new leads");
    }

    @Test
    void aLeaseThatRanOutWhileNobodyCouldReadIsTakenAtTheFirstRead() {
        // An API server outage longer than the renew deadline: the leader gave up, the record ran out meanwhile.
        heldBy("old", T.minusSeconds(16));
        LeaseElector candidate = elector("new", clock);

        candidate.attempt();

        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("new");
    }

    @Test
    void everyWriteCarriesTheTimeOfTheWriteNotOfTheAttemptsStart() {
        // Finding 1 of docs/faults.md: a record stamped before a slow read was already old when written.
        clock.advanceOnEachReading(Duration.ofSeconds(13));
        heldBy("old", T.minusSeconds(100));
        LeaseElector candidate = elector("new", clock);
        candidate.attempt();

        Lease taken = lease();
        assertThat(taken.getSpec().getHolderIdentity()).isEqualTo("new");
        Instant began = T; // the attempt's first reading
        assertThat(taken.getSpec().getRenewTime().toInstant()).isAfter(began);
        assertThat(taken.getSpec().getAcquireTime()).isEqualTo(taken.getSpec().getRenewTime());
    }

    @Test
    void aRenewalKeepsTheAcquireTimeAndTheTransitions() {
        LeaseElector leader = elector("a", clock);
        leader.attempt();
        clock.advance(Duration.ofSeconds(2));
        leader.attempt();

        Lease renewed = lease();
        assertThat(renewed.getSpec().getAcquireTime().toInstant()).isEqualTo(T);
        assertThat(renewed.getSpec().getRenewTime().toInstant()).isEqualTo(T.plusSeconds(2));
        assertThat(renewed.getSpec().getLeaseTransitions()).isZero();
        assertThat(leader.leading()).isTrue();
    }

    /** {@code a} takes the lease; a replica "b" reads it and waits. */
    private LeaseElector waitingBehind(LeaseElector a) {
        LeaseElector b = elector("b", clock);
        a.attempt();
        b.attempt();
        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("a");
        return b;
    }

    @Test
    void aLeaderStoppedCleanlyReleasesTheLeaseAndTheNextReplicaTakesItAtItsNextRead() {
        LeaseElector a = elector("a", clock);
        LeaseElector b = waitingBehind(a);

        a.close(true);
        assertThat(lease().getSpec().getHolderIdentity()).isNullOrEmpty();
        b.attempt();

        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("b");
        assertThat(events).containsExactly("a leads", "b leads");
    }

    @Test
    void aCrashedLeaderKeepsTheLeaseUntilItExpires() {
        LeaseElector a = elector("a", clock);
        LeaseElector b = waitingBehind(a);

        a.close(false);
        clock.advance(Duration.ofSeconds(2));
        b.attempt();

        assertThat(lease().getSpec().getHolderIdentity()).isEqualTo("a");
    }

    @Test
    void aLeaderStopsWhenItsLeaseWasTakenOrItCouldNotRenewWithinTheDeadline() {
        LeaseElector a = elector("a", clock);
        a.attempt();
        takenBy("intruder");
        a.attempt();
        assertThat(a.leading()).isFalse();
        assertThat(events).containsExactly("a leads", "a lost: lease taken by intruder");

        LeaseElector b = elector("b", clock);
        client.leases().inNamespace("kube-system").withName("execplace").delete();
        b.attempt();
        server.destroy(); // no renewal gets through from now on
        clock.advance(Duration.ofMillis(9_999));
        b.attempt();
        assertThat(b.leading()).as("within the renew deadline").isTrue();
        clock.advance(Duration.ofMillis(1));
        b.attempt();
        assertThat(b.leading()).isFalse();
        assertThat(events).last().asString().startsWith("b lost: not renewed within the renew deadline");
    }

    @Test
    void theSettingsLetTheLeaderGiveUpBeforeAnyoneTakesOver() {
        assertThatThrownBy(() -> new LeaderElection.Settings("kube-system", "execplace", Duration.ofSeconds(10),
                Duration.ofSeconds(10), Duration.ofSeconds(2))).hasMessageContaining("lease duration > renew deadline");
        assertThatThrownBy(() -> new LeaderElection.Settings("kube-system", "execplace", Duration.ofSeconds(15),
                Duration.ofSeconds(2), Duration.ofSeconds(2))).hasMessageContaining("renew deadline > 1.2 x retry period");
        assertThat(new LeaderElection.Settings("kube-system", "execplace", Duration.ofSeconds(6), Duration.ofSeconds(4),
                Duration.ofSeconds(1)).leaseDuration()).isEqualTo(Duration.ofSeconds(6));
    }
}

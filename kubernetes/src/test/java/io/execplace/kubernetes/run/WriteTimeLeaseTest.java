package io.execplace.kubernetes.run;

import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaderElectionRecord;
import io.fabric8.kubernetes.client.extended.leaderelection.resourcelock.LeaseLock;
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
import java.time.ZonedDateTime;
import java.util.HashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Regression (fault suite, API server restart right after a leader kill): a replica that began an
 * attempt at t, waited on a slow read, and wrote at t + 13 s must write t + 13 s as renew and acquire
 * time — a record carrying t is already expired when written, and a third replica could take it at once.
 */
class WriteTimeLeaseTest {

    private static final Instant WRITTEN = Instant.parse("2026-11-27T18:45:32.806Z");
    private static final ZonedDateTime STARTED = ZonedDateTime.ofInstant(WRITTEN.minusSeconds(13), ZoneOffset.UTC);

    private KubernetesMockServer server;
    private KubernetesClient client;

    @BeforeEach
    void start() {
        server = new KubernetesMockServer(new Context(), new MockWebServer(), new HashMap<>(), new KubernetesCrudDispatcher(), false);
        server.init(InetAddress.getLoopbackAddress(), 0);
        client = server.createClient();
        client.leases().inNamespace("kube-system").resource(new LeaseBuilder().withNewMetadata().withName("execplace")
                .withNamespace("kube-system").endMetadata().withNewSpec().withHolderIdentity("old").withLeaseDurationSeconds(6)
                .withAcquireTime(STARTED.minusSeconds(30)).withRenewTime(STARTED.minusSeconds(8)).withLeaseTransitions(0).endSpec().build()).create();
    }

    @AfterEach
    void stop() {
        client.close();
        server.destroy();
    }

    @Test
    void anAcquisitionCarriesTheTimeOfItsWriteNotOfItsAttempt() {
        WriteTimeLease lock = new WriteTimeLease(new LeaseLock("kube-system", "execplace", "new"), Clock.fixed(WRITTEN, ZoneOffset.UTC));
        assertThat(lock.get(client).getHolderIdentity()).isEqualTo("old");

        lock.update(client, new LeaderElectionRecord("new", Duration.ofSeconds(6), STARTED, STARTED, 1));

        Lease written = client.leases().inNamespace("kube-system").withName("execplace").get();
        assertThat(written.getSpec().getHolderIdentity()).isEqualTo("new");
        assertThat(written.getSpec().getRenewTime().toInstant()).isEqualTo(WRITTEN);
        assertThat(written.getSpec().getAcquireTime().toInstant()).isEqualTo(WRITTEN);
    }

    @Test
    void aRenewalKeepsItsAcquireTimeAndCarriesTheTimeOfItsWrite() {
        WriteTimeLease lock = new WriteTimeLease(new LeaseLock("kube-system", "execplace", "old"), Clock.fixed(WRITTEN, ZoneOffset.UTC));
        ZonedDateTime acquired = STARTED.minusSeconds(30);
        lock.get(client);

        lock.update(client, new LeaderElectionRecord("old", Duration.ofSeconds(6), acquired, STARTED, 0));

        Lease written = client.leases().inNamespace("kube-system").withName("execplace").get();
        assertThat(written.getSpec().getRenewTime().toInstant()).isEqualTo(WRITTEN);
        assertThat(written.getSpec().getAcquireTime().toInstant()).isEqualTo(acquired.toInstant());
    }
}

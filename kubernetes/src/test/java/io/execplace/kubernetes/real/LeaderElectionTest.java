package io.execplace.kubernetes.real;

import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.LeaderElection;
import io.execplace.kubernetes.run.LeaderElectionAccess;
import io.execplace.kubernetes.scenario.FilterScenarios;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.schedulers.heuristics.FirstFit;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two replicas with leader election on a real kube-apiserver: the leader is killed in the middle of a
 * burst (it stops renewing and does not release its Lease, as a crashed process); the other takes
 * over once the lease has expired and binds the rest. No pod is bound twice or left unbound.
 */
class LeaderElectionTest {

    private static final String NS = FilterScenarios.NS;
    private static final LeaderElection.Settings FAST = new LeaderElection.Settings("kube-system", "execplace",
            Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(250));
    private static RealApiServer server;

    @BeforeAll
    static void startServer() {
        server = RealApiServer.shared();
        server.apply("deploy/rbac.yaml");
    }

    /** One scheduler process: its own client (the ServiceAccount's token), informers, election and loop. */
    private static final class Replica implements AutoCloseable {
        final KubernetesClient client = server.asServiceAccount("kube-system", "execplace-scheduler");
        final KubernetesScheduler scheduler = new KubernetesScheduler(client, new FirstFit(), Harness.PRICES,
                Harness.settings().build(), new ManualClock(Harness.START));
        final AtomicBoolean stop = new AtomicBoolean();
        final LeaderElection election;
        final Thread loop;

        Replica(String name) {
            scheduler.start(Duration.ofSeconds(30));
            election = LeaderElectionAccess.startWithoutRelease(client, FAST, name, () -> {
                stop.set(true);
                scheduler.wakeUp();
            });
            loop = new Thread(() -> {
                try {
                    while (!stop.get()) {
                        if (election.awaitLeadership(Duration.ofMillis(100))) {
                            scheduler.run(stop);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "replica-" + name);
            loop.start();
        }

        /** A crash: the loop stops and the Lease is neither renewed nor released. */
        void kill() throws Exception {
            election.close();
            stop.set(true);
            scheduler.wakeUp();
            loop.join();
        }

        @Override
        public void close() throws Exception {
            kill();
            scheduler.close();
            client.close();
        }
    }

    @Test
    void killingTheLeaderMidBurstHandsOverWithoutDoubleBinding() throws Exception {
        server.reset(NS);
        server.namespace(NS);
        server.admin().leases().inNamespace("kube-system").withName("execplace").delete();
        for (int i = 0; i < 6; i++) {
            server.createReadyNode(TestObjects.node("n" + i, "small", 16, 64).build());
        }
        int apps = 40;
        int executors = 2;
        try (Replica a = new Replica("replica-a")) {
            assertThat(a.election.awaitLeadership(Duration.ofSeconds(20))).isTrue();
            try (Replica b = new Replica("replica-b")) {
                long killedAt = 0;
                for (int app = 0; app < apps; app++) {
                    for (int e = 1; e <= executors; e++) {
                        server.admin().resource(TestObjects.executor(NS, "app-" + app, e, "1", "2Gi", "execplace").build()).create();
                    }
                    if (app == apps / 2) {
                        await().atMost(Duration.ofSeconds(20)).until(() -> a.scheduler.metrics().boundTotal() > 0);
                        a.kill();
                        killedAt = System.currentTimeMillis();
                        assertThat(b.scheduler.metrics().boundTotal()).as("the follower bound nothing while the leader lived").isZero();
                    }
                }
                await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() ->
                        server.admin().pods().inNamespace(NS).list().getItems().stream()
                                .allMatch(p -> p.getSpec().getNodeName() != null));
                // Bindings are counted when their answers arrive, just after the server has them.
                await().atMost(Duration.ofSeconds(30)).until(() ->
                        a.scheduler.metrics().boundTotal() + b.scheduler.metrics().boundTotal() >= apps * executors);
                double boundA = a.scheduler.metrics().boundTotal();
                double boundB = b.scheduler.metrics().boundTotal();
                assertThat(boundA + boundB).isEqualTo(apps * executors);
                assertThat(boundA).isPositive();
                assertThat(boundB).isPositive();
                assertThat(a.scheduler.metrics().bindFailuresTotal() + b.scheduler.metrics().bindFailuresTotal())
                        .as("no binding refused: no pod was bound twice").isZero();
                long failover = b.election.leadingSinceMillis() - killedAt;
                assertThat(failover).isPositive();
                System.out.printf("leader killed mid-burst: follower leading after %d ms (lease %d ms); bound %d + %d pods%n",
                        failover, FAST.leaseDuration().toMillis(), (long) boundA, (long) boundB);
            }
        }
    }
}

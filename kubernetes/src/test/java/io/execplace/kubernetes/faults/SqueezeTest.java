package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.real.RealApiServer;
import io.execplace.kubernetes.bind.BindResult;
import io.execplace.kubernetes.bind.Binder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.awaitility.Awaitility.await;

/**
 * The two squeezes of the fault suite do what docs/faults.md says, on a real API server (the testbed's
 * runs then only count what they did): the webhook holds bindings inside the API server, and the APF level
 * turns the scheduler's ServiceAccount away with 429 while the admin is served. The webhook runs on any
 * release; the throttle needs flowcontrol v1 ({@code -Dexecplace.kubeRelease=1.37.2}, the testbed's) and is
 * skipped on the default 1.20.2.
 */
class SqueezeTest {

    private static final String NS = "squeeze";

    @Test
    void theWebhookHoldsBindingsInTheApiServer(@TempDir Path dir) throws Exception {
        RealApiServer api = RealApiServer.shared();
        api.namespace(NS);
        KubernetesClient admin = api.admin();
        api.createReadyNode(new NodeBuilder().withNewMetadata().withName("squeeze-node").endMetadata().withNewStatus()
                .addToAllocatable("cpu", new Quantity("64")).addToAllocatable("memory", new Quantity("256Gi"))
                .addToAllocatable("pods", new Quantity("110")).endStatus().build());

        // The server is shared with the other real-server tests: leave no pod or node behind for their caches.
        try (SlowBindings slow = new SlowBindings(admin, dir.resolve("webhook"), Duration.ofMillis(300));
             AutoCloseable cleanUp = () -> api.reset(NS)) {
            slow.on(NS);
            AtomicInteger next = new AtomicInteger();
            // the API server loads webhook configurations asynchronously: bind pods until one went through the webhook
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> {
                bind(admin, "slow-" + next.getAndIncrement());
                return slow.delayed() > 0;
            });
            slow.off();
            assertThat(admin.pods().inNamespace(NS).withName("slow-" + (next.get() - 1)).get().getSpec().getNodeName())
                    .as("a held binding still binds").isEqualTo("squeeze-node");
        }
    }

    @Test
    void theThrottleAnswersTheReplicasServiceAccountWith429(@TempDir Path dir) throws Exception {
        RealApiServer api = currentRelease();
        KubernetesClient admin = api.admin();

        Path kubeconfig = ReplicaCredentials.kubeconfig(admin, RealApiServer.REPOSITORY.resolve("deploy").resolve("rbac.yaml"),
                api.kubeconfig(), "execplace-squeeze", dir.resolve("replica.kubeconfig"));
        try (KubernetesClient replica = new KubernetesClientBuilder().withConfig(Config.fromKubeconfig(Files.readString(kubeconfig))).build()) {
            assertThat(replica.pods().inNamespace(NS).list().getItems()).as("the ServiceAccount reads pods").isNotNull();
            assertThatThrownBy(() -> replica.secrets().inNamespace(ReplicaCredentials.NAMESPACE).list())
                    .as("and no more than deploy/rbac.yaml allows").isInstanceOf(KubernetesClientException.class)
                    .extracting(e -> ((KubernetesClientException) e).getCode()).isEqualTo(403);
        }
        ApiThrottle throttle = new ApiThrottle(admin);
        long before = throttle.rejected();
        ExecutorService threads = Executors.newFixedThreadPool(64);
        try (KubernetesClient scheduler = api.asServiceAccount(ReplicaCredentials.NAMESPACE, ReplicaCredentials.SERVICE_ACCOUNT)) {
            throttle.on();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() -> {
                List<CompletableFuture<Void>> burst = new ArrayList<>();
                for (int i = 0; i < 200; i++) {
                    burst.add(CompletableFuture.runAsync(() -> {
                        try {
                            scheduler.pods().inAnyNamespace().list();
                        } catch (RuntimeException e) {
                            // 429s are what this burst is for; the server's counter says how many
                        }
                    }, threads));
                }
                CompletableFuture.allOf(burst.toArray(CompletableFuture[]::new)).join();
                return throttle.rejected() > before;
            });
            assertThat(admin.pods().inNamespace(NS).list().getItems()).as("the admin is not throttled").isNotNull();
        } finally {
            throttle.off();
            threads.shutdownNow();
        }
    }

    /** The real API server with the test namespace, if it is a release with flowcontrol v1 (1.29+; the testbed's is 1.37). */
    private static RealApiServer currentRelease() {
        RealApiServer api = RealApiServer.shared();
        assumeTrue(api.minorVersion() >= 29, "run on the testbed's release: -Dexecplace.kubeRelease=1.37.2");
        api.namespace(NS);
        return api;
    }

    /** A new pod bound as the scheduler binds ({@code pods/NAME/binding}). */
    private static void bind(KubernetesClient admin, String name) {
        Pod pod = admin.pods().inNamespace(NS).resource(new PodBuilder().withNewMetadata().withName(name).endMetadata().withNewSpec()
                .withSchedulerName("nobody").addNewContainer().withName("c").withImage("busybox").endContainer().endSpec().build()).create();
        assertThat(new Binder(admin, 1, Duration.ZERO, Duration.ofSeconds(30)).bindAll(List.of(pod), List.of("squeeze-node")))
                .allMatch(BindResult::bound);
    }
}

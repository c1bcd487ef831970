package io.execplace.kubernetes.real;

import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.provisioned.NodeClaimLife;
import io.execplace.kubernetes.replay.ReplayResult;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.awaitility.Awaitility.await;

/**
 * The testbed of {@code scripts/testbed} (kube-apiserver, kube-controller-manager, kube-scheduler of
 * Kubernetes 1.37.2, kwok nodes, Karpenter's kwok provider), started once per test JVM in a folder of its
 * own and stopped when the JVM exits, at time scale 1 (a pod's expected duration passes in real seconds).
 * The first run on a machine builds everything (docs/testbed.md gives the times; cached after).
 * {@code -Dexecplace.testbed=skip} skips the tests that need it, saying so; otherwise a testbed that
 * cannot be started fails them.
 */
public final class Testbed {

    private static Testbed shared;
    private static boolean skipSaid;

    public static final Path SCRIPT = RealApiServer.REPOSITORY.resolve("scripts").resolve("testbed");

    private final Path dir;
    private final KubernetesClient admin;
    private final PriceTable prices;

    private Testbed(Path dir, Path kubeconfig) throws IOException {
        this.dir = dir;
        Config config = Config.fromKubeconfig(null, Files.readString(kubeconfig), kubeconfig.toString());
        this.admin = new KubernetesClientBuilder().withConfig(config).build();
        this.prices = PriceTable.read(dir.resolve("prices.yaml"));
    }

    /** The testbed of this JVM, started on first use. */
    public static synchronized Testbed shared() {
        if ("skip".equals(System.getProperty("execplace.testbed"))) {
            if (!skipSaid) {
                // A skipped test's reason reaches only the surefire reports: say it in the build's output, once.
                System.err.println("execplace: testbed tests skipped (-Dexecplace.testbed=skip)");
                skipSaid = true;
            }
            Assumptions.abort("testbed tests skipped (-Dexecplace.testbed=skip)");
        }
        if (shared == null) {
            Path dir = UpScript.ownDir("execplace-testbed-test-");
            Path kubeconfig = UpScript.up(SCRIPT, dir, List.of("--time-scale", "1"), "to skip the testbed tests: -Dexecplace.testbed=skip");
            try {
                shared = new Testbed(dir, kubeconfig);
            } catch (IOException e) {
                UpScript.down(SCRIPT, dir);
                throw new IllegalStateException("cannot read the testbed in " + dir + ": " + e.getMessage(), e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(shared::down, "testbed-down"));
        }
        return shared;
    }

    private void down() {
        UpScript.down(SCRIPT, dir);
        try {
            admin.close();
        } catch (RuntimeException | LinkageError e) {
            // The JVM is exiting; nothing is left to release.
        }
    }

    /** The testbed's folder (its kubeconfig, prices, logs and the components' pid and command files). */
    public Path dir() {
        return dir;
    }

    /** A client with the admin token (group system:masters). */
    public KubernetesClient admin() {
        return admin;
    }

    /** The prices Karpenter's kwok provider sells at (the testbed's DIR/prices.yaml). */
    public PriceTable prices() {
        return prices;
    }

    /**
     * Waits until Karpenter removed every node it bought (consolidation of the empty ones), so that a
     * test's pods need nodes of their own.
     */
    public void awaitNoNodeClaims() {
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(250))
                .until(() -> admin.genericKubernetesResources(NodeClaimLife.API_VERSION, NodeClaimLife.KIND).list().getItems().isEmpty());
    }

    public void namespace(String name) {
        admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
                .createOr(NonDeletingOperation::update);
    }

    /**
     * The shared testbed for a test of the long tier ({@code -Dexecplace.testbed=all}; skipped otherwise,
     * saying {@code why}), with {@code namespace} made and no NodeClaim left from an earlier test.
     */
    public static Testbed forLongTest(String namespace, String why) {
        Assumptions.assumeTrue("all".equals(System.getProperty("execplace.testbed")), why + " runs with -Dexecplace.testbed=all");
        Testbed testbed = shared();
        testbed.namespace(namespace);
        testbed.awaitNoNodeClaims();
        return testbed;
    }

    /** A replay to run (it may be interrupted). */
    public interface ReplayRun {
        ReplayResult run() throws InterruptedException;
    }

    /**
     * Starts the scheduler (its informers), runs its loop on a thread of its own while {@code replay}
     * runs, and stops the loop after; the scheduler stays open (the caller closes it).
     */
    public static ReplayResult whileScheduling(KubernetesScheduler scheduler, ReplayRun replay) throws InterruptedException {
        scheduler.start(Duration.ofSeconds(30));
        AtomicBoolean stop = new AtomicBoolean();
        Thread loop = new Thread(() -> scheduler.run(stop), "execplace-scheduler");
        loop.start();
        try {
            return replay.run();
        } finally {
            stop.set(true);
            scheduler.wakeUp();
            loop.join();
        }
    }
}

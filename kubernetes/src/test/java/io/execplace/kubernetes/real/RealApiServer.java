package io.execplace.kubernetes.real;

import io.execplace.kubernetes.run.SchedulerLauncher;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.authentication.TokenRequest;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * A real kube-apiserver (Kubernetes 1.20.2 from Debian's source package, with etcd, TLS, token
 * authentication and RBAC) started once per test JVM by {@code scripts/kube-apiserver up} and
 * stopped by {@code down} when the JVM exits. The first run on a machine builds it (about 5 minutes
 * on 2 cores, cached). {@code -Dexecplace.kubeRelease=1.37.2} runs the same tests on a current
 * release built from the Go module proxy (about 4 minutes, once).
 * {@code -Dexecplace.realApiServer=skip} skips the tests that need it, saying so; otherwise a server
 * that cannot be started fails them.
 */
public final class RealApiServer {

    private static RealApiServer shared;

    /**
     * The repository's root: the working directory's nearest folder that holds
     * {@code scripts/kube-apiserver} (the module's folder under surefire, the root under exec:java).
     */
    public static final Path REPOSITORY = repository();

    /** The script that builds, starts and stops the server. */
    public static final Path SCRIPT = REPOSITORY.resolve("scripts").resolve("kube-apiserver");

    private static Path repository() {
        Path start = Path.of("").toAbsolutePath();
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("scripts").resolve("kube-apiserver"))) {
                return p;
            }
        }
        return start.getParent() != null ? start.getParent() : start;
    }

    private final Path dir;
    private final Path script;
    private final Path kubeconfig;
    private final Config adminConfig;
    private final KubernetesClient admin;

    private RealApiServer(Path script, Path dir, Path kubeconfig) throws IOException {
        this.script = script;
        this.dir = dir;
        this.kubeconfig = kubeconfig;
        this.adminConfig = Config.fromKubeconfig(null, Files.readString(kubeconfig), kubeconfig.toString());
        adminConfig.setRequestRetryBackoffLimit(0);
        this.admin = new KubernetesClientBuilder().withConfig(adminConfig).build();
    }

    private static boolean skipSaid;

    /** The server of this JVM, started on first use. */
    public static synchronized RealApiServer shared() {
        if ("skip".equals(System.getProperty("execplace.realApiServer"))) {
            if (!skipSaid) {
                // A skipped test's reason reaches only the surefire reports: say it in the build's output, once.
                System.err.println("execplace: real kube-apiserver tests skipped (-Dexecplace.realApiServer=skip)");
                skipSaid = true;
            }
            Assumptions.abort("real kube-apiserver tests skipped (-Dexecplace.realApiServer=skip)");
        }
        if (shared == null) {
            shared = start();
        }
        return shared;
    }

    private static RealApiServer start() {
        Path dir = UpScript.ownDir("execplace-kube-test-");
        Path kubeconfig = UpScript.up(SCRIPT, dir, releaseArguments(), "to skip the real API server tests: -Dexecplace.realApiServer=skip");
        try {
            RealApiServer server = new RealApiServer(SCRIPT, dir, kubeconfig);
            Runtime.getRuntime().addShutdownHook(new Thread(server::down, "kube-apiserver-down"));
            return server;
        } catch (IOException e) {
            UpScript.down(SCRIPT, dir);
            throw new IllegalStateException("cannot read " + kubeconfig + ": " + e.getMessage(), e);
        }
    }

    /**
     * The {@code scripts/kube-apiserver} arguments that pick the release of {@code -Dexecplace.kubeRelease}
     * (none: the script's default, 1.20.2).
     */
    public static List<String> releaseArguments() {
        String release = System.getProperty("execplace.kubeRelease", "").trim();
        return release.isEmpty() ? List.of() : List.of("--release", release);
    }

    /** The server's minor version (20 for 1.20.2). */
    public int minorVersion() {
        return Integer.parseInt(admin.getKubernetesVersion().getMinor().replaceAll("\\D", ""));
    }

    /** Stops the server first: closing the client may fail when the JVM is going down (classes unloadable). */
    private void down() {
        UpScript.down(script, dir);
        try {
            admin.close();
        } catch (RuntimeException | LinkageError e) {
            // The JVM is exiting; nothing is left to release.
        }
    }

    /** The admin kubeconfig file. */
    public Path kubeconfig() {
        return kubeconfig;
    }

    /** A client with the admin token (group system:masters). */
    public KubernetesClient admin() {
        return admin;
    }

    /** Applies a manifest of the repository (path from the repository root) with the admin client. */
    public void apply(String manifest) {
        Path file = REPOSITORY.resolve(manifest);
        try (InputStream in = Files.newInputStream(file)) {
            List<HasMetadata> items = admin.load(in).items();
            for (HasMetadata item : items) {
                admin.resource(item).createOr(NonDeletingOperation::update);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }

    /** A kubeconfig file that authenticates as the ServiceAccount (a TokenRequest token), for a scheduler process of its own. */
    public Path serviceAccountKubeconfig(String namespace, String name, Path file) throws IOException {
        Files.writeString(file, String.join("\n", "apiVersion: v1", "kind: Config", "clusters:", "- name: execplace", "  cluster:",
                "    server: " + adminConfig.getMasterUrl(), "    certificate-authority-data: " + adminConfig.getCaCertData(),
                "users:", "- name: " + name, "  user:", "    token: " + token(namespace, name), "contexts:", "- name: execplace",
                "  context:", "    cluster: execplace", "    user: " + name, "current-context: execplace", ""));
        return file;
    }

    private String token(String namespace, String name) {
        TokenRequest request = new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build();
        return admin.serviceAccounts().inNamespace(namespace).withName(name).tokenRequest(request).getStatus().getToken();
    }

    /** A client that authenticates as the ServiceAccount, with a token from the TokenRequest API. */
    public KubernetesClient asServiceAccount(String namespace, String name) {
        String token = token(namespace, name);
        Config config = new ConfigBuilder().withMasterUrl(adminConfig.getMasterUrl()).withCaCertData(adminConfig.getCaCertData())
                .withOauthToken(token).withNamespace(null).build();
        // The client settings k8s-scheduler runs with.
        return new KubernetesClientBuilder().withConfig(SchedulerLauncher.tuned(config)).build();
    }

    /** Creates the node, then removes the not-ready taint the server put on it, as the node lifecycle controller would. */
    public void createReadyNode(Node node) {
        admin.resource(node).create();
        admin.nodes().withName(node.getMetadata().getName()).edit(n -> {
            if (n.getSpec().getTaints() != null) {
                n.getSpec().getTaints().removeIf(t -> NOT_READY.equals(t.getKey()));
            }
            return n;
        });
    }

    /** The taint a real API server puts on every new node until its kubelet is seen Ready. */
    public static final String NOT_READY = "node.kubernetes.io/not-ready";

    public void namespace(String name) {
        admin.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
                .createOr(NonDeletingOperation::update);
    }

    /** Deletes every node and, at once (no kubelet will confirm), every pod and event of the namespace. */
    public void reset(String namespace) {
        admin.pods().inNamespace(namespace).withGracePeriod(0).delete();
        admin.v1().events().inNamespace(namespace).delete();
        admin.nodes().delete();
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50))
                .until(() -> admin.pods().inNamespace(namespace).list().getItems().isEmpty()
                        && admin.nodes().list().getItems().isEmpty());
    }
}

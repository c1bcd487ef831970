package io.execplace.kubernetes.faults;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Slow bindings, made by the API server itself: a validating admission webhook on {@code pods/binding}
 * (CREATE) in one run's namespace that answers "allowed" only after a delay, so every binding there takes
 * that much longer, whoever sends it. The webhook is an HTTPS server on the loopback address and a port of
 * its own, with a self-signed certificate made by the JDK's keytool (its own certificate is the caBundle);
 * failurePolicy Ignore, so a webhook gone leaves bindings fast, never refused.
 */
final class SlowBindings implements AutoCloseable {

    private static final String PASSWORD = "execplace-faults";

    private final KubernetesClient admin;
    private final Duration delay;
    private final String name;
    private final HttpsServer server;
    private final String caBundle;
    private final AtomicInteger delayed = new AtomicInteger();

    /** Starts the webhook's server (keys in {@code dir}); {@link #on} makes the API server call it. */
    SlowBindings(KubernetesClient admin, Path dir, Duration delay) throws IOException, GeneralSecurityException {
        this.admin = admin;
        this.delay = delay;
        this.name = "execplace-faults-slow-bindings";
        Files.createDirectories(dir);
        Path keystore = dir.resolve("webhook.p12");
        Files.deleteIfExists(keystore);
        keytool(List.of("-genkeypair", "-alias", "webhook", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=127.0.0.1",
                "-ext", "san=ip:127.0.0.1", "-validity", "2", "-keystore", keystore.toString(), "-storetype", "PKCS12",
                "-storepass", PASSWORD, "-keypass", PASSWORD));
        String exported = keytool(List.of("-exportcert", "-rfc", "-alias", "webhook", "-keystore", keystore.toString(),
                "-storetype", "PKCS12", "-storepass", PASSWORD));
        int begin = exported.indexOf("-----BEGIN CERTIFICATE-----");
        int end = exported.indexOf("-----END CERTIFICATE-----");
        if (begin < 0 || end < begin) {
            throw new IOException("keytool -exportcert gave no certificate: " + exported.strip());
        }
        caBundle = Base64.getEncoder().encodeToString((exported.substring(begin, end) + "-----END CERTIFICATE-----\n")
                .getBytes(StandardCharsets.UTF_8));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, PASSWORD.toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/validate", this::review);
        // One thread per binding held: the delay must not queue bindings behind each other.
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "slow-bindings");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    /** Bindings in {@code namespace} from now on wait {@code delay} in the API server. */
    void on(String namespace) {
        String yaml = """
                apiVersion: admissionregistration.k8s.io/v1
                kind: ValidatingWebhookConfiguration
                metadata:
                  name: %1$s
                webhooks:
                  - name: slow-bindings.faults.execplace.io
                    clientConfig:
                      url: https://127.0.0.1:%2$d/validate
                      caBundle: %3$s
                    rules:
                      - operations: ["CREATE"]
                        apiGroups: [""]
                        apiVersions: ["v1"]
                        resources: ["pods/binding", "bindings"]
                        scope: Namespaced
                    namespaceSelector:
                      matchLabels:
                        kubernetes.io/metadata.name: %4$s
                    failurePolicy: Ignore
                    sideEffects: None
                    admissionReviewVersions: ["v1"]
                    timeoutSeconds: %5$d
                """.formatted(name, server.getAddress().getPort(), caBundle, namespace, delay.toSeconds() + 5);
        // The selector's label is set on every namespace by kube-apiserver 1.21 and later (NamespaceDefaultLabelName);
        // 1.20 sets none, and the webhook was never called there: put it on if missing.
        admin.namespaces().withName(namespace).edit(n -> new io.fabric8.kubernetes.api.model.NamespaceBuilder(n).editMetadata()
                .addToLabels("kubernetes.io/metadata.name", namespace).endMetadata().build());
        admin.resource(yaml).createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
    }

    void off() {
        admin.genericKubernetesResources("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration").withName(name).delete();
    }

    /** Binding requests the webhook held so far. */
    int delayed() {
        return delayed.get();
    }

    private void review(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<?, ?> review = Serialization.unmarshal(exchange.getRequestBody(), Map.class);
            Object uid = review.get("request") instanceof Map<?, ?> request ? request.get("uid") : null;
            delayed.incrementAndGet();
            try {
                TimeUnit.MILLISECONDS.sleep(delay.toMillis()); // the fault itself: a slow binding path
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = Serialization.asJson(Map.of("apiVersion", "admission.k8s.io/v1", "kind", "AdmissionReview",
                    "response", Map.of("uid", String.valueOf(uid), "allowed", true))).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static String keytool(List<String> args) throws IOException {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException("keytool failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running keytool", e);
        }
        return output;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}

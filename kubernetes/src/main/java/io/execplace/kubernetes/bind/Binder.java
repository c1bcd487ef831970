package io.execplace.kubernetes.bind;

import io.fabric8.kubernetes.api.model.Binding;
import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.http.HttpRequest;
import io.fabric8.kubernetes.client.http.HttpResponse;
import io.fabric8.kubernetes.client.utils.Serialization;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Binds pods to nodes through the {@code pods/binding} subresource, as kube-scheduler does. The
 * pods of one gang are bound concurrently. A 409 (the pod already has a node) is final and never
 * retried; 429 and 5xx answers and I/O errors are retried up to {@code maxAttempts} times with
 * exponential back-off, waiting at least what a {@code Retry-After} header asks (at most
 * {@link #MAX_RETRY_AFTER}: API Priority and Fairness sends it with 429).
 */
public final class Binder {

    private static final Logger LOG = LoggerFactory.getLogger(Binder.class);

    /** The longest a Retry-After holds a cycle; longer requests are left to the pod's back-off. */
    public static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(10);

    private final KubernetesClient client;
    private final int maxAttempts;
    private final Duration backoff;
    private final Duration timeout;
    private final Consumer<Duration> pause;

    public Binder(KubernetesClient client, int maxAttempts, Duration backoff, Duration timeout) {
        this(client, maxAttempts, backoff, timeout, Binder::sleep);
    }

    /** @param pause how the binder waits between attempts (tests record it instead of sleeping) */
    public Binder(KubernetesClient client, int maxAttempts, Duration backoff, Duration timeout, Consumer<Duration> pause) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("bind attempts must be >= 1, got " + maxAttempts);
        }
        this.client = client;
        this.maxAttempts = maxAttempts;
        this.backoff = backoff;
        this.timeout = timeout;
        this.pause = pause;
    }

    /** Binds {@code pods.get(i)} to {@code nodes.get(i)}; results in the same order. */
    public List<BindResult> bindAll(List<Pod> pods, List<String> nodes) {
        return bindAll(pods, nodes, java.util.Collections.nCopies(pods.size(), Map.of()));
    }

    /**
     * As {@link #bindAll(List, List)}, the Binding of {@code pods.get(i)} carrying {@code annotations.get(i)}:
     * the API server copies a Binding's annotations onto the pod as it binds it
     * ({@code setPodNodeAndMetadata}, pkg/registry/core/pod/storage/storage.go of Kubernetes v1.37), so
     * they arrive with the node name, in the same write.
     */
    public List<BindResult> bindAll(List<Pod> pods, List<String> nodes, List<Map<String, String>> annotations) {
        int n = pods.size();
        BindResult[] results = new BindResult[n];
        List<Integer> todo = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            todo.add(i);
        }
        Duration serverAsks = Duration.ZERO;
        for (int attempt = 1; attempt <= maxAttempts && !todo.isEmpty(); attempt++) {
            if (attempt > 1) {
                Duration exponential = backoff.multipliedBy(1L << Math.min(10, attempt - 2));
                Duration wait = exponential.compareTo(serverAsks) >= 0 ? exponential : min(serverAsks, MAX_RETRY_AFTER);
                if (!wait.isZero() && !wait.isNegative()) {
                    pause.accept(wait);
                }
            }
            serverAsks = Duration.ZERO;
            List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
            for (int i : todo) {
                inFlight.add(send(pods.get(i), nodes.get(i), annotations.get(i)));
            }
            List<Integer> retry = new ArrayList<>();
            int throttled = 0;
            for (int k = 0; k < todo.size(); k++) {
                int i = todo.get(k);
                Attempt a = await(inFlight.get(k), attempt);
                results[i] = a.result();
                if (a.retry()) {
                    retry.add(i);
                    throttled += a.result().detail().startsWith("HTTP 429") ? 1 : 0;
                    if (a.result().retryAfter().compareTo(serverAsks) > 0) {
                        serverAsks = a.result().retryAfter();
                    }
                }
            }
            if (throttled > 0) {
                // API Priority and Fairness turned requests away: say so, or the slowdown has no trace in the log
                LOG.warn("the API server throttled {} of {} binding(s) (HTTP 429, attempt {} of {}; Retry-After {} s)", throttled,
                        todo.size(), attempt, maxAttempts, serverAsks.toSeconds());
            }
            todo = retry;
        }
        return List.of(results);
    }

    /** One request's result and whether it is worth sending again. */
    private record Attempt(BindResult result, boolean retry) {
        static Attempt done(BindResult.Outcome outcome, int attempt, String detail) {
            return new Attempt(new BindResult(outcome, attempt, detail), false);
        }

        static Attempt retry(int attempt, String detail, Duration retryAfter) {
            return new Attempt(new BindResult(BindResult.Outcome.FAILED, attempt, detail, retryAfter), true);
        }
    }

    private Attempt await(CompletableFuture<HttpResponse<String>> f, int attempt) {
        HttpResponse<String> response;
        try {
            response = f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Attempt.done(BindResult.Outcome.FAILED, attempt, "interrupted");
        } catch (ExecutionException | TimeoutException e) {
            return Attempt.retry(attempt, "request failed: " + e, Duration.ZERO);
        }
        int code = response.code();
        if (code >= 200 && code < 300) {
            return Attempt.done(BindResult.Outcome.BOUND, attempt, null);
        }
        String body = response.body();
        String detail = "HTTP " + code + (body == null ? "" : ": " + abbreviate(body));
        if (code == 409) {
            return Attempt.done(BindResult.Outcome.CONFLICT, attempt, detail);
        }
        if (code == 404) {
            return Attempt.done(BindResult.Outcome.GONE, attempt, detail);
        }
        if (code == 429 || code >= 500) {
            return Attempt.retry(attempt, detail, retryAfter(response.header("Retry-After")));
        }
        return Attempt.done(BindResult.Outcome.FAILED, attempt, detail);
    }

    private CompletableFuture<HttpResponse<String>> send(Pod pod, String node, Map<String, String> annotations) {
        String ns = pod.getMetadata().getNamespace();
        String name = pod.getMetadata().getName();
        Binding binding = new BindingBuilder()
                .withNewMetadata().withName(name).withNamespace(ns).withUid(pod.getMetadata().getUid())
                .withAnnotations(annotations.isEmpty() ? null : annotations).endMetadata()
                .withNewTarget().withApiVersion("v1").withKind("Node").withName(node).endTarget()
                .build();
        String base = client.getMasterUrl().toString();
        if (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        String uri = base + "/api/v1/namespaces/" + enc(ns) + "/pods/" + enc(name) + "/binding";
        HttpRequest request = client.getHttpClient().newHttpRequestBuilder()
                .uri(uri)
                .post("application/json", Serialization.asJson(binding).getBytes(StandardCharsets.UTF_8))
                .build();
        return client.getHttpClient().sendAsync(request, String.class);
    }

    /** A Retry-After header in seconds (the API server's form); zero when absent or not a number of seconds. */
    static Duration retryAfter(String header) {
        if (header == null) {
            return Duration.ZERO;
        }
        try {
            long seconds = Long.parseLong(header.trim());
            return seconds > 0 ? Duration.ofSeconds(seconds) : Duration.ZERO;
        } catch (NumberFormatException e) {
            return Duration.ZERO;
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String abbreviate(String s) {
        String oneLine = s.replace('\n', ' ');
        return oneLine.length() > 300 ? oneLine.substring(0, 300) + "..." : oneLine;
    }

    private static void sleep(Duration d) {
        try {
            // Back-off between retries of a failing API server (production code, not a test).
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package io.execplace.kubernetes.observe;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes core/v1 Events about pods and nodes, as {@code kubectl describe} shows them. Events are
 * best effort: they are sent from one background thread so that binding never waits for them, and
 * when the API server is slow the oldest are dropped (counted) rather than piling up.
 */
public final class EventRecorder implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);
    private static final int QUEUE_LIMIT = 10_000;

    private final KubernetesClient client;
    private final String component;
    private final Clock clock;
    private final ThreadPoolExecutor executor;
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();
    private final AtomicLong written = new AtomicLong();

    public EventRecorder(KubernetesClient client, String component, Clock clock) {
        this.client = client;
        this.component = component;
        this.clock = clock;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(QUEUE_LIMIT),
                r -> {
                    Thread t = new Thread(r, component + "-events");
                    t.setDaemon(true);
                    return t;
                },
                (r, ex) -> dropped.incrementAndGet());
    }

    /** A Normal event. */
    public void normal(HasMetadata about, String reason, String message) {
        record(about, "Normal", reason, message);
    }

    /** A Warning event. */
    public void warning(HasMetadata about, String reason, String message) {
        record(about, "Warning", reason, message);
    }

    private void record(HasMetadata about, String type, String reason, String message) {
        String ns = about.getMetadata().getNamespace() == null ? "default" : about.getMetadata().getNamespace();
        String now = Instant.now(clock).toString();
        Event event = new EventBuilder()
                .withNewMetadata()
                .withName(about.getMetadata().getName() + "." + Long.toHexString(System.nanoTime()) + sequence.incrementAndGet())
                .withNamespace(ns)
                .endMetadata()
                .withInvolvedObject(new ObjectReferenceBuilder()
                        .withApiVersion(about.getApiVersion() == null ? "v1" : about.getApiVersion())
                        .withKind(about.getKind())
                        .withName(about.getMetadata().getName())
                        .withNamespace(about.getMetadata().getNamespace())
                        .withUid(about.getMetadata().getUid())
                        .build())
                .withType(type)
                .withReason(reason)
                .withMessage(message.length() > 1000 ? message.substring(0, 1000) : message)
                .withNewSource().withComponent(component).endSource()
                .withReportingComponent(component)
                .withFirstTimestamp(now)
                .withLastTimestamp(now)
                .withCount(1)
                .build();
        executor.execute(() -> {
            try {
                client.v1().events().inNamespace(ns).resource(event).create();
                written.incrementAndGet();
            } catch (KubernetesClientException e) {
                LOG.debug("could not write event {} about {}/{}: {}", reason, ns, about.getMetadata().getName(), e.getMessage());
                dropped.incrementAndGet();
            }
        });
    }

    /** Events written so far. */
    public long written() {
        return written.get();
    }

    /** Events dropped (queue full or the API server refused). */
    public long dropped() {
        return dropped.get();
    }

    /** Events queued but not yet written. */
    public int backlog() {
        return executor.getQueue().size() + executor.getActiveCount();
    }

    @Override
    public void close() {
        executor.shutdown();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        executor.shutdownNow();
    }
}

package io.execplace.kubernetes.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.provisioned.WatchEvents;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * The placement log ({@code k8s-scheduler --placement-log FILE}): which node each pod of this scheduler
 * ran on and when, so that {@code whatif --pods FILE} can put a Kubernetes-mode Spark event log's
 * executors (whose logged host is their pod IP) on their nodes. Format version 1 (docs/eventlogs.md,
 * "Kubernetes logs"): the line {@value #HEADER}, then one JSON object per line, written when a pod of
 * {@code spec.schedulerName} is seen bound ({@code ended} null) and again when it ends (phase Succeeded
 * or Failed, or deleted): {@code pod, namespace, node, app} (label {@code spark-app-selector}),
 * {@code executor} (label {@code spark-exec-id}, or {@code driver}), {@code ip, bound, ended} (epoch ms,
 * as this process saw them). A later line of a pod completes the earlier one. The file is appended to,
 * so that a restarted scheduler keeps what it logged before; a pod that ended before this process saw
 * it bound is not logged again.
 *
 * <p>It watches pods with an informer of its own: the scheduling loop is not touched.
 */
public final class PlacementLog implements AutoCloseable {

    /** The first line of a placement log; a reader refuses another version. */
    public static final String HEADER = "# execplace placement log, version 1";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Writer out;
    private final String schedulerName;
    private final Clock clock;
    /** Pods seen bound and not yet ended: when this process first saw each bound. */
    private final Map<String, Long> boundAt = new HashMap<>();
    private SharedIndexInformer<Pod> informer;
    private IOException failure;

    private PlacementLog(Writer out, String schedulerName, Clock clock) {
        this.out = out;
        this.schedulerName = schedulerName;
        this.clock = clock;
    }

    /** Opens {@code file} for appending (its header written when it is new or empty). */
    public static PlacementLog open(Path file, String schedulerName, Clock clock) throws IOException {
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            w.write(HEADER + "\n");
            w.flush();
        }
        return new PlacementLog(w, schedulerName, clock);
    }

    /** Logs the pods of {@code settings}' scheduler (and namespace) seen by an informer of its own; null without a file. */
    static PlacementLog watch(KubernetesClient client, SchedulerSettings settings, Path file, Clock clock) throws IOException {
        if (file == null) {
            return null;
        }
        PlacementLog log = open(file, settings.schedulerName(), clock);
        log.informer = (settings.namespace() == null ? client.pods().inAnyNamespace()
                : client.pods().inNamespace(settings.namespace())).inform(WatchEvents.to(log::seen));
        return log;
    }

    /** A pod as an informer saw it: a line when it is first seen bound, one more when it ends or is {@code deleted}. */
    public synchronized void seen(Pod pod, boolean deleted) {
        if (pod.getSpec() == null || !schedulerName.equals(pod.getSpec().getSchedulerName())) {
            return;
        }
        String node = pod.getSpec().getNodeName();
        if (node == null || node.isEmpty()) {
            return; // not bound: it ran nowhere (yet)
        }
        String key = pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
        long now = clock.millis();
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        if (deleted || "Succeeded".equals(phase) || "Failed".equals(phase)) {
            // Only pods this process saw bound: one that ended before (a restart) was logged by the process
            // before it, and forgetting ended pods keeps a long-running scheduler's memory flat.
            Long bound = boundAt.remove(key);
            if (bound != null) {
                write(line(pod, node, bound, now));
            }
        } else if (!boundAt.containsKey(key)) {
            boundAt.put(key, now);
            write(line(pod, node, now, null));
        }
    }

    private static String line(Pod pod, String node, long bound, Long endedMs) {
        Map<String, String> labels = pod.getMetadata().getLabels() == null ? Map.of() : pod.getMetadata().getLabels();
        ObjectNode n = JSON.createObjectNode();
        n.put("pod", pod.getMetadata().getName());
        n.put("namespace", pod.getMetadata().getNamespace());
        n.put("node", node);
        n.put("app", labels.get(Labels.SPARK_APP));
        n.put("executor", "driver".equals(labels.get(Labels.SPARK_ROLE)) ? "driver" : labels.get(Labels.SPARK_EXEC_ID));
        n.put("ip", pod.getStatus() == null ? null : pod.getStatus().getPodIP());
        n.put("bound", bound);
        n.put("ended", endedMs);
        return n.toString();
    }

    private void write(String line) {
        if (failure != null) {
            return;
        }
        try {
            out.write(line + "\n");
            out.flush();
        } catch (IOException e) {
            failure = e; // reported by close(): the process ends with an error, not a silently short log
        }
    }

    /** Stops watching and closes the file; a write that failed is thrown here. */
    @Override
    public void close() throws IOException {
        if (informer != null) {
            informer.close(); // outside the lock: an event being handled may be waiting for it
        }
        synchronized (this) {
            out.close();
            if (failure != null) {
                throw new UncheckedIOException("placement log: " + failure.getMessage(), failure);
            }
        }
    }
}

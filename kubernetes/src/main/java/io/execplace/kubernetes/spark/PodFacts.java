package io.execplace.kubernetes.spark;

import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.cluster.Resources;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;

import java.time.Instant;
import java.util.Map;

/**
 * What a scheduling cycle reads of a cached pod, read once per version of the pod (when the informer
 * stores it) instead of in every cycle: a cycle looks at every cached pod, and reading labels, request
 * quantities (strings) and keys from each pod object in each cycle was most of a cycle's time.
 * The pod object must not change afterwards (the informer stores a new object for every version).
 */
public final class PodFacts {

    private final Pod pod;
    private final String uid;
    private final String node;
    private final boolean terminal;
    private final boolean unbound;
    private final String schedulerName;
    private final boolean gated;
    private final String applicationKey;
    private final boolean driver;
    private final boolean executor;
    private final String gangKey;
    private final long cpuMillis;
    private final long memoryBytes;
    private final Map<String, Long> otherRequests;
    private final boolean daemonSet;
    private final double expectedSeconds;

    /** A pod's RFC 3339 time stamp in epoch seconds; {@code fallback} when absent or malformed. */
    public static double epochSeconds(String timestamp, double fallback) {
        if (timestamp == null) {
            return fallback;
        }
        try {
            return Instant.parse(timestamp).toEpochMilli() / 1000.0;
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    private PodFacts(Pod p) {
        pod = p;
        uid = p.getMetadata().getUid();
        String n = p.getSpec() == null ? null : p.getSpec().getNodeName();
        node = n == null || n.isEmpty() ? null : n;
        terminal = ApplicationGrouper.terminal(p);
        unbound = unbound(p);
        schedulerName = p.getSpec() == null ? null : p.getSpec().getSchedulerName();
        gated = p.getSpec() != null && p.getSpec().getSchedulingGates() != null && !p.getSpec().getSchedulingGates().isEmpty();
        applicationKey = AppKeys.application(p);
        String role = ApplicationGrouper.label(p, Labels.SPARK_ROLE);
        driver = applicationKey != null && "driver".equals(role);
        executor = applicationKey != null && "executor".equals(role);
        gangKey = AppKeys.gang(p);
        cpuMillis = Resources.podCpuMillis(p);
        memoryBytes = Resources.podMemoryBytes(p);
        Map<String, Long> other = Resources.podOtherRequests(p);
        otherRequests = other.isEmpty() ? Map.of() : other;
        daemonSet = ownedByDaemonSet(p);
        expectedSeconds = expectedSeconds(p);
    }

    /** Reads the pod now. */
    public static PodFacts of(Pod p) {
        return new PodFacts(p);
    }

    public Pod pod() {
        return pod;
    }

    public String uid() {
        return uid;
    }

    /** The node it is bound to, or null. */
    public String node() {
        return node;
    }

    public boolean bound() {
        return node != null;
    }

    /** Succeeded or Failed: it holds no resources. */
    public boolean terminal() {
        return terminal;
    }

    /** Waiting for a node: not bound, not being deleted, not finished (and it has a spec). */
    public boolean unbound() {
        return unbound;
    }

    /** {@link #unbound()} of a pod read now. */
    public static boolean unbound(Pod p) {
        return p.getSpec() != null && (p.getSpec().getNodeName() == null || p.getSpec().getNodeName().isEmpty())
                && p.getMetadata().getDeletionTimestamp() == null && !ApplicationGrouper.terminal(p);
    }

    /** Whether its spec names this scheduler. */
    public boolean scheduledBy(String name) {
        return name.equals(schedulerName);
    }

    /** It has scheduling gates, and waits until they are removed (kube-scheduler's SchedulingGates plugin). */
    public boolean gated() {
        return gated;
    }

    /** {@code namespace/application} of its Spark application label, or null. */
    public String applicationKey() {
        return applicationKey;
    }

    public boolean driver() {
        return driver;
    }

    public boolean executor() {
        return executor;
    }

    /** The gang it belongs to ({@link AppKeys#gang}). */
    public String gangKey() {
        return gangKey;
    }

    public long cpuMillis() {
        return cpuMillis;
    }

    public long memoryBytes() {
        return memoryBytes;
    }

    /** Requests other than CPU and memory (GPUs, storage). */
    public Map<String, Long> otherRequests() {
        return otherRequests;
    }

    /** A DaemonSet's pod: it does not make its node paid for. */
    public boolean daemonSet() {
        return daemonSet;
    }

    /**
     * The pod's own {@code execplace.io/expected-duration-seconds} (a number > 0), NaN when it has none
     * or a malformed one: how long a pod another scheduler bound keeps its node busy.
     */
    public double expectedSeconds() {
        return expectedSeconds;
    }

    private static double expectedSeconds(Pod p) {
        Map<String, String> a = p.getMetadata().getAnnotations();
        String v = a == null ? null : a.get(Labels.EXPECTED_DURATION);
        if (v == null) {
            return Double.NaN;
        }
        try {
            double d = Double.parseDouble(v.trim());
            return d > 0 && Double.isFinite(d) ? d : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static boolean ownedByDaemonSet(Pod p) {
        if (p.getMetadata().getOwnerReferences() == null) {
            return false;
        }
        for (OwnerReference o : p.getMetadata().getOwnerReferences()) {
            if ("DaemonSet".equals(o.getKind())) {
                return true;
            }
        }
        return false;
    }
}

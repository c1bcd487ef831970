package io.execplace.kubernetes.run;

import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Affinity;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.client.informers.cache.Cache;
import io.fabric8.kubernetes.client.informers.cache.ItemStore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The pod informer's store, keeping of each pod only what scheduling reads: names, Spark's
 * application, role and executor-id labels, the annotations execplace and YuniKorn define, a
 * DaemonSet owner, times; each container's effective requests;
 * node name, scheduler name, tolerations, node selector and affinity, priority, scheduling gates,
 * overhead; phase, the PodScheduled condition and start time. A Spark executor pod carries much
 * more (environment, volumes, mounts, probes, managed fields, container statuses), and a cluster of
 * 50,000 pods holds that in every replica's heap.
 *
 * <p>fabric8's {@code ReducedStateItemStore} keeps chosen fields too, but rebuilds a pod from them on
 * every read, and every cycle reads every pod; this store slims a pod once, when it arrives.
 */
public final class SlimPodStore implements ItemStore<Pod> {

    /** The pod labels scheduling reads (Spark's). */
    private static final java.util.Set<String> KEPT_LABELS = java.util.Set.of("spark-app-selector", "spark-role", "spark-exec-id");
    /** Equal request maps and toleration lists are shared: every executor of an application has the same. */
    private static final int CANONICAL_LIMIT = 4096;
    private static final Map<Object, Object> CANONICAL = new ConcurrentHashMap<>();

    private final String schedulerName;
    private final Map<String, Pod> pods = new ConcurrentHashMap<>();
    /**
     * What a cycle reads of each pod it must see one by one ({@link PodFacts}), by key: this
     * scheduler's pods and Spark's (drivers and executors, whichever scheduler places them). Another
     * scheduler's other pods only take room, and that is in {@link #byNode}.
     */
    private final Map<String, PodFacts> facts = new ConcurrentHashMap<>();
    private final BoundPodsByNode byNode;

    /** @param schedulerName this scheduler's name ({@code spec.schedulerName} of the pods it places) */
    public SlimPodStore(String schedulerName) {
        this.schedulerName = schedulerName;
        this.byNode = new BoundPodsByNode(schedulerName);
    }

    @Override
    public String getKey(Pod pod) {
        return Cache.metaNamespaceKeyFunc(pod);
    }

    @Override
    public Pod put(String key, Pod pod) {
        Pod slim = slim(pod);
        PodFacts f = PodFacts.of(slim);
        // the totals first: a cycle reads its copy of the facts before the totals, so a pod it sees bound is counted
        byNode.put(key, f);
        if (f.scheduledBy(schedulerName) || f.applicationKey() != null) {
            facts.put(key, f);
        } else {
            facts.remove(key);
        }
        return pods.put(key, slim);
    }

    @Override
    public Pod remove(String key) {
        byNode.remove(key);
        facts.remove(key);
        return pods.remove(key);
    }

    /**
     * The facts of the pods a cycle reads one by one: this scheduler's and Spark's (a live view: it
     * changes as the informer stores pods).
     */
    public java.util.Collection<PodFacts> facts() {
        return facts.values();
    }

    /** What the bound pods take of each node, kept from the informer's events. */
    public BoundPodsByNode byNode() {
        return byNode;
    }

    @Override
    public Stream<String> keySet() {
        return pods.keySet().stream();
    }

    @Override
    public Stream<Pod> values() {
        return pods.values().stream();
    }

    @Override
    public int size() {
        return pods.size();
    }

    @Override
    public Pod get(String key) {
        return pods.get(key);
    }

    /** The scheduling-relevant part of a pod, as a new object (the argument is not changed). */
    public static Pod slim(Pod pod) {
        Pod s = new Pod();
        s.setApiVersion(pod.getApiVersion());
        s.setKind(pod.getKind());
        s.setMetadata(metadata(pod.getMetadata()));
        if (pod.getSpec() != null) {
            s.setSpec(spec(pod.getSpec()));
        }
        if (pod.getStatus() != null) {
            s.setStatus(status(pod.getStatus()));
        }
        return s;
    }

    private static ObjectMeta metadata(ObjectMeta m) {
        ObjectMeta s = new ObjectMeta();
        s.setName(m.getName());
        s.setNamespace(m.getNamespace());
        s.setUid(m.getUid());
        s.setResourceVersion(m.getResourceVersion());
        s.setCreationTimestamp(m.getCreationTimestamp());
        s.setDeletionTimestamp(m.getDeletionTimestamp());
        if (m.getLabels() != null) {
            Map<String, String> kept = new HashMap<>(4);
            m.getLabels().forEach((k, v) -> {
                if (KEPT_LABELS.contains(k)) {
                    kept.put(k, v);
                }
            });
            s.setLabels(kept);
        }
        if (m.getAnnotations() != null) {
            Map<String, String> kept = new HashMap<>();
            m.getAnnotations().forEach((k, v) -> {
                if (k.startsWith("execplace.io/") || k.startsWith("yunikorn.apache.org/")) {
                    kept.put(k, v);
                }
            });
            s.setAnnotations(kept.isEmpty() ? null : kept);
        }
        if (m.getOwnerReferences() != null) {
            for (OwnerReference o : m.getOwnerReferences()) {
                if ("DaemonSet".equals(o.getKind())) {
                    OwnerReference r = new OwnerReference();
                    r.setKind(o.getKind());
                    r.setName(o.getName());
                    s.setOwnerReferences(List.of(r));
                }
            }
        }
        return s;
    }

    private static PodSpec spec(PodSpec p) {
        PodSpec s = new PodSpec();
        s.setNodeName(p.getNodeName());
        s.setSchedulerName(p.getSchedulerName());
        s.setContainers(resourcesOnly(p.getContainers()));
        s.setInitContainers(p.getInitContainers() == null || p.getInitContainers().isEmpty() ? null
                : resourcesOnly(p.getInitContainers()));
        s.setOverhead(p.getOverhead());
        s.setTolerations(p.getTolerations() == null || p.getTolerations().isEmpty() ? null : canonical(p.getTolerations()));
        s.setNodeSelector(p.getNodeSelector());
        if (p.getAffinity() != null && p.getAffinity().getNodeAffinity() != null) {
            Affinity a = new Affinity();
            a.setNodeAffinity(p.getAffinity().getNodeAffinity());
            s.setAffinity(a);
        }
        s.setPriority(p.getPriority());
        s.setPriorityClassName(p.getPriorityClassName());
        s.setSchedulingGates(p.getSchedulingGates());
        return s;
    }

    private static List<Container> resourcesOnly(List<Container> containers) {
        List<Container> out = new ArrayList<>(containers == null ? 0 : containers.size());
        if (containers != null) {
            for (Container c : containers) {
                Container s = new Container();
                ResourceRequirements r = c.getResources();
                if (r != null && (r.getRequests() != null || r.getLimits() != null)) {
                    // The effective requests: a missing request is its limit, as Kubernetes defaults it.
                    Map<String, Quantity> requests = new HashMap<>();
                    if (r.getLimits() != null) {
                        requests.putAll(r.getLimits());
                    }
                    if (r.getRequests() != null) {
                        requests.putAll(r.getRequests());
                    }
                    s.setResources(canonical(new ResourceRequirements(null, null, requests)));
                }
                out.add(s);
            }
        }
        return out;
    }

    /** One shared instance per equal value (at most {@link #CANONICAL_LIMIT} kept; then the cache starts afresh). */
    @SuppressWarnings("unchecked")
    private static <T> T canonical(T value) {
        if (CANONICAL.size() > CANONICAL_LIMIT) {
            CANONICAL.clear();
        }
        return (T) CANONICAL.computeIfAbsent(value, v -> v);
    }

    private static PodStatus status(PodStatus p) {
        PodStatus s = new PodStatus();
        s.setPhase(p.getPhase());
        s.setStartTime(p.getStartTime());
        if (p.getConditions() != null) {
            List<PodCondition> kept = new ArrayList<>();
            for (PodCondition c : p.getConditions()) {
                if ("PodScheduled".equals(c.getType())) {
                    kept.add(c);
                }
            }
            s.setConditions(kept);
        }
        return s;
    }
}

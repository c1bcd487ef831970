package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.filter.TaintToleration;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Watches the cluster during a fault run, from outside the scheduler, with informers of its own (which
 * survive an API server restart as any client's do): every pod's binding (a second, different node is a
 * double binding), each node's requests against its allocatable after every pod event, bindings to nodes
 * that had been cordoned or tainted for a while, the scheduler's Lease (a new holder before the old one's
 * lease ran out would be two leaders), and NodeClaims (whose lives are the cost record).
 */
final class Observer implements AutoCloseable {

    /** How long a node may have been cordoned or tainted before a binding to it counts as a violation. */
    static final Duration UNSCHEDULABLE_GRACE = Duration.ofSeconds(5);
    private static final Duration LEASE_SLACK = Duration.ofMillis(500);

    /** What the observer saw of one pod. */
    static final class PodSeen {
        final String uid;
        final String namespace;
        final String name;
        final String app;
        final String role;
        final String schedulerName;
        String node;
        Instant bound;
        Instant ended;
        String phase = "Pending";
        boolean deleted;

        PodSeen(Pod p) {
            uid = p.getMetadata().getUid();
            namespace = p.getMetadata().getNamespace();
            name = p.getMetadata().getName();
            Map<String, String> labels = p.getMetadata().getLabels() == null ? Map.of() : p.getMetadata().getLabels();
            app = labels.getOrDefault(Labels.SPARK_APP, name);
            role = labels.getOrDefault(Labels.SPARK_ROLE, "");
            schedulerName = p.getSpec().getSchedulerName();
        }
    }

    /** One NodeClaim's life as seen: the node it made, created, deleted (or null). */
    static final class ClaimSeen {
        String node;
        Instant created;
        Instant deleted;
    }

    /** A change of the Lease's holder: who, acquired when, as the Lease says. */
    record LeaseChange(String holder, Instant acquired, Instant seen) {
    }

    private final Clock clock;
    private final String leaseName;
    private final Map<String, PodSeen> pods = new ConcurrentHashMap<>();
    private final Map<String, Node> nodes = new ConcurrentHashMap<>();
    private final Map<String, Instant> unschedulableSince = new ConcurrentHashMap<>();
    private final Map<String, ClaimSeen> claims = new ConcurrentHashMap<>();
    private final List<String> violations = new ArrayList<>();
    private final List<LeaseChange> leaseChanges = new ArrayList<>();
    private final Map<String, Instant> notReadySeen = new ConcurrentHashMap<>();
    private final java.util.Set<String> wasReady = ConcurrentHashMap.newKeySet();
    private final SharedIndexInformer<Pod> podInformer;
    private final List<SharedIndexInformer<?>> informers = new ArrayList<>();
    private final Consumer<Pod> onExecutorLost;
    private Lease lastLease;
    private Instant lastLeaseSeen;

    /**
     * @param leaseName      the scheduler's Lease in kube-system
     * @param onExecutorLost called (outside the observer's lock) for an executor deleted before it ended
     */
    Observer(KubernetesClient client, String leaseName, Clock clock, Consumer<Pod> onExecutorLost) {
        this.clock = clock;
        this.leaseName = leaseName;
        this.onExecutorLost = onExecutorLost;
        informers.add(client.nodes().inform(handler(this::node, n -> nodes.remove(n.getMetadata().getName()))));
        informers.add(client.leases().inNamespace("kube-system").withName(leaseName).inform(handler(this::lease, l -> { })));
        informers.add(client.genericKubernetesResources("karpenter.sh/v1", "NodeClaim").inform(handler(this::claim, this::claimGone)));
        // Handler added before the start: inform() would call it for the first list before podInformer is set.
        podInformer = client.pods().inAnyNamespace().runnableInformer(0);
        podInformer.addEventHandler(handler(p -> pod(p, false), p -> pod(p, true)));
        informers.add(podInformer);
        podInformer.start();
    }

    private static <T> ResourceEventHandler<T> handler(Consumer<T> seen, Consumer<T> gone) {
        return new ResourceEventHandler<>() {
            @Override
            public void onAdd(T obj) {
                seen.accept(obj);
            }

            @Override
            public void onUpdate(T oldObj, T newObj) {
                seen.accept(newObj);
            }

            @Override
            public void onDelete(T obj, boolean deletedFinalStateUnknown) {
                gone.accept(obj);
            }
        };
    }

    private void node(Node n) {
        String name = n.getMetadata().getName();
        nodes.put(name, n);
        boolean blocked = Boolean.TRUE.equals(n.getSpec().getUnschedulable()) || (n.getSpec().getTaints() != null
                && n.getSpec().getTaints().stream().anyMatch(t -> "NoSchedule".equals(t.getEffect()) || "NoExecute".equals(t.getEffect())));
        if (blocked) {
            unschedulableSince.putIfAbsent(name, clock.instant());
        } else {
            unschedulableSince.remove(name);
        }
        if (ready(n)) {
            wasReady.add(name);
        } else if (wasReady.contains(name)) {
            notReadySeen.putIfAbsent(name, clock.instant());
        }
    }

    private void pod(Pod p, boolean gone) {
        Pod lost = null;
        synchronized (this) {
            Instant now = clock.instant();
            PodSeen s = pods.computeIfAbsent(p.getMetadata().getUid(), u -> new PodSeen(p));
            String node = p.getSpec().getNodeName();
            if (node != null && s.node == null) {
                s.node = node;
                s.bound = now;
                checkBindingTo(p, node, now);
            } else if (node != null && !node.equals(s.node)) {
                violations.add("double binding: pod " + s.namespace + "/" + s.name + " bound to " + s.node + ", then to " + node);
            }
            if (p.getStatus() != null && p.getStatus().getPhase() != null) {
                s.phase = p.getStatus().getPhase();
            }
            boolean terminal = "Succeeded".equals(s.phase) || "Failed".equals(s.phase);
            if (terminal && s.ended == null) {
                s.ended = now;
            }
            if ((gone || p.getMetadata().getDeletionTimestamp() != null) && !s.deleted) {
                s.deleted = true;
                if (s.ended == null) {
                    s.ended = now;
                    lost = "executor".equals(s.role) ? p : null;
                }
            }
            if (node != null && !gone) {
                checkAllocatable(node, p);
            }
        }
        if (lost != null) {
            onExecutorLost.accept(lost);
        }
    }

    /** A binding to a node cordoned or tainted (against this pod) for longer than the grace. */
    private void checkBindingTo(Pod p, String node, Instant now) {
        Node n = nodes.get(node);
        Instant since = unschedulableSince.get(node);
        if (n == null || since == null || !now.isAfter(since.plus(UNSCHEDULABLE_GRACE))) {
            return;
        }
        String why = Boolean.TRUE.equals(n.getSpec().getUnschedulable()) ? "cordoned" : new TaintToleration().reject(p, n);
        if (why != null) {
            violations.add("pod " + p.getMetadata().getNamespace() + "/" + p.getMetadata().getName() + " bound to " + node
                    + " " + Duration.between(since, now).toMillis() + " ms after it became unschedulable (" + why + ")");
        }
    }

    private void checkAllocatable(String node, Pod trigger) {
        Node n = nodes.get(node);
        if (n == null || n.getStatus() == null || n.getStatus().getAllocatable() == null) {
            return;
        }
        long cpu = 0;
        long memory = 0;
        for (Pod q : podInformer.getIndexer().list()) {
            if (node.equals(q.getSpec().getNodeName()) && holdsRoom(q)) {
                cpu += Resources.podCpuMillis(q);
                memory += Resources.podMemoryBytes(q);
            }
        }
        long cpuRoom = Resources.cpuMillis(n.getStatus().getAllocatable().get("cpu"));
        long memoryRoom = Resources.memoryBytes(n.getStatus().getAllocatable().get("memory"));
        if (cpu > cpuRoom || memory > memoryRoom) {
            violations.add("node " + node + " over its allocatable after pod " + trigger.getMetadata().getName() + ": cpu "
                    + cpu + "m of " + cpuRoom + "m, memory " + memory + " of " + memoryRoom + " bytes");
        }
    }

    static boolean holdsRoom(Pod q) {
        String phase = q.getStatus() == null ? null : q.getStatus().getPhase();
        return !"Succeeded".equals(phase) && !"Failed".equals(phase);
    }

    private synchronized void lease(Lease l) {
        String holder = l.getSpec() == null ? null : l.getSpec().getHolderIdentity();
        String before = lastLease == null || lastLease.getSpec() == null ? null : lastLease.getSpec().getHolderIdentity();
        if (holder != null && !holder.isEmpty() && !holder.equals(before)) {
            Instant acquired = l.getSpec().getAcquireTime() == null ? clock.instant() : Instant.parse(l.getSpec().getAcquireTime().toString());
            leaseChanges.add(new LeaseChange(holder, acquired, clock.instant()));
            if (before != null && !before.isEmpty() && lastLease.getSpec().getRenewTime() != null) {
                Instant expiry = Instant.parse(lastLease.getSpec().getRenewTime().toString())
                        .plusSeconds(lastLease.getSpec().getLeaseDurationSeconds() == null ? 0 : lastLease.getSpec().getLeaseDurationSeconds());
                if (acquired.isBefore(expiry.minus(LEASE_SLACK))) {
                    violations.add("lease " + leaseName + " taken by " + holder + " at " + acquired + " (version "
                            + l.getMetadata().getResourceVersion() + ", seen " + clock.instant() + ") while " + before + " held it until "
                            + expiry + " (renewed " + lastLease.getSpec().getRenewTime() + ", version " + lastLease.getMetadata().getResourceVersion()
                            + ", seen " + lastLeaseSeen + ")");
                }
            }
        }
        lastLease = l;
        lastLeaseSeen = clock.instant();
    }

    private void claim(GenericKubernetesResource c) {
        ClaimSeen s = claims.computeIfAbsent(c.getMetadata().getName(), k -> new ClaimSeen());
        s.created = Instant.parse(c.getMetadata().getCreationTimestamp());
        Object status = c.getAdditionalProperties().get("status");
        if (status instanceof Map<?, ?> m && m.get("nodeName") instanceof String node) {
            s.node = node;
        }
        if (c.getMetadata().getDeletionTimestamp() != null && s.deleted == null) {
            s.deleted = Instant.parse(c.getMetadata().getDeletionTimestamp());
        }
    }

    private void claimGone(GenericKubernetesResource c) {
        claim(c);
        ClaimSeen s = claims.get(c.getMetadata().getName());
        if (s.deleted == null) {
            s.deleted = clock.instant();
        }
    }

    static boolean ready(Node n) {
        return n.getStatus() != null && n.getStatus().getConditions() != null && n.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /** The pods seen in a namespace. */
    synchronized List<PodSeen> pods(String namespace) {
        return pods.values().stream().filter(s -> s.namespace.equals(namespace)).toList();
    }

    /** The pods of every namespace the pod informer holds now (for the room check). */
    List<Pod> livePods() {
        return podInformer.getIndexer().list();
    }

    List<Node> nodes() {
        return List.copyOf(nodes.values());
    }

    Map<String, ClaimSeen> claims() {
        return Map.copyOf(claims);
    }

    synchronized List<String> violations() {
        return List.copyOf(violations);
    }

    synchronized List<LeaseChange> leaseChanges() {
        return List.copyOf(leaseChanges);
    }

    /** Nodes seen not Ready after they had been Ready (a kwok outage long enough for the node lifecycle controller). */
    Map<String, Instant> notReadySeen() {
        return Map.copyOf(notReadySeen);
    }

    @Override
    public void close() {
        informers.forEach(SharedIndexInformer::close);
    }
}

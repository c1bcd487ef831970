package io.execplace.kubernetes.run;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.bind.BindResult;
import io.execplace.kubernetes.bind.Binder;
import io.execplace.kubernetes.cluster.ApplicationView;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.observe.EventRecorder;
import io.execplace.kubernetes.observe.SchedulerMetrics;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.spark.ApplicationGrouper;
import io.execplace.kubernetes.spark.Grouping;
import io.execplace.kubernetes.spark.PendingApplication;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A secondary Kubernetes scheduler that places the pods whose {@code spec.schedulerName} is its name
 * with an execplace {@link PlacementPolicy}: Spark executor pods of one application gang-wise.
 *
 * <p>Each {@link #scheduleOnce() cycle} reads the informer caches, turns the usable nodes into a
 * {@link ClusterSnapshot} (allocatable minus the requests of every bound pod, by any scheduler, and
 * of the bindings it made that the informer does not show yet), orders the ready gangs with the
 * queue policy, asks the placement policy for each, and binds through {@code pods/binding}. All its
 * state can be rebuilt from the API, so a restart never binds twice. {@link #run} repeats cycles
 * whenever the informers report a change (and at least every second, for the batching window).
 */
public final class KubernetesScheduler implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KubernetesScheduler.class);
    private static final long TICK_MILLIS = 1000;

    private final KubernetesClient client;
    private final PlacementPolicy policy;
    private final SchedulerSettings settings;
    private final Clock clock;
    private final NodeReader nodeReader;
    private final ApplicationGrouper grouper;
    private final Binder binder;
    private final EventRecorder events;
    private final SchedulerMetrics metrics;
    private final Feasibility feasibility = new Feasibility(Feasibility.defaultFilters());

    private SharedIndexInformer<Node> nodeInformer;
    private SharedIndexInformer<Pod> podInformer;

    /** First time each pending pod (by uid) was seen, epoch seconds: drives the batching window. */
    private final Map<String, Double> firstSeen = new ConcurrentHashMap<>();
    /** Bindings made but not yet visible in the informer cache (uid → what they hold). */
    private final Map<String, Assumed> assumed = new ConcurrentHashMap<>();
    /** Last problem reported per object, so that each is logged and sent as an Event once. */
    private final Map<String, String> reported = new HashMap<>();
    /** Nodes that ran pods in the previous cycle. */
    private Set<String> previouslyActive = new HashSet<>();
    private final Object wake = new Object();
    private final AtomicLong lastCycleMillis = new AtomicLong();
    private volatile boolean changed = true;

    private record Assumed(String node, long cpuMillis, long memoryBytes, Map<String, Long> otherRequests, double busyUntil,
                           double expires) {
    }

    public KubernetesScheduler(KubernetesClient client, PlacementPolicy policy, PriceTable prices,
                               SchedulerSettings settings, Clock clock) {
        this.client = client;
        this.policy = policy;
        this.settings = settings;
        this.clock = clock;
        this.nodeReader = new NodeReader(prices, settings.siteLabel(), settings.defaultSite());
        this.grouper = new ApplicationGrouper(settings.batchWindow(), settings.defaultDurationSeconds());
        this.binder = new Binder(client, settings.bindAttempts(), settings.bindBackoff(), Duration.ofSeconds(30));
        this.events = new EventRecorder(client, settings.schedulerName(), clock);
        this.metrics = new SchedulerMetrics(policy.name());
    }

    /** Starts the node and pod informers and waits until both have listed (at most {@code timeout}). */
    public void start(Duration timeout) {
        nodeInformer = client.nodes().runnableInformer(0);
        podInformer = (settings.namespace() == null ? client.pods().inAnyNamespace()
                : client.pods().inNamespace(settings.namespace())).runnableInformer(0);
        nodeInformer.addEventHandler(new Wake<>());
        podInformer.addEventHandler(new Wake<>() {
            @Override
            public void onAdd(Pod pod) {
                noteSeen(pod);
                super.onAdd(pod);
            }

            @Override
            public void onUpdate(Pod oldPod, Pod pod) {
                noteSeen(pod);
                super.onUpdate(oldPod, pod);
            }

            @Override
            public void onDelete(Pod pod, boolean unknown) {
                firstSeen.remove(pod.getMetadata().getUid());
                super.onDelete(pod, unknown);
            }
        });
        try {
            nodeInformer.start().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            podInformer.start().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing nodes and pods", e);
        } catch (Exception e) {
            throw new IllegalStateException("cannot list nodes and pods from " + client.getMasterUrl() + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        }
        LOG.info("{}: watching {} nodes and {} pods (namespace {}), policy {}, queue {}", settings.schedulerName(),
                nodeInformer.getStore().list().size(), podInformer.getStore().list().size(),
                settings.namespace() == null ? "all" : settings.namespace(), policy.name(), settings.queue().name());
    }

    private void noteSeen(Pod pod) {
        if (ours(pod) && unbound(pod)) {
            firstSeen.putIfAbsent(pod.getMetadata().getUid(), nowSeconds());
        }
    }

    /** Informer handler that wakes the scheduling loop. */
    private class Wake<T> implements ResourceEventHandler<T> {
        @Override
        public void onAdd(T obj) {
            signal();
        }

        @Override
        public void onUpdate(T oldObj, T newObj) {
            signal();
        }

        @Override
        public void onDelete(T obj, boolean deletedFinalStateUnknown) {
            signal();
        }
    }

    private void signal() {
        changed = true;
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    /** True when both informers have listed and are watching. */
    public boolean synced() {
        return nodeInformer != null && podInformer != null && nodeInformer.hasSynced() && podInformer.hasSynced()
                && nodeInformer.isWatching() && podInformer.isWatching();
    }

    /** True when the loop has run a cycle in the last 30 seconds. */
    public boolean live() {
        return clock.millis() - lastCycleMillis.get() < 30_000;
    }

    /** The pods in the informer cache (tests wait on it). */
    public List<Pod> cachedPods() {
        return podInformer.getStore().list();
    }

    /** The nodes in the informer cache. */
    public List<Node> cachedNodes() {
        return nodeInformer.getStore().list();
    }

    public SchedulerMetrics metrics() {
        return metrics;
    }

    public EventRecorder events() {
        return events;
    }

    /** Runs cycles until {@code stop} is set: after every informer change, and at least every second. */
    public void run(AtomicBoolean stop) {
        while (!stop.get()) {
            try {
                scheduleOnce();
            } catch (RuntimeException e) {
                LOG.error("scheduling cycle failed (will retry): {}", e.toString(), e);
            }
            synchronized (wake) {
                if (!changed && !stop.get()) {
                    try {
                        wake.wait(TICK_MILLIS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }

    /** Wakes {@link #run} (e.g. to make it notice {@code stop}). */
    public void wakeUp() {
        signal();
    }

    private double nowSeconds() {
        return clock.millis() / 1000.0;
    }

    private boolean ours(Pod p) {
        return p.getSpec() != null && settings.schedulerName().equals(p.getSpec().getSchedulerName());
    }

    private static boolean unbound(Pod p) {
        return p.getSpec() != null && (p.getSpec().getNodeName() == null || p.getSpec().getNodeName().isEmpty())
                && p.getMetadata().getDeletionTimestamp() == null && !ApplicationGrouper.terminal(p);
    }

    /** One scheduling cycle over the informer caches. */
    public synchronized CycleReport scheduleOnce() {
        changed = false;
        double now = nowSeconds();
        lastCycleMillis.set(clock.millis());
        List<Node> nodes = nodeInformer.getStore().list();
        List<Pod> pods = podInformer.getStore().list();

        List<NodeInfo> usable = readNodes(nodes);
        Map<String, Pod> byUid = new HashMap<>();
        for (Pod p : pods) {
            byUid.put(p.getMetadata().getUid(), p);
        }
        assumed.entrySet().removeIf(e -> {
            Pod p = byUid.get(e.getKey());
            return p == null || !unbound(p) || e.getValue().expires() < now;
        });

        List<Pod> pending = new ArrayList<>();
        List<Pod> oursBound = new ArrayList<>();
        List<Pod> othersBound = new ArrayList<>();
        for (Pod p : pods) {
            if (ApplicationGrouper.terminal(p)) {
                continue;
            }
            String node = p.getSpec() == null ? null : p.getSpec().getNodeName();
            if (node != null && !node.isEmpty()) {
                (ours(p) ? oursBound : othersBound).add(p);
            } else if (ours(p) && unbound(p) && !gated(p) && !assumed.containsKey(p.getMetadata().getUid())) {
                pending.add(p);
            }
        }
        // The cycle's CPU unit makes every pending request a whole number of units (ClusterSnapshot).
        long cpuUnit = ClusterSnapshot.cpuUnitFor(pending.stream().map(Resources::podCpuMillis).toList());
        ClusterSnapshot snapshot = ClusterSnapshot.of(usable, now, cpuUnit);
        for (Pod p : othersBound) {
            snapshot.addPod(p.getSpec().getNodeName(), Resources.podCpuMillis(p), Resources.podMemoryBytes(p),
                    Resources.podOtherRequests(p), !daemonSet(p), Double.NaN);
        }
        addOurBoundPods(snapshot, oursBound, pods, now);
        for (Assumed a : assumed.values()) {
            snapshot.addPod(a.node(), a.cpuMillis(), a.memoryBytes(), a.otherRequests(), true, a.busyUntil());
        }

        Grouping grouping = grouper.group(pending, pods, firstSeen, now);
        for (Grouping.PodProblem problem : grouping.problems()) {
            report(problem.pod(), "BadAnnotation", problem.message());
        }
        List<PendingApplication> queue = new ArrayList<>(grouping.ready());
        queue.sort(Comparator.comparingDouble((PendingApplication a) -> a.spec().arrival()).thenComparing(PendingApplication::key));
        List<Job> jobs = new ArrayList<>();
        for (int i = 0; i < queue.size(); i++) {
            jobs.add(queue.get(i).toJob(i, cpuUnit));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            order.add(i);
        }
        order.sort((a, b) -> settings.queue().order().compare(jobs.get(a), jobs.get(b)));

        List<Decision> decisions = new ArrayList<>();
        List<String> unschedulable = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        boolean blocked = false;
        List<Planned> planned = new ArrayList<>();
        for (int idx : order) {
            PendingApplication app = queue.get(idx);
            Job job = jobs.get(idx);
            if (blocked) {
                continue;
            }
            String whyNot = place(app, job, snapshot, usable, planned);
            if (whyNot != null) {
                unschedulable.add(app.key() + ": " + whyNot);
                markUnschedulable(app, whyNot);
                if (!settings.backfill() && !whyNot.startsWith(NEVER_FITS)) {
                    blocked = true;
                }
            }
        }
        bind(planned, decisions, failures, now);
        long stillPending = pending.size();
        long boundNow = decisions.size();
        metrics.pending(settings.dryRun() ? stillPending : Math.max(0, stillPending - boundNow));
        metrics.costRatePerHour(snapshot.isEmpty() ? 0 : snapshot.activeCostRatePerSecond() * 3600);
        List<String> empty = emptyNodes(snapshot, usable);
        forgetDeparted(nodes, pods);
        return new CycleReport(decisions, unschedulable, grouping.gathering(), empty, failures);
    }

    private static final String NEVER_FITS = "never fits: ";

    /** A placed gang waiting to be bound at the end of the cycle. */
    private record Planned(PendingApplication app, Map<String, Long> otherRequests, List<String> targets, double duration,
                           double extraCost) {
    }

    /**
     * Places one gang and commits it to the snapshot; returns why not, or null when it is planned.
     * Bindings are sent together at the end of the cycle, so that they travel concurrently.
     */
    private String place(PendingApplication app, Job job, ClusterSnapshot snapshot, List<NodeInfo> usable,
                         List<Planned> planned) {
        if (snapshot.isEmpty()) {
            return "no usable node (all cordoned, not ready, or with bad labels)";
        }
        int n = app.pods().size();
        Map<String, Long> other = app.otherRequests();
        Feasibility.Verdict verdict = feasibility.check(app.pods(), usable);
        long capacity = 0;
        long largest = 0;
        for (int vm = 0; vm < usable.size(); vm++) {
            if (verdict.allowed(vm)) {
                long holds = emptyNodeHolds(usable.get(vm), app, other);
                capacity += holds;
                largest = Math.max(largest, holds);
            }
        }
        if (largest < 1) {
            String msg = verdict.none() ? verdict.refused().summary(0, usable.size())
                    : "pod requests " + app.cpuMillis() + "m cpu and " + app.memoryBytes() + " bytes of memory"
                    + (other.isEmpty() ? "" : " and " + other) + ", more than any node " + (verdict.refused().isEmpty() ? "" : "it may run on ")
                    + "has allocatable";
            for (Pod p : app.pods()) {
                report(p, verdict.none() ? "NoNodeMatches" : "PodTooLarge", msg);
            }
            return NEVER_FITS + msg;
        }
        if (capacity < n) {
            return NEVER_FITS + n + " executors do not fit the usable nodes " + (verdict.refused().isEmpty() ? "" : "they may run on ")
                    + "even when all are empty (room for " + capacity + ")";
        }
        long[] room = new long[usable.size()];
        Feasibility.Diagnosis diagnosis = verdict.refused().copy();
        int available = 0;
        for (int vm = 0; vm < room.length; vm++) {
            if (verdict.allowed(vm)) {
                room[vm] = snapshot.podsThatFit(vm, app.cpuMillis(), app.memoryBytes(), other);
                if (room[vm] > 0) {
                    available++;
                } else {
                    diagnosis.add(snapshot.insufficient(vm, app.cpuMillis(), app.memoryBytes(), other));
                }
            }
        }
        ApplicationView view = new ApplicationView(snapshot, room, job.coresPerExecutor());
        long t0 = System.nanoTime();
        Placement p;
        try {
            p = policy.place(job, view);
        } catch (RuntimeException e) {
            LOG.error("policy {} failed on {}: {}", policy.name(), app.key(), e.toString(), e);
            return "policy " + policy.name() + " failed: " + e.getMessage();
        } finally {
            metrics.decision(System.nanoTime() - t0);
        }
        if (p == null || p.isNone()) {
            return "policy " + policy.name() + " found no placement for " + n + " executors of "
                    + app.cpuMillis() + "m cpu / " + app.memoryBytes() / (1024 * 1024) + " MiB (gang: all or none; "
                    + diagnosis.summary(available, usable.size()) + ")";
        }
        String invalid = snapshot.validate(p, n, app.cpuMillis(), app.memoryBytes());
        if (invalid == null) {
            invalid = view.validate(p);
        }
        if (invalid != null) {
            LOG.error("policy {} returned an invalid placement for {}: {}", policy.name(), app.key(), invalid);
            return "policy " + policy.name() + " returned an invalid placement: " + invalid;
        }
        double duration = snapshot.durationModel().duration(job, p, snapshot.cluster());
        double extraCost = snapshot.extraCost(p, duration);
        List<String> targets = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            targets.add(snapshot.nodeName(p.vm(i)));
        }
        snapshot.commit(p, app.cpuMillis(), app.memoryBytes(), other, duration);
        planned.add(new Planned(app, other, targets, duration, extraCost));
        return null;
    }

    /** How many of the application's executors the node could hold if it ran nothing. */
    private static long emptyNodeHolds(NodeInfo node, PendingApplication app, Map<String, Long> other) {
        long holds = Math.min(node.podLimit(), Math.min(node.allocatableCpuMillis() / Math.max(1, app.cpuMillis()),
                node.allocatableMemoryBytes() / Math.max(1, app.memoryBytes())));
        for (Map.Entry<String, Long> e : other.entrySet()) {
            holds = Math.min(holds, node.otherAllocatable(e.getKey()) / e.getValue());
        }
        return holds;
    }

    /** Binds every planned gang (all requests in flight together); a dry run only reports them. */
    private void bind(List<Planned> planned, List<Decision> decisions, List<String> failures, double now) {
        List<Pod> pods = new ArrayList<>();
        List<String> nodes = new ArrayList<>();
        for (Planned pl : planned) {
            pods.addAll(pl.app().pods());
            nodes.addAll(pl.targets());
        }
        if (settings.dryRun()) {
            int k = 0;
            for (Planned pl : planned) {
                for (Pod pod : pl.app().pods()) {
                    decisions.add(new Decision(pl.app().key(), podKey(pod), nodes.get(k++), pl.extraCost()));
                }
            }
            return;
        }
        List<BindResult> results = pods.isEmpty() ? List.of() : binder.bindAll(pods, nodes);
        double expires = now + settings.assumeTtl().toMillis() / 1000.0;
        int k = 0;
        int bound = 0;
        for (Planned pl : planned) {
            PendingApplication app = pl.app();
            int n = app.pods().size();
            for (int i = 0; i < n; i++, k++) {
                Pod pod = pods.get(k);
                String node = nodes.get(k);
                BindResult r = results.get(k);
                if (r.bound()) {
                    bound++;
                    assumed.put(pod.getMetadata().getUid(),
                            new Assumed(node, app.cpuMillis(), app.memoryBytes(), pl.otherRequests(), now + pl.duration(),
                                    expires));
                    decisions.add(new Decision(app.key(), podKey(pod), node, pl.extraCost()));
                    firstSeen.remove(pod.getMetadata().getUid());
                    reported.remove(podKey(pod));
                    events.normal(pod, "Scheduled", "Successfully assigned " + podKey(pod) + " to " + node
                            + " by " + settings.schedulerName() + " (policy " + policy.name() + ", application "
                            + app.key() + ", " + n + " executors, estimated extra cost "
                            + String.format(java.util.Locale.ROOT, "%.6f", pl.extraCost()) + ")");
                } else {
                    metrics.bindFailure();
                    String msg = podKey(pod) + " -> " + node + ": " + r.outcome() + " after " + r.attempts()
                            + " attempt(s): " + r.detail();
                    failures.add(msg);
                    LOG.warn("binding failed: {}", msg);
                }
            }
        }
        metrics.bound(bound);
    }

    /** Our bound pods: resources, and busy time from their gang's expected duration since binding. */
    private void addOurBoundPods(ClusterSnapshot snapshot, List<Pod> oursBound, List<Pod> all, double now) {
        if (oursBound.isEmpty()) {
            return;
        }
        // Rebuild each gang's duration exactly as at placement time: the duration model on the nodes it runs on.
        Grouping asGangs = grouper.group(oursBound, all, Map.of(), Double.POSITIVE_INFINITY);
        Map<String, Double> busyUntil = new HashMap<>();
        for (PendingApplication gang : asGangs.ready()) {
            int[] vms = new int[gang.pods().size()];
            boolean known = !snapshot.isEmpty();
            double bindTime = Double.POSITIVE_INFINITY;
            for (int i = 0; i < vms.length && known; i++) {
                Pod p = gang.pods().get(i);
                vms[i] = snapshot.vmOf(p.getSpec().getNodeName());
                known = vms[i] >= 0;
                bindTime = Math.min(bindTime, boundAt(p, now));
            }
            double duration = gang.spec().durationSeconds();
            if (known) {
                duration = snapshot.durationModel().duration(gang.toJob(0), Placement.wrap(vms), snapshot.cluster());
            }
            for (Pod p : gang.pods()) {
                busyUntil.put(p.getMetadata().getUid(), (Double.isInfinite(bindTime) ? now : bindTime) + duration);
            }
        }
        for (Pod p : oursBound) {
            snapshot.addPod(p.getSpec().getNodeName(), Resources.podCpuMillis(p), Resources.podMemoryBytes(p),
                    Resources.podOtherRequests(p), true, busyUntil.getOrDefault(p.getMetadata().getUid(), Double.NaN));
        }
    }

    /** When the pod was bound: its PodScheduled=True transition, else its start, else its creation. */
    private static double boundAt(Pod p, double fallback) {
        if (p.getStatus() != null && p.getStatus().getConditions() != null) {
            for (PodCondition c : p.getStatus().getConditions()) {
                if ("PodScheduled".equals(c.getType()) && "True".equals(c.getStatus()) && c.getLastTransitionTime() != null) {
                    return parse(c.getLastTransitionTime(), fallback);
                }
            }
        }
        if (p.getStatus() != null && p.getStatus().getStartTime() != null) {
            return parse(p.getStatus().getStartTime(), fallback);
        }
        return parse(p.getMetadata().getCreationTimestamp(), fallback);
    }

    private static double parse(String ts, double fallback) {
        if (ts == null) {
            return fallback;
        }
        try {
            return Instant.parse(ts).toEpochMilli() / 1000.0;
        } catch (RuntimeException e) {
            return fallback;
        }
    }

    private List<NodeInfo> readNodes(List<Node> nodes) {
        List<NodeInfo> usable = new ArrayList<>();
        for (Node node : nodes) {
            NodeReader.Reading r = nodeReader.read(node);
            if (r.usable()) {
                usable.add(r.info());
                reported.remove("node/" + node.getMetadata().getName());
            } else if (r.problem() != null) {
                String key = "node/" + node.getMetadata().getName();
                if (!r.problem().equals(reported.put(key, r.problem()))) {
                    LOG.warn("{} (node skipped)", r.problem());
                    events.warning(node, "BadNodeLabels", r.problem() + " (execplace skips this node)");
                }
            }
        }
        usable.sort(Comparator.comparing(NodeInfo::name));
        return usable;
    }

    /** Nodes that ran pods last cycle and run none now (after this cycle's bindings); optionally cordons them. */
    private List<String> emptyNodes(ClusterSnapshot snapshot, List<NodeInfo> usable) {
        Set<String> active = new HashSet<>();
        if (!snapshot.isEmpty()) {
            for (NodeInfo n : usable) {
                if (snapshot.executorsOn(snapshot.vmOf(n.name())) > 0) {
                    active.add(n.name());
                }
            }
        }
        List<String> empty = new ArrayList<>();
        for (String name : previouslyActive) {
            if (!active.contains(name) && snapshot.vmOf(name) >= 0) {
                empty.add(name);
            }
        }
        empty.sort(null);
        previouslyActive = active;
        for (String name : empty) {
            Node node = nodeInformer.getStore().getByKey(name);
            LOG.info("node {} became empty: it can be removed{}", name, settings.cordonEmpty() ? " (cordoning it)" : "");
            if (node != null) {
                events.normal(node, "NodeEmpty", "node " + name + " runs no pods any more; it can be removed");
            }
            if (settings.cordonEmpty() && !settings.dryRun()) {
                try {
                    client.nodes().withName(name).edit(n -> {
                        n.getSpec().setUnschedulable(true);
                        return n;
                    });
                } catch (KubernetesClientException e) {
                    LOG.warn("could not cordon empty node {}: {}", name, e.getMessage());
                }
            }
        }
        return empty;
    }

    /** Drops what was reported about nodes and pods that no longer exist (keeps the map bounded). */
    private void forgetDeparted(List<Node> nodes, List<Pod> pods) {
        Set<String> live = new HashSet<>();
        for (Node n : nodes) {
            live.add("node/" + n.getMetadata().getName());
        }
        for (Pod p : pods) {
            live.add(podKey(p));
        }
        reported.keySet().removeIf(k -> {
            String subject = k.startsWith("problem/") ? k.substring("problem/".length(), k.lastIndexOf('/')) : k;
            return !live.contains(subject);
        });
    }

    /** Sets PodScheduled=False, reason Unschedulable (once per distinct reason) and writes an Event. */
    private void markUnschedulable(PendingApplication app, String why) {
        int marked = 0;
        for (Pod pod : app.pods()) {
            String key = podKey(pod);
            if (why.equals(reported.get(key)) || hasUnschedulable(pod, why)) {
                reported.put(key, why);
                continue;
            }
            reported.put(key, why);
            marked++;
            LOG.info("{} stays pending: {}", key, why);
            events.warning(pod, "FailedScheduling", why);
            if (settings.dryRun()) {
                continue;
            }
            setUnschedulable(pod, why);
        }
        metrics.unschedulable(marked);
    }

    private void setUnschedulable(Pod pod, String why) {
        String now = Instant.now(clock).toString();
        PodCondition condition = new PodConditionBuilder().withType("PodScheduled").withStatus("False")
                .withReason("Unschedulable").withMessage(why).withLastTransitionTime(now).build();
        for (int attempt = 1; attempt <= settings.bindAttempts(); attempt++) {
            try {
                client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
                        .editStatus(p -> {
                            if (p.getStatus() == null) {
                                p.setStatus(new io.fabric8.kubernetes.api.model.PodStatus());
                            }
                            List<PodCondition> conditions = new ArrayList<>();
                            if (p.getStatus().getConditions() != null) {
                                for (PodCondition c : p.getStatus().getConditions()) {
                                    if (!"PodScheduled".equals(c.getType())) {
                                        conditions.add(c);
                                    }
                                }
                            }
                            conditions.add(condition);
                            p.getStatus().setConditions(conditions);
                            return p;
                        });
                return;
            } catch (KubernetesClientException e) {
                if (e.getCode() == 404) {
                    return;
                }
                if (attempt == settings.bindAttempts()) {
                    LOG.warn("could not set PodScheduled=False on {}: {}", podKey(pod), e.getMessage());
                }
            }
        }
    }

    private static boolean hasUnschedulable(Pod pod, String why) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return false;
        }
        for (PodCondition c : pod.getStatus().getConditions()) {
            if ("PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()) && "Unschedulable".equals(c.getReason())
                    && why.equals(c.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /** Logs and sends an Event about bad input once per object and message. */
    private void report(Pod pod, String reason, String message) {
        String key = "problem/" + podKey(pod) + "/" + reason;
        if (message.equals(reported.put(key, message))) {
            return;
        }
        LOG.warn("{}: {}", podKey(pod), message);
        events.warning(pod, reason, message);
    }

    /** A pod with scheduling gates waits until they are removed (kube-scheduler's SchedulingGates plugin). */
    private static boolean gated(Pod p) {
        return p.getSpec().getSchedulingGates() != null && !p.getSpec().getSchedulingGates().isEmpty();
    }

    private static boolean daemonSet(Pod p) {
        List<OwnerReference> owners = p.getMetadata().getOwnerReferences();
        if (owners == null) {
            return false;
        }
        for (OwnerReference o : owners) {
            if ("DaemonSet".equals(o.getKind())) {
                return true;
            }
        }
        return false;
    }

    static String podKey(Pod p) {
        return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
    }

    @Override
    public void close() {
        if (podInformer != null) {
            podInformer.close();
        }
        if (nodeInformer != null) {
            nodeInformer.close();
        }
        events.close();
    }
}

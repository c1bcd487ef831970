package io.execplace.kubernetes.run;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.bind.Binder;
import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.disruption.NodePoolRules;
import io.execplace.kubernetes.filter.Feasibility;
import io.execplace.kubernetes.observe.EventRecorder;
import io.execplace.kubernetes.observe.SchedulerMetrics;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.provision.NodeClaimProvisioner;
import io.execplace.kubernetes.spark.ApplicationGrouper;
import io.execplace.kubernetes.spark.ApplicationPods;
import io.execplace.kubernetes.spark.PodFacts;
import io.execplace.kubernetes.spark.Grouping;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A secondary Kubernetes scheduler that places the pods whose {@code spec.schedulerName} is its name
 * with an execplace {@link PlacementPolicy}: Spark executor pods of one application gang-wise.
 *
 * <p>Each {@link #scheduleOnce() cycle} reads the informer caches (pods kept slim, {@link SlimPodStore}),
 * builds the {@link ClusterSnapshot} ({@link SnapshotBuilder}: allocatable minus the requests of every
 * bound pod, by any scheduler, and of the bindings in the {@link AssumeCache}), plans the ready gangs
 * ({@link CyclePlanner}: priority and queue order, kube-scheduler's filters, the placement policy) and
 * binds them through {@code pods/binding} ({@link BindPhase}). All its state can be rebuilt from the
 * API, so a restart never binds twice. {@link #run} runs a cycle when an event touches what a cycle
 * acts on — a pod of ours to place, a failed binding, or any change while pods of ours wait for room —
 * and at least every second (batching window, hold time-outs, cordoning), binding asynchronously.
 */
public final class KubernetesScheduler implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(KubernetesScheduler.class);
    private static final long TICK_MILLIS = 1000;

    private final KubernetesClient client;
    private final PlacementPolicy policy;
    private final SchedulerSettings settings;
    private final Clock clock;
    private final ApplicationGrouper grouper;
    private final EventRecorder events;
    private final SchedulerMetrics metrics;

    private final Informers informers;
    private WatchMonitor watchMonitor;

    private final AssumeCache assumed = new AssumeCache();
    private final ProblemLog problems = new ProblemLog();
    private final PodBackoff backoff = new PodBackoff();
    /** Room held for executors still to come (--driver-gang, --bind-early). */
    private final RoomHolds holds = new RoomHolds();
    /** The pod informer's store, slim pods and what a cycle reads of each. */
    private final SlimPodStore podStore;
    private final SnapshotBuilder snapshots;
    private final CyclePlanner planner;
    private final BindPhase bindPhase;
    private final FreshNodes freshNodes;
    private final NodeCordoner cordoner;
    /** {@code --provision nodeclaims}, else null. */
    private final ClaimPhase claims;
    /** {@code --wait-for-room}, or null. */
    private final RoomWait roomWait;
    private final Feasibility feasibility;
    /** Bindings wait on the API server, not the CPU: few threads would cap the requests in flight. */
    private static final int BIND_THREADS = 16;
    /** kube-scheduler's binding cycle: batches of bindings sent while the next cycle plans. */
    private final ExecutorService bindThreads = Executors.newFixedThreadPool(BIND_THREADS, r -> {
        Thread t = new Thread(r, "execplace-bind");
        t.setDaemon(true);
        return t;
    });
    private final Object wake = new Object();
    private final AtomicLong lastCycleMillis = new AtomicLong();
    private long lastForgetMillis;
    private final CycleTrigger trigger = new CycleTrigger();

    public KubernetesScheduler(KubernetesClient client, PlacementPolicy policy, PriceTable prices,
                               SchedulerSettings settings, Clock clock) {
        this(client, policy, () -> prices, settings, clock);
    }

    /** @param prices the price table, asked every cycle (a {@link io.execplace.kubernetes.pricing.PriceFile} reloads on change) */
    public KubernetesScheduler(KubernetesClient client, PlacementPolicy policy, java.util.function.Supplier<PriceTable> prices,
                               SchedulerSettings settings, Clock clock) {
        this.client = client;
        this.policy = policy;
        this.settings = settings;
        this.clock = clock;
        this.informers = new Informers(client, settings, clock, this::signal);
        this.podStore = new SlimPodStore(settings.schedulerName());
        GangSettings gangs = settings.gangs();
        PlacementSettings placement = settings.placement();
        NodeSettings nodes = settings.nodes();
        ApplicationGrouper grouper = new ApplicationGrouper(gangs.batchWindow(), placement.defaultDurationSeconds(),
                gangs.driverGang(), gangs.bindEarly());
        this.grouper = gangs.partialGangs() ? grouper.readyAsTheyCome() : grouper;
        this.events = new EventRecorder(client, settings.schedulerName(), clock);
        this.metrics = new SchedulerMetrics(policy.name(), settings.schedulerName());
        this.snapshots = new SnapshotBuilder(new NodeReader(prices, nodes.siteLabel(), nodes.defaultSite(), nodes.capacityTypes()),
                grouper, events, problems, settings.dryRun());
        this.feasibility = new Feasibility(Feasibility.filters(nodes.capacityTypes(), nodes.driversOnSpot()));
        this.planner = new CyclePlanner(policy, feasibility, placement.queue(), placement.backfill(), placement.singleZone(),
                metrics::decision, gangs.partialGangs());
        Binder binder = new Binder(client, settings.binding().attempts(), settings.binding().backoff(), Duration.ofSeconds(30));
        this.freshNodes = new FreshNodes(client);
        this.bindPhase = new BindPhase(client, binder, events, metrics, settings, policy.name(), policy.namesProtections(), assumed,
                problems, backoff, clock, freshNodes);
        this.cordoner = new NodeCordoner(client, events, settings);
        ScalingSettings scaling = settings.scaling();
        this.claims = scaling.provisioning() == null || settings.dryRun() ? null
                : new ClaimPhase(new NodeClaimProvisioner(client, scaling.provisioning()));
        this.roomWait = scaling.roomWait().isZero() ? null : new RoomWait(scaling.roomWait().toMillis() / 1000.0);
    }

    /** Starts the node and pod informers and waits until both have listed (at most {@code timeout}). */
    public void start(Duration timeout) {
        informers.start(podStore, freshNodes, timeout);
        if (settings.protection().protectExecutors()) { // only protections read each node's consolidation rule
            snapshots.drainRules(NodePoolRules.start(client, settings.protection().drains(), timeout));
        }
        if (claims != null) {
            claims.start();
        }
        watchMonitor = new WatchMonitor(this::synced, metrics, settings.schedulerName(), clock, freshNodes::forgetAll);
        watchMonitor.start();
        LOG.info("{}: watching {} nodes and {} pods (namespace {}), policy {}, queue {}", settings.schedulerName(),
                informers.nodes().size(), informers.pods().size(),
                settings.namespace() == null ? "all" : settings.namespace(), policy.name(), settings.placement().queue().name());
    }

    private void signal(boolean needsCycle) {
        if (trigger.changed(needsCycle)) {
            synchronized (wake) {
                wake.notifyAll();
            }
        }
    }

    /** True when both informers have listed and are watching. */
    public boolean synced() {
        return informers.synced();
    }

    /** True when the loop has run a cycle in the last 30 seconds. */
    public boolean live() {
        return clock.millis() - lastCycleMillis.get() < 30_000;
    }

    /** The pods in the informer cache (tests wait on it). */
    public List<Pod> cachedPods() {
        return informers.pods();
    }

    /** The nodes in the informer cache. */
    public List<Node> cachedNodes() {
        return informers.nodes();
    }

    public SchedulerMetrics metrics() {
        return metrics;
    }

    public EventRecorder events() {
        return events;
    }

    /**
     * Runs cycles until {@code stop} is set: when an event makes one due ({@link CycleTrigger}), and at
     * least every second.
     */
    public void run(AtomicBoolean stop) {
        while (!stop.get()) {
            try {
                cycle(true);
            } catch (RuntimeException e) {
                LOG.error("scheduling cycle failed (will retry): {}", e.toString(), e);
            }
            long tick = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
            synchronized (wake) {
                for (long left = TICK_MILLIS; !trigger.due() && !stop.get() && left > 0;
                     left = TimeUnit.NANOSECONDS.toMillis(tick - System.nanoTime())) {
                    try {
                        wake.wait(left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }

    /** Wakes {@link #run} for a cycle now (e.g. to make it notice {@code stop}). */
    public void wakeUp() {
        signal(true);
    }

    private double nowSeconds() {
        return clock.millis() / 1000.0;
    }

    /** One scheduling cycle over the informer caches: snapshot, plan, bind (waiting for the bindings). */
    public CycleReport scheduleOnce() {
        return cycle(false);
    }

    /**
     * One cycle; with {@code async} the bindings are sent on the binding threads and the cycle returns
     * at once (the report's {@code bound} is then empty: the pods are assumed, their outcome comes later).
     */
    private synchronized CycleReport cycle(boolean async) {
        long cycleStart = System.nanoTime();
        trigger.cycleStarted();
        double now = nowSeconds();
        lastCycleMillis.set(clock.millis());
        List<Node> nodes = informers.nodes();
        // what the cycle reads of each pod was read when the informer stored it (PodFacts); one copy for the whole cycle
        PodCacheReading reading = PodCacheReading.read(podStore.facts(), settings.schedulerName(), assumed, backoff, now);
        List<PodFacts> pods = reading.pods();
        List<NodeInfo> usable = snapshots.usableNodes(nodes);
        List<Pod> pending = reading.pending();
        ApplicationPods apps = reading.applications();
        long gatedPods = reading.gated();
        long backingOff = reading.backingOff();
        Map<String, Double> firstSeen = informers.firstSeen();
        Grouping grouping = grouper.group(pending, apps, firstSeen, now);
        for (Grouping.PodProblem problem : grouping.problems()) {
            bindPhase.report(problem.pod(), "BadAnnotation", problem.message());
        }
        // the cycle's CPU unit makes every pending request (and held executor room) a whole number of units (ClusterSnapshot)
        List<Long> cpuRequests = new ArrayList<>(reading.pendingCpuMillis());
        cpuRequests.addAll(holds.cpuRequests());
        grouping.ready().stream().filter(a -> a.executorRoom() != null).forEach(a -> cpuRequests.add(a.executorRoom().cpuMillis()));
        long cpuUnit = ClusterSnapshot.cpuUnitFor(cpuRequests);
        ClusterSnapshot snapshot = snapshots.build(usable, now, cpuUnit, reading.oursBound(), podStore.byNode(), apps, assumed);
        Map<String, Integer> placedExecutors = apps.placedExecutors();
        // a hold lasts while its driver runs: not finished, and not one of ours waiting to be placed again
        Map<String, HeldRoom> held = holds.applyTo(snapshot, placedExecutors, (appKey, driverUid) -> {
            Pod driver = apps.driver(appKey);
            return driver != null && driverUid.equals(driver.getMetadata().getUid())
                    && !(informers.ours(driver) && PodFacts.unbound(driver) && !assumed.contains(driverUid));
        }, now);
        CyclePlanner.Plan plan = planner.plan(grouping.ready(), snapshot, usable, held);
        if (!settings.dryRun()) {
            holds.record(plan.planned(), placedExecutors, now, settings.gangs().holdTimeout().toMillis() / 1000.0);
        }
        Executor writers = async && !settings.dryRun() ? bindThreads : Runnable::run;
        // applications waiting for room the running pods free are neither bought for nor marked (--wait-for-room)
        List<CyclePlanner.Rejected> rejected = roomWait == null ? plan.rejected() : roomWait.notWaiting(plan.rejected(), snapshot,
                app -> feasibility.check(app.pods(), usable), podStore.byNode().releasesBy(now + roomWait.launchSeconds()), now);
        bindPhase.reject(claims == null ? rejected : claims.buy(rejected, apps, nodes, now, writers), writers);
        List<String> failures = new ArrayList<>();
        List<Decision> decisions;
        if (async && !settings.dryRun()) {
            bindPhase.bindAsync(plan.planned(), firstSeen, now, bindThreads, failed -> signal(failed));
            decisions = List.of();
        } else {
            decisions = bindPhase.bind(plan.planned(), failures, firstSeen, now);
        }
        List<String> unschedulable = new ArrayList<>();
        for (CyclePlanner.Rejected r : plan.rejected()) {
            unschedulable.add(r.app().key() + ": " + r.message());
        }
        long planned = plan.planned().stream().mapToLong(pl -> pl.app().pods().size()).sum();
        long stillActive = settings.dryRun() ? pending.size() : Math.max(0, pending.size() - (async ? planned : decisions.size()));
        trigger.cycleEnded(stillActive + backingOff > 0);
        metrics.pending(stillActive + backingOff + gatedPods);
        metrics.queues(stillActive, backingOff, gatedPods);
        metrics.costRatePerHour(snapshot.isEmpty() ? 0 : snapshot.activeCostRatePerSecond() * 3600);
        Map<String, Node> nodesByName = new HashMap<>();
        for (Node n : nodes) {
            nodesByName.put(n.getMetadata().getName(), n);
        }
        List<String> empty = cordoner.emptyNodes(snapshot, usable, nodesByName);
        cordoner.uncordonForDemand(plan.rejected().stream().anyMatch(r -> r.code().waitsForRoom()), nodes);
        if (clock.millis() - lastForgetMillis >= TICK_MILLIS) {
            // bookkeeping of departed pods and nodes: once a second is enough
            lastForgetMillis = clock.millis();
            problems.forgetDeparted(nodes, pods);
            backoff.retainPods(pods);
        }
        metrics.cycle(System.nanoTime() - cycleStart);
        return new CycleReport(decisions, unschedulable, grouping.gathering(), empty, failures);
    }

    /**
     * Takes no more bindings and waits for those in flight to settle (each request has its own timeout): a
     * leader does this before it releases its Lease, so that the next leader sees every binding it made.
     */
    public void settleBindings() {
        bindThreads.shutdown();
        try {
            if (!bindThreads.awaitTermination(60, TimeUnit.SECONDS)) {
                LOG.warn("bindings still in flight at close");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        if (watchMonitor != null) {
            watchMonitor.close();
        }
        settleBindings();
        informers.close();
        snapshots.close();
        events.close();
    }
}

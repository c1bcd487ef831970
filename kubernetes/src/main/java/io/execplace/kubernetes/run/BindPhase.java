package io.execplace.kubernetes.run;

import io.execplace.core.model.Placement;
import io.execplace.kubernetes.bind.BindResult;
import io.execplace.kubernetes.bind.Binder;
import io.execplace.kubernetes.bind.DoNotDisrupt;
import io.execplace.kubernetes.observe.EventRecorder;
import io.execplace.kubernetes.observe.SchedulerMetrics;
import io.execplace.kubernetes.spark.PendingApplication;
import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * What a cycle writes to the API server: the planned gangs' bindings (all in flight together) with
 * their Scheduled Events and assumed entries; for rejected applications the PodScheduled=False
 * condition and a FailedScheduling Event, once per distinct reason. A dry run writes nothing: it only
 * reports what it would bind.
 */
final class BindPhase {

    private static final Logger LOG = LoggerFactory.getLogger(BindPhase.class);

    private final KubernetesClient client;
    private final Binder binder;
    private final EventRecorder events;
    private final SchedulerMetrics metrics;
    private final SchedulerSettings settings;
    private final String policyName;
    /** The policy names its own protections ({@link io.execplace.core.policy.PlacementPolicy#namesProtections}). */
    private final boolean policyNamesProtections;
    private final AssumeCache assumed;
    private final ProblemLog problems;
    private final PodBackoff backoff;
    private final Clock clock;
    private final FreshNodes freshNodes;

    BindPhase(KubernetesClient client, Binder binder, EventRecorder events, SchedulerMetrics metrics, SchedulerSettings settings,
              String policyName, boolean policyNamesProtections, AssumeCache assumed, ProblemLog problems, PodBackoff backoff, Clock clock, FreshNodes freshNodes) {
        this.client = client;
        this.binder = binder;
        this.events = events;
        this.metrics = metrics;
        this.settings = settings;
        this.policyName = policyName;
        this.policyNamesProtections = policyNamesProtections;
        this.assumed = assumed;
        this.problems = problems;
        this.backoff = backoff;
        this.clock = clock;
        this.freshNodes = freshNodes;
    }

    /** Binds every planned gang and waits; returns one decision per pod bound (a dry run: per pod it would bind). */
    List<Decision> bind(List<CyclePlanner.Planned> planned, List<String> failures, Map<String, Double> firstSeen, double now) {
        if (settings.dryRun()) {
            List<Decision> decisions = new ArrayList<>();
            for (CyclePlanner.Planned pl : planned) {
                for (int i = 0; i < pl.app().pods().size(); i++) {
                    decisions.add(new Decision(pl.app().key(), podKey(pl.app().pods().get(i)), pl.targets().get(i), pl.extraCost()));
                }
            }
            return decisions;
        }
        assume(planned, now);
        return send(planned, failures, firstSeen, now);
    }

    /**
     * Binds every planned gang on the binding threads and returns at once, as kube-scheduler's
     * binding cycle: the pods are assumed first, so that the next cycle neither places them again nor
     * reuses their room; a failed binding forgets its pod's assumption and backs the pod off.
     *
     * @param done told, when the batch has been sent and settled, whether a binding failed
     */
    void bindAsync(List<CyclePlanner.Planned> planned, Map<String, Double> firstSeen, double now, Executor bindThreads,
                   java.util.function.Consumer<Boolean> done) {
        if (planned.isEmpty()) {
            return;
        }
        assume(planned, now);
        bindThreads.execute(() -> {
            List<String> failures = new ArrayList<>();
            boolean failed = true;
            try {
                send(planned, failures, firstSeen, now);
                failed = !failures.isEmpty();
            } finally {
                done.accept(failed);
            }
        });
    }

    private void assume(List<CyclePlanner.Planned> planned, double now) {
        double expires = now + settings.binding().assumeTtl().toMillis() / 1000.0;
        for (CyclePlanner.Planned pl : planned) {
            PendingApplication app = pl.app();
            for (int i = 0; i < app.pods().size(); i++) {
                assumed.assume(AssumeCache.uid(app.pods().get(i)), new AssumeCache.Assumed(pl.targets().get(i), app.cpuMillis(),
                        app.memoryBytes(), pl.otherRequests(), now + pl.duration(), expires));
            }
        }
    }

    /** Sends the bindings of the planned (and assumed) gangs, and settles each pod's outcome. */
    private List<Decision> send(List<CyclePlanner.Planned> planned, List<String> failures, Map<String, Double> firstSeen, double now) {
        planned = onFreshNodes(planned, failures, now);
        List<Decision> decisions = new ArrayList<>();
        List<Pod> pods = new ArrayList<>();
        List<String> nodes = new ArrayList<>();
        List<Map<String, String>> annotations = new ArrayList<>();
        for (CyclePlanner.Planned pl : planned) {
            pods.addAll(pl.app().pods());
            nodes.addAll(pl.targets());
            for (int i = 0; i < pl.app().pods().size(); i++) {
                annotations.add(protection(pl, i, policyNamesProtections, settings.protection().protectExecutors(), settings.protection().protectDrivers()));
            }
        }
        long bindStart = System.nanoTime();
        List<BindResult> results = pods.isEmpty() ? List.of() : binder.bindAll(pods, nodes, annotations);
        long bindNanos = System.nanoTime() - bindStart;
        double settled = clock.millis() / 1000.0;
        int k = 0;
        int bound = 0;
        for (CyclePlanner.Planned pl : planned) {
            PendingApplication app = pl.app();
            int n = app.pods().size();
            boolean allBound = true;
            for (int i = 0; i < n; i++, k++) {
                Pod pod = pods.get(k);
                String node = nodes.get(k);
                BindResult r = results.get(k);
                String uid = AssumeCache.uid(pod);
                if (r.bound()) {
                    bound++;
                    decisions.add(new Decision(app.key(), podKey(pod), node, pl.extraCost()));
                    Double seen = firstSeen.remove(uid);
                    if (seen != null) {
                        metrics.podScheduled(settled - seen);
                    }
                    backoff.succeeded(uid);
                    problems.clear(podKey(pod));
                    events.normal(pod, "Scheduled", "Successfully assigned " + podKey(pod) + " to " + node
                            + " by " + settings.schedulerName() + " (policy " + policyName + ", application "
                            + app.key() + ", " + n + " executors, estimated extra cost "
                            + String.format(Locale.ROOT, "%.6f", pl.extraCost()) + ")");
                } else {
                    assumed.forget(uid);
                    metrics.bindFailure();
                    allBound = false;
                    if (r.outcome() == BindResult.Outcome.FAILED) {
                        backoff.failed(uid, now, r.retryAfter());
                    }
                    String msg = podKey(pod) + " -> " + node + ": " + r.outcome() + " after " + r.attempts()
                            + " attempt(s): " + r.detail();
                    failures.add(msg);
                    LOG.warn("binding failed: {}", msg);
                }
            }
            metrics.attempt(allBound ? "scheduled" : "error", pl.planningNanos() + bindNanos);
        }
        metrics.bound(bound);
        return decisions;
    }

    /**
     * The {@code karpenter.sh/do-not-disrupt} annotation of the gang's pod {@code i}. With
     * {@code --protect-executors} ({@code executors}) an executor carries the protection its policy's
     * placement names (none, a duration or for ever); under a placement that names none, {@code "true"}
     * — unless the policy names its own protections ({@code policyNames}): then none. With
     * {@code --protect-drivers} ({@code drivers}) a driver carries {@code "true"}: it lives as long as
     * its application, and evicting it loses the whole application (Spark deletes its executors with it).
     * Other pods carry nothing.
     */
    static Map<String, String> protection(CyclePlanner.Planned pl, int i, boolean policyNames, boolean executors, boolean drivers) {
        PodFacts pod = PodFacts.of(pl.app().pods().get(i));
        if (pod.driver()) {
            return drivers ? DoNotDisrupt.annotation(Double.POSITIVE_INFINITY) : Map.of();
        }
        if (!pod.executor() || !executors) {
            return Map.of();
        }
        Placement p = pl.placement();
        boolean named = p != null && p.hasProtection() && i < p.executors();
        return DoNotDisrupt.annotation(named ? p.protectionSeconds(i) : policyNames ? 0 : Double.POSITIVE_INFINITY);
    }

    /**
     * The gangs whose nodes, read afresh ({@link FreshNodes}), still take them; the others are not
     * sent: their pods are forgotten as assumed and back off, as after a failed binding.
     */
    private List<CyclePlanner.Planned> onFreshNodes(List<CyclePlanner.Planned> planned, List<String> failures, double now) {
        List<CyclePlanner.Planned> cleared = new ArrayList<>();
        for (CyclePlanner.Planned pl : planned) {
            String why = freshNodes.refusal(pl.app().pods(), pl.targets());
            if (why == null) {
                cleared.add(pl);
                continue;
            }
            for (Pod pod : pl.app().pods()) {
                String uid = AssumeCache.uid(pod);
                assumed.forget(uid);
                backoff.failed(uid, now, java.time.Duration.ZERO);
                metrics.bindFailure();
            }
            String msg = pl.app().key() + ": not bound: " + why;
            failures.add(msg);
            LOG.warn("binding withheld: {}", msg);
        }
        return cleared;
    }

    /** Says why each rejected application stays pending (conditions and Events, once per reason; none in a dry run). */
    void reject(List<CyclePlanner.Rejected> rejected) {
        reject(rejected, Runnable::run);
    }

    /**
     * As {@link #reject(List)}, the writes sent on {@code writers}: a cycle's pods all reach a node
     * provisioner within its batching window (Karpenter's: 1 s idle) and it buys one node for the lot;
     * written one after another on a loaded API server (an Event, a read and a write each: about a second a pod), the pods
     * of one gang came to Karpenter one batch each, and each got a node of its own (docs/testbed.md).
     */
    void reject(List<CyclePlanner.Rejected> rejected, Executor writers) {
        for (CyclePlanner.Rejected r : rejected) {
            metrics.attempt(r.result(), r.planningNanos());
            if (r.code() == Rejection.POD_TOO_LARGE || r.code() == Rejection.NO_NODE_PASSES_FILTERS) {
                String reason = r.code() == Rejection.POD_TOO_LARGE ? "PodTooLarge" : "NoNodeMatches";
                for (Pod p : r.app().pods()) {
                    report(p, reason, r.message());
                }
            }
            markUnschedulable(r.app(), r.message(), writers);
        }
    }

    /** Logs and sends an Event about bad input once per object and message. */
    void report(Pod pod, String reason, String message) {
        if (!problems.firstTime("problem/" + podKey(pod) + "/" + reason, message)) {
            return;
        }
        LOG.warn("{}: {}", podKey(pod), message);
        if (!settings.dryRun()) {
            events.warning(pod, reason, message);
        }
    }

    /** Sets PodScheduled=False, reason Unschedulable (once per distinct reason) and writes an Event. */
    private void markUnschedulable(PendingApplication app, String why, Executor writers) {
        int marked = 0;
        for (Pod pod : app.pods()) {
            String key = podKey(pod);
            if (why.equals(problems.last(key)) || hasUnschedulable(pod, why)) {
                problems.firstTime(key, why);
                continue;
            }
            problems.firstTime(key, why);
            marked++;
            LOG.info("{} stays pending: {}", key, why);
            if (settings.dryRun()) {
                continue;
            }
            // the condition first: it is what a provisioner acts on
            writers.execute(() -> {
                setUnschedulable(pod, why);
                events.warning(pod, "FailedScheduling", why);
            });
        }
        metrics.unschedulable(marked);
    }

    private void setUnschedulable(Pod pod, String why) {
        PodCondition condition = new PodConditionBuilder().withType("PodScheduled").withStatus("False")
                .withReason("Unschedulable").withMessage(why).withLastTransitionTime(Instant.now(clock).toString()).build();
        for (int attempt = 1; attempt <= settings.binding().attempts(); attempt++) {
            try {
                client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
                        .editStatus(p -> {
                            if (p.getStatus() == null) {
                                p.setStatus(new PodStatus());
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
                if (attempt == settings.binding().attempts()) {
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

    static String podKey(Pod p) {
        return p.getMetadata().getNamespace() + "/" + p.getMetadata().getName();
    }
}

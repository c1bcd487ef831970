package io.execplace.kubernetes.observe;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * The scheduler's Prometheus metrics (Micrometer). Named as kube-scheduler names its own:
 * {@code scheduler_scheduling_attempt_duration_seconds{result}} (one attempt of one application:
 * its planning, and for a scheduled one its binding requests), {@code
 * scheduler_pod_scheduling_sli_duration_seconds} (a pod first seen pending to bound), {@code
 * scheduler_pending_pods{queue}} (active, backoff, gated). execplace's own: placement decision
 * latency, cycle duration, pods bound, pods left unschedulable, binding failures, and the estimated
 * cost rate of the nodes in use.
 */
public final class SchedulerMetrics {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Timer decision;
    private final Counter bound;
    private final Counter unschedulable;
    private final Counter bindFailures;
    private final Counter watchInterruptions;
    private final AtomicLong watchingNow = new AtomicLong();
    private final AtomicLong pending = new AtomicLong();
    private final Timer scheduled;
    private final Timer unschedulableAttempt;
    private final Timer errorAttempt;
    private final Timer sli;
    private final Timer cycle;
    private final AtomicLong activeQueue = new AtomicLong();
    private final AtomicLong backoffQueue = new AtomicLong();
    private final AtomicLong gatedQueue = new AtomicLong();
    private final DoubleAdder costRatePerHour = new DoubleAdder();

    public SchedulerMetrics(String policy) {
        this(policy, "execplace");
    }

    /** @param profile the scheduler name (kube-scheduler's profile label) */
    public SchedulerMetrics(String policy, String profile) {
        scheduled = attempt("scheduled", profile);
        unschedulableAttempt = attempt("unschedulable", profile);
        errorAttempt = attempt("error", profile);
        sli = histogram(Timer.builder("scheduler.pod.scheduling.sli.duration")
                .description("time from a pod first seen pending to bound").tag("profile", profile));
        cycle = histogram(Timer.builder("execplace.scheduling.cycle.duration")
                .description("one scheduling cycle: snapshot, plan, bind"));
        for (var q : java.util.Map.of("active", activeQueue, "backoff", backoffQueue, "gated", gatedQueue).entrySet()) {
            Gauge.builder("scheduler.pending.pods", q.getValue(), AtomicLong::get).tag("queue", q.getKey())
                    .description("pending pods with this scheduler's name, by queue").register(registry);
        }
        decision = Timer.builder("execplace.decision.latency")
                .description("time the placement policy takes to place one application (gang)")
                .tag("policy", policy)
                .publishPercentileHistogram()
                .minimumExpectedValue(Duration.ofNanos(1000))
                .maximumExpectedValue(Duration.ofSeconds(10))
                .register(registry);
        bound = Counter.builder("execplace.pods.bound").description("pods bound to a node").register(registry);
        unschedulable = Counter.builder("execplace.pods.unschedulable")
                .description("times a pod was marked PodScheduled=False, reason Unschedulable").register(registry);
        bindFailures = Counter.builder("execplace.bind.failures")
                .description("binding requests that failed after all retries or were refused").register(registry);
        watchInterruptions = Counter.builder("execplace.watch.interruptions")
                .description("times the node or pod watch was lost (API server unreachable or restarting)").register(registry);
        Gauge.builder("execplace.watching", watchingNow, AtomicLong::get)
                .description("1 while both the node and the pod informer watch, else 0").register(registry);
        Gauge.builder("execplace.pods.pending", pending, AtomicLong::get)
                .description("pods with this scheduler's name not yet bound").register(registry);
        Gauge.builder("execplace.cost.rate", costRatePerHour, DoubleAdder::sum)
                .description("estimated price per hour of the nodes that run pods (price table units)")
                .baseUnit("per.hour").register(registry);
    }

    private Timer attempt(String result, String profile) {
        return histogram(Timer.builder("scheduler.scheduling.attempt.duration")
                .description("one scheduling attempt of an application: planning, and binding when scheduled")
                .tag("result", result).tag("profile", profile));
    }

    private Timer histogram(Timer.Builder b) {
        return b.publishPercentileHistogram().minimumExpectedValue(Duration.ofNanos(1000))
                .maximumExpectedValue(Duration.ofSeconds(60)).register(registry);
    }

    /** One attempt of one application; {@code result} is scheduled, unschedulable or error. */
    public void attempt(String result, long nanos) {
        (switch (result) {
            case "scheduled" -> scheduled;
            case "unschedulable" -> unschedulableAttempt;
            default -> errorAttempt;
        }).record(nanos, TimeUnit.NANOSECONDS);
    }

    /** A pod bound {@code seconds} after it was first seen pending. */
    public void podScheduled(double seconds) {
        sli.record(Math.max(0, Math.round(seconds * 1e9)), TimeUnit.NANOSECONDS);
    }

    public void cycle(long nanos) {
        cycle.record(nanos, TimeUnit.NANOSECONDS);
    }

    /** Pending pods by queue: ready to be planned, backing off after a failed binding, held by scheduling gates. */
    public void queues(long active, long backingOff, long gated) {
        activeQueue.set(active);
        backoffQueue.set(backingOff);
        gatedQueue.set(gated);
    }

    public void decision(long nanos) {
        decision.record(nanos, TimeUnit.NANOSECONDS);
    }

    public void bound(int pods) {
        bound.increment(pods);
    }

    public void unschedulable(int pods) {
        unschedulable.increment(pods);
    }

    public void watchInterrupted() {
        watchInterruptions.increment();
    }

    public void watching(boolean now) {
        watchingNow.set(now ? 1 : 0);
    }

    public double watchInterruptionsTotal() {
        return watchInterruptions.count();
    }

    public void bindFailure() {
        bindFailures.increment();
    }

    public void pending(long pods) {
        pending.set(pods);
    }

    public void costRatePerHour(double rate) {
        costRatePerHour.reset();
        costRatePerHour.add(rate);
    }

    public double boundTotal() {
        return bound.count();
    }

    public double bindFailuresTotal() {
        return bindFailures.count();
    }

    /** Scheduling cycles run so far. */
    public long cyclesTotal() {
        return cycle.count();
    }

    public long pendingNow() {
        return pending.get();
    }

    /** Prometheus text exposition of all metrics. */
    public String scrape() {
        return registry.scrape();
    }
}

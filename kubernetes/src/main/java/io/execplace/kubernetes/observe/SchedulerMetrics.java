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
 * The scheduler's Prometheus metrics (Micrometer): placement decision latency (histogram), pods
 * bound, pods left unschedulable, pods pending, and the estimated cost rate of the nodes in use.
 */
public final class SchedulerMetrics {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Timer decision;
    private final Counter bound;
    private final Counter unschedulable;
    private final Counter bindFailures;
    private final AtomicLong pending = new AtomicLong();
    private final DoubleAdder costRatePerHour = new DoubleAdder();

    public SchedulerMetrics(String policy) {
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
        Gauge.builder("execplace.pods.pending", pending, AtomicLong::get)
                .description("pods with this scheduler's name not yet bound").register(registry);
        Gauge.builder("execplace.cost.rate", costRatePerHour, DoubleAdder::sum)
                .description("estimated price per hour of the nodes that run pods (price table units)")
                .baseUnit("per.hour").register(registry);
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

    public long pendingNow() {
        return pending.get();
    }

    /** Prometheus text exposition of all metrics. */
    public String scrape() {
        return registry.scrape();
    }
}

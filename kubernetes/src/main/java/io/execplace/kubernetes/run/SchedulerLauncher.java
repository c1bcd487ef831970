package io.execplace.kubernetes.run;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.observe.HealthServer;
import io.execplace.kubernetes.pricing.PriceTable;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs the scheduler as a process: reads the price table (a malformed one fails before anything
 * else, naming file and line), connects with the usual kubeconfig / in-cluster configuration, serves
 * health and metrics, and loops until the JVM is stopped. With {@code dryRun} it runs one cycle
 * over what is pending now, prints what it would bind and returns.
 *
 * <p>This is the entry point the command line calls; its signature has no fabric8 types, so that the
 * CLI loads Kubernetes classes only when this command runs.
 */
public final class SchedulerLauncher {

    private SchedulerLauncher() {
    }

    /** Where the health and metrics endpoint listens; port 0 picks a free port, -1 turns it off. */
    public record Endpoint(String host, int port) {
    }

    /**
     * @throws IllegalArgumentException for bad input (malformed price table, bad settings): exit code 2
     * @throws IOException              when the endpoint cannot listen
     */
    public static int run(SchedulerSettings settings, PlacementPolicy policy, Path priceTable, Endpoint endpoint,
                          PrintWriter out) throws IOException {
        PriceTable prices = PriceTable.read(priceTable);
        SchedulerSettings effective = settings.dryRun()
                ? copyWithoutBatching(settings) : settings;
        try (KubernetesClient client = new KubernetesClientBuilder()
                     // No retries inside the HTTP client: the binder retries bindings itself (--bind-attempts).
                     .editOrNewConfig().withRequestRetryBackoffLimit(0)
                     // The bindings of a cycle travel together; fabric8's default allows 5 per host.
                     .withMaxConcurrentRequests(128).withMaxConcurrentRequestsPerHost(64).endConfig().build();
             KubernetesScheduler scheduler = new KubernetesScheduler(client, policy, prices, effective, Clock.systemUTC())) {
            scheduler.start(Duration.ofSeconds(60));
            if (settings.dryRun()) {
                CycleReport report = scheduler.scheduleOnce();
                printDryRun(report, policy.name(), out);
                return 0;
            }
            HealthServer http = endpoint.port() < 0 ? null : new HealthServer(
                    new InetSocketAddress(endpoint.host(), endpoint.port()), scheduler::live, scheduler::synced,
                    scheduler.metrics()::scrape);
            try {
                out.println(settings.schedulerName() + ": scheduling pods with policy " + policy.name()
                        + (http == null ? "" : "; health and metrics on http://" + endpoint.host() + ":" + http.port()));
                out.flush();
                AtomicBoolean stop = new AtomicBoolean();
                CountDownLatch stopped = new CountDownLatch(1);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    stop.set(true);
                    scheduler.wakeUp();
                    try {
                        stopped.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
                try {
                    scheduler.run(stop);
                } finally {
                    stopped.countDown();
                }
            } finally {
                if (http != null) {
                    http.close();
                }
            }
        }
        return 0;
    }

    /** A dry run looks once at what is pending now: nothing waits for a batching window. */
    private static SchedulerSettings copyWithoutBatching(SchedulerSettings s) {
        return SchedulerSettings.builder().schedulerName(s.schedulerName()).namespace(s.namespace()).queue(s.queue())
                .backfill(s.backfill()).batchWindow(Duration.ZERO).defaultDurationSeconds(s.defaultDurationSeconds())
                .dryRun(true).cordonEmpty(false).siteLabel(s.siteLabel()).defaultSite(s.defaultSite())
                .bindAttempts(s.bindAttempts()).bindBackoff(s.bindBackoff()).assumeTtl(s.assumeTtl()).build();
    }

    /** One line per pod it would bind, then the applications it would leave pending. */
    public static void printDryRun(CycleReport report, String policy, PrintWriter out) {
        out.println("dry run (policy " + policy + "): nothing is bound");
        for (Decision d : report.bound()) {
            out.println("would bind " + d.pod() + " -> " + d.node() + "  (application " + d.application()
                    + ", estimated extra cost " + String.format(Locale.ROOT, "%.6f", d.extraCost()) + ")");
        }
        for (String u : report.unschedulable()) {
            out.println("would leave pending " + u);
        }
        out.println(report.bound().size() + " pod(s) would be bound, " + report.unschedulable().size()
                + " application(s) left pending");
        out.flush();
    }
}

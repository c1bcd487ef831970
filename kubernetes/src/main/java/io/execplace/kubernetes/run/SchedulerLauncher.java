package io.execplace.kubernetes.run;

import io.execplace.core.policy.PlacementPolicy;
import io.execplace.kubernetes.observe.HealthServer;
import io.execplace.kubernetes.pricing.PriceFile;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;

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
     * Asks the API server for one node before any informer starts, so that a server that does not
     * answer, or refuses our credentials, is one clear error rather than informers failing in the
     * background.
     *
     * @throws ApiServerUnavailableException naming the server, the configuration tried and the reason
     */
    static void checkReachable(KubernetesClient client) {
        String url = String.valueOf(client.getConfiguration().getMasterUrl());
        try {
            client.nodes().list(new ListOptionsBuilder().withLimit(1L).build());
        } catch (KubernetesClientException e) {
            String reason = e.getCode() == 401 || e.getCode() == 403
                    ? "it refused the credentials (HTTP " + e.getCode() + "); check the user's token or certificate and the RBAC in deploy/rbac.yaml"
                    : e.getCode() > 0 ? "it answered HTTP " + e.getCode() + " to a list of nodes"
                    : "no answer (" + rootMessage(e) + "); check that the API server runs and the address is right";
            throw new ApiServerUnavailableException("cannot use the Kubernetes API server at " + url + " (configuration: "
                    + configurationSource() + "): " + reason, e);
        }
    }

    /** Where fabric8 took the configuration from, as it looks for it: kubeconfig, then in-cluster. */
    static String configurationSource() {
        String property = System.getProperty("kubeconfig");
        String variable = System.getenv("KUBECONFIG");
        Path home = Path.of(System.getProperty("user.home"), ".kube", "config");
        if (property != null) {
            return "kubeconfig " + property;
        }
        if (variable != null) {
            return "KUBECONFIG=" + variable;
        }
        if (java.nio.file.Files.isRegularFile(home)) {
            return "kubeconfig " + home;
        }
        if (java.nio.file.Files.isRegularFile(Path.of("/var/run/secrets/kubernetes.io/serviceaccount/token"))) {
            return "in-cluster service account";
        }
        return "none found (no KUBECONFIG, no ~/.kube/config, not in a pod): set KUBECONFIG";
    }

    private static String rootMessage(Throwable t) {
        Throwable r = t;
        while (r.getCause() != null && r.getCause() != r) {
            r = r.getCause();
        }
        return r.getMessage() == null ? r.getClass().getSimpleName() : r.getClass().getSimpleName() + ": " + r.getMessage();
    }

    /** The first wait before an informer watches again; fabric8 doubles it up to 32 times this (8 s). */
    static final int WATCH_RECONNECT_MILLIS = 250;

    /**
     * The scheduler's client settings on top of a configuration: no retries inside the HTTP client
     * (the binder retries bindings itself, {@code --bind-attempts}), up to 64 requests in flight
     * per host, because the bindings of a cycle travel together (fabric8's default allows 5), and
     * informers that try to watch again after 0.25 s, doubling up to 8 s (fabric8's default starts at
     * 1 s and reaches 32 s: after an API server restart the fault suite saw the leader bind nothing for
     * 9 s with the server ready, docs/faults.md).
     */
    public static Config tuned(Config config) {
        config.setWatchReconnectInterval(WATCH_RECONNECT_MILLIS);
        config.setRequestRetryBackoffLimit(0);
        config.setMaxConcurrentRequests(128);
        config.setMaxConcurrentRequestsPerHost(64);
        return config;
    }

    /**
     * @throws IllegalArgumentException for bad input (malformed price table, bad settings): exit code 2
     * @throws IOException              when the endpoint cannot listen
     */
    public static int run(SchedulerSettings settings, PlacementPolicy policy, Path priceTable, Endpoint endpoint,
                          PrintWriter out) throws IOException {
        return run(settings, policy, priceTable, endpoint, out, null);
    }

    /** As above, and with {@code placementLog} (not null) a {@link PlacementLog} of the pods it binds. */
    public static int run(SchedulerSettings settings, PlacementPolicy policy, Path priceTable, Endpoint endpoint,
                          PrintWriter out, Path placementLog) throws IOException {
        PriceFile prices = new PriceFile(priceTable, Clock.systemUTC());
        SchedulerSettings effective = settings.dryRun() ? settings.forDryRun() : settings;
        try (KubernetesClient client = new KubernetesClientBuilder().withConfig(tuned(Config.autoConfigure(null))).build();
             KubernetesScheduler scheduler = new KubernetesScheduler(client, policy, prices, effective, Clock.systemUTC());
             PlacementLog binds = settings.dryRun() ? null : PlacementLog.watch(client, settings, placementLog, Clock.systemUTC())) {
            checkReachable(client);
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
                    if (!runAsLeader(client, scheduler, settings.leaderElection(), stop, out)) {
                        return 1;
                    }
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

    /**
     * Runs the loop, after winning the Lease when leader election is on.
     *
     * @return false when leadership was lost (the process exits non-zero, to campaign afresh, as kube-scheduler does)
     */
    private static boolean runAsLeader(KubernetesClient client, KubernetesScheduler scheduler,
                                       LeaderElection.Settings election, AtomicBoolean stop, PrintWriter out) {
        if (election == null) {
            scheduler.run(stop);
            return true;
        }
        AtomicBoolean lost = new AtomicBoolean();
        try (LeaderElection leader = LeaderElection.start(client, election, LeaderElection.identity(), () -> {
            lost.set(true);
            stop.set(true);
            scheduler.wakeUp();
        })) {
            out.println("waiting for lease " + election.namespace() + "/" + election.leaseName() + " as " + leader.identityName());
            out.flush();
            while (!stop.get()) {
                if (leader.awaitLeadership(Duration.ofMillis(500))) {
                    out.println("holding lease " + election.namespace() + "/" + election.leaseName() + ": scheduling");
                    out.flush();
                    scheduler.run(stop);
                    scheduler.settleBindings(); // before the Lease is released (close): the next leader sees them
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (lost.get()) {
            out.println("lost lease " + election.namespace() + "/" + election.leaseName() + ": exiting so that a fresh process campaigns");
            out.flush();
            return false;
        }
        return true;
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

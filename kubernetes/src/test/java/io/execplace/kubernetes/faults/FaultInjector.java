package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.faults.TestbedControl.Component;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * Injects one fault and says what it did: when, on what, and, for the faults that stop scheduling or
 * the API, the probe application created the moment the system should work again (its binding time is
 * the recovery time).
 */
final class FaultInjector {

    /** The taint a NoExecute fault puts on a node. */
    static final String FAULT_TAINT = "execplace.io/fault";

    /**
     * @param fault     what was injected
     * @param at        when it began
     * @param recovered when the component was back (API server ready, replica killed, table restored), or null
     * @param target    what it hit (component, replica, node, applications), or why nothing was hit
     * @param probe     the probe application created at {@code recovered}, or null
     * @param replica   the replica killed or measured, or -1
     */
    record Injection(Fault fault, Instant at, Instant recovered, String target, String probe, int replica) {
        Injection(Fault fault, Instant at, Instant recovered, String target, String probe) {
            this(fault, at, recovered, target, probe, -1);
        }
    }

    /** Applications an OVERLOAD creates at once. */
    static final int OVERLOAD_APPLICATIONS = 40;
    /** Applications created at once while the API server throttles the scheduler. */
    static final int THROTTLED_APPLICATIONS = 20;
    /** Applications created at once while bindings are slow. */
    static final int SLOW_APPLICATIONS = 6;
    /** How long the throttle or the slow bindings last. */
    static final Duration SQUEEZE = Duration.ofSeconds(20);
    /** What the webhook adds to each binding. */
    static final Duration BINDING_DELAY = Duration.ofSeconds(3);

    private final KubernetesClient admin;
    private final TestbedControl testbed;
    private final Replicas replicas;
    private final Observer observer;
    private final RunWorkload workload;
    private final Path prices;
    private final Duration kwokOutage;
    private final Clock clock;

    FaultInjector(KubernetesClient admin, TestbedControl testbed, Replicas replicas, Observer observer, RunWorkload workload,
                  Path prices, Duration kwokOutage, Clock clock) {
        this.admin = admin;
        this.testbed = testbed;
        this.replicas = replicas;
        this.observer = observer;
        this.workload = workload;
        this.prices = prices;
        this.kwokOutage = kwokOutage;
        this.clock = clock;
    }

    Injection inject(Fault fault, String namespace, Random random) throws InterruptedException {
        Instant at = clock.instant();
        switch (fault) {
            case API_SERVER_RESTART, ETCD_RESTART -> {
                Component c = fault == Fault.API_SERVER_RESTART ? Component.KUBE_APISERVER : Component.ETCD;
                testbed.kill(c);
                testbed.revive(c);
                awaitApi();
                Instant ready = clock.instant();
                return new Injection(fault, at, ready, c.scriptName, workload.probe());
            }
            case LEADER_KILL, LEADER_STOP -> {
                Optional<Integer> leader = awaitLeader();
                if (leader.isEmpty()) {
                    return new Injection(fault, at, null, "no replica held the lease", null);
                }
                at = clock.instant();
                String target = "replica-" + leader.get();
                if (fault == Fault.LEADER_KILL) {
                    replicas.kill(leader.get());
                } else if (!replicas.stop(leader.get())) {
                    target += " (did not exit within 30 s of SIGTERM: killed)";
                }
                // The probe comes once the old leader is gone, so that only a new leader can bind it.
                return new Injection(fault, at, clock.instant(), target, workload.probe(), leader.get());
            }
            case KARPENTER_RESTART, KWOK_STOP -> {
                Component c = fault == Fault.KARPENTER_RESTART ? Component.KARPENTER : Component.KWOK;
                testbed.kill(c);
                hold(fault == Fault.KWOK_STOP ? kwokOutage : Duration.ofSeconds(3));
                testbed.revive(c);
                return new Injection(fault, at, clock.instant(), c.scriptName, null);
            }
            case NODE_INTERRUPTION, NODE_NOEXECUTE, NODE_CORDON -> {
                return onNode(fault, namespace, random, at);
            }
            case OVERLOAD -> {
                Optional<Integer> leader = awaitLeader();
                String before = leader.map(i -> String.format(java.util.Locale.ROOT, "leader replica-%d at %.0f MiB RSS", i, replicas.rssMiB(i)))
                        .orElse("no leader");
                burst(OVERLOAD_APPLICATIONS, random);
                return new Injection(fault, at, null, OVERLOAD_APPLICATIONS + " applications at once, " + before, null, leader.orElse(-1));
            }
            case APF_THROTTLE -> {
                ApiThrottle throttle = new ApiThrottle(admin);
                long before = throttle.rejected();
                try {
                    throttle.on();
                    hold(Duration.ofSeconds(2)); // the API server's APF controller takes up the new level
                    burst(THROTTLED_APPLICATIONS, random);
                    hold(SQUEEZE);
                } finally {
                    throttle.off();
                }
                Instant lifted = clock.instant();
                long rejected = throttle.rejected() - before;
                return new Injection(fault, at, lifted, THROTTLED_APPLICATIONS + " applications at once under an APF level of "
                        + ApiThrottle.SHARES + " share(s), "
                        + (before < 0 ? "rejections unknown" : rejected + " request(s) of the scheduler rejected with 429"), workload.probe());
            }
            case SLOW_BINDINGS -> {
                try (SlowBindings slow = new SlowBindings(admin, prices.getParent().resolve("webhook"), BINDING_DELAY)) {
                    try {
                        slow.on(namespace);
                        at = clock.instant();
                        String probe = workload.probe();
                        burst(SLOW_APPLICATIONS, random);
                        hold(SQUEEZE);
                        return new Injection(fault, at, at, SLOW_APPLICATIONS + " applications, each binding held "
                                + BINDING_DELAY.toSeconds() + " s; " + slow.delayed() + " binding(s) held", probe);
                    } finally {
                        slow.off();
                    }
                } catch (java.io.IOException | java.security.GeneralSecurityException e) {
                    throw new IllegalStateException("cannot start the slow-binding webhook: " + e.getMessage(), e);
                }
            }
            case BAD_OBJECTS -> {
                return new Injection(fault, at, null, String.join(" ", workload.createBadObjects(random)), null);
            }
            case BAD_PRICE_TABLE -> {
                String good = read();
                String probe;
                try {
                    write("version: 1\npricesPerHour: [not, a, table\n");
                    hold(Duration.ofSeconds(3));
                    probe = workload.probe();
                    hold(Duration.ofSeconds(5));
                } finally {
                    write(good);
                }
                return new Injection(fault, at, clock.instant(), prices.toString(), probe);
            }
            default -> throw new IllegalArgumentException("unknown fault " + fault);
        }
    }

    /** {@code n} small applications (1–2 one-core executors, 4–8 s) created at once. */
    private void burst(int n, Random random) {
        for (int i = 0; i < n; i++) {
            workload.create(new io.execplace.core.model.Job(0, io.execplace.core.model.JobType.GENERIC, 0, 1 + random.nextInt(2), 1, 2,
                    4 + random.nextInt(5), io.execplace.core.model.Job.NO_DEADLINE), RunWorkload.Kind.NORMAL);
        }
    }

    /** A node running executors of this run (the one running most), interrupted, tainted or cordoned. */
    private Injection onNode(Fault fault, String namespace, Random random, Instant at) {
        List<String> candidates = new ArrayList<>(observer.pods(namespace).stream()
                .filter(p -> p.node != null && p.ended == null && "executor".equals(p.role)).map(p -> p.node).distinct()
                .sorted(Comparator.naturalOrder()).toList());
        if (candidates.isEmpty()) {
            return new Injection(fault, at, null, "no node ran an executor of this run", null);
        }
        String node = candidates.get(random.nextInt(candidates.size()));
        try {
            switch (fault) {
                case NODE_INTERRUPTION -> {
                    Optional<String> claim = observer.claims().entrySet().stream().filter(e -> node.equals(e.getValue().node))
                            .map(java.util.Map.Entry::getKey).findFirst();
                    if (claim.isPresent()) {
                        admin.genericKubernetesResources("karpenter.sh/v1", "NodeClaim").withName(claim.get()).delete();
                    } else {
                        admin.nodes().withName(node).delete();
                    }
                }
                case NODE_NOEXECUTE -> admin.nodes().withName(node).edit(n -> {
                    if (n.getSpec().getTaints() == null) {
                        n.getSpec().setTaints(new ArrayList<>());
                    }
                    n.getSpec().getTaints().add(new TaintBuilder().withKey(FAULT_TAINT).withValue("interrupted").withEffect("NoExecute").build());
                    return n;
                });
                case NODE_CORDON -> admin.nodes().withName(node).edit(n -> {
                    n.getSpec().setUnschedulable(true);
                    return n;
                });
                default -> throw new IllegalArgumentException(fault + " is not a node fault");
            }
        } catch (KubernetesClientException e) {
            return new Injection(fault, at, null, node + " (gone before the fault: " + e.getCode() + ")", null);
        }
        return new Injection(fault, at, null, node, null);
    }

    private Optional<Integer> awaitLeader() {
        try {
            return await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                    .until(() -> replicas.leader(admin), Optional::isPresent);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            return Optional.empty();
        }
    }

    /** Waits until the API serves reads again (after etcd came back, the server needs a moment). */
    private void awaitApi() {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                .until(() -> admin.nodes().list(new ListOptionsBuilder().withLimit(1L).build()) != null);
    }

    /** The fault's own duration (a component stays down this long): real time, not a wait for a result. */
    private static void hold(Duration d) throws InterruptedException {
        TimeUnit.MILLISECONDS.sleep(d.toMillis());
    }

    private String read() {
        try {
            return Files.readString(prices);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void write(String content) {
        try {
            Path tmp = prices.resolveSibling(prices.getFileName() + ".tmp");
            Files.writeString(tmp, content);
            Files.move(tmp, prices, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

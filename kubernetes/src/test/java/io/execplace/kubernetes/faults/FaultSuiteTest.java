package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.real.RealApiServer;
import io.execplace.kubernetes.real.Testbed;
import io.execplace.kubernetes.run.LeaderElection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The fault suite on the testbed (docs/faults.md): three scheduler replicas under leader election, each a
 * process of its own, schedule a replayed workload while faults are injected. The short run is in the
 * default suite (skipped with {@code -Dexecplace.testbed=skip}); {@code -Dexecplace.faults.runs=N
 * -Dexecplace.faults.seed=S} runs N seeded runs instead ({@code scripts/faults}), each fault alone first,
 * then two or three mixed, and writes {@code target/faults/runs-seedS.csv}; {@code -Dexecplace.faults.only=F,G}
 * injects those faults in every run instead.
 */
class FaultSuiteTest {

    private static final String SCHEDULER = "execplace-faults";

    @Test
    @DisabledIfSystemProperty(named = "execplace.faults.runs", matches = ".+")
    void aLeaderKillAnApiServerRestartAndBadObjectsLoseNothingAndBindNothingTwice() throws Exception {
        // A short lease, so that the fail-over fits the default suite's time; the long runs use kube-scheduler's 15 s.
        LeaderElection.Settings lease = new LeaderElection.Settings("kube-system", SCHEDULER, Duration.ofSeconds(6),
                Duration.ofSeconds(4), Duration.ofSeconds(1));
        FaultRun.Shape shape = new FaultRun.Shape(3, 6, Duration.ofSeconds(90), Duration.ofSeconds(10), 4, 8);
        try (Bench bench = Bench.start(lease, 2, "short")) {
            RunReport report = FaultRun.run(bench.bench, shape, "faults-short-" + ProcessHandle.current().pid(), 7,
                    List.of(Fault.LEADER_KILL, Fault.API_SERVER_RESTART, Fault.BAD_OBJECTS));
            System.out.println(report.line());
            assertThat(report.invariants().violations()).isEmpty();
            assertThat(report.invariants().busyOutsideClaims()).isZero();
            assertThat(report.invariants().repeatedScheduledEvents()).isZero();
            assertThat(report.outcomes().details()).isEmpty();
            assertThat(report.outcomes().lost()).isZero();
            // 3 good applications, 2 probes, 4 bad objects.
            assertThat(report.outcomes().applications()).isEqualTo(9);
            assertThat(report.outcomes().finished() + report.outcomes().refused() + report.outcomes().killed()
                    + report.outcomes().stalled()).isEqualTo(9);
            assertThat(report.outcomes().refused()).as("the pod no node can hold is refused, with a reason").isGreaterThanOrEqualTo(1);
            assertThat(report.recoveries()).extracting(RunReport.Recovery::fault)
                    .containsExactlyInAnyOrder(Fault.LEADER_KILL, Fault.API_SERVER_RESTART, Fault.BAD_OBJECTS);
            assertThat(report.recoveries()).filteredOn(r -> r.fault() == Fault.LEADER_KILL)
                    .allSatisfy(r -> assertThat(r.named()).as("the new leader says it holds the lease").isTrue());
            assertThat(report.recoveries()).filteredOn(r -> r.fault() == Fault.API_SERVER_RESTART)
                    .allSatisfy(r -> assertThat(r.named()).as("the leader logs the lost watch").isTrue());
        }
    }

    @Test
    @EnabledIfSystemProperty(named = "execplace.faults.runs", matches = "[0-9]+")
    void seededRuns() throws Exception {
        int runs = Integer.parseInt(System.getProperty("execplace.faults.runs"));
        long seed = Long.parseLong(System.getProperty("execplace.faults.seed", "1"));
        FaultRun.Shape shape = new FaultRun.Shape(6, 12, Duration.ofSeconds(150), Duration.ofSeconds(60), 6, 16);
        Path out = Path.of("target", "faults");
        Files.createDirectories(out);
        Path csv = out.resolve("runs-seed" + seed + ".csv");
        Files.writeString(csv, "run,faults,passed,applications,finished,refused,killed,stalled,lost,good_refused,replaced,violations,"
                + "busy_outside_claims,repeated_scheduled,longest_wait_with_room_s,recoveries,wall_s\n");
        List<String> failed = new ArrayList<>();
        String only = System.getProperty("execplace.faults.only", "");
        Fault[] all = only.isBlank() ? Fault.MIX
                : java.util.Arrays.stream(only.split(",")).map(String::trim).map(Fault::valueOf).toArray(Fault[]::new);
        try (Bench bench = Bench.start(LeaderElection.Settings.defaults("kube-system", SCHEDULER), 3, "seed" + seed)) {
            for (int r = 0; r < runs; r++) {
                long runSeed = seed * 1000 + r;
                Random pick = new Random(runSeed);
                List<Fault> faults = new ArrayList<>();
                if (!only.isBlank()) {
                    faults.addAll(List.of(all));
                } else if (r < 2 * all.length) {
                    faults.add(all[r % all.length]);
                } else {
                    int n = 2 + pick.nextInt(2);
                    while (faults.size() < n) {
                        Fault f = all[pick.nextInt(all.length)];
                        if (!faults.contains(f)) {
                            faults.add(f);
                        }
                    }
                }
                RunReport report = FaultRun.run(bench.bench, shape, "faults-" + seed + "-" + r, runSeed, faults);
                System.out.println(report.line());
                report.outcomes().details().forEach(d -> System.out.println("  " + d));
                report.invariants().violations().forEach(v -> System.out.println("  " + v));
                Files.writeString(csv, RunCsv.row(r, faults, report), java.nio.file.StandardOpenOption.APPEND);
                if (!report.passed()) {
                    failed.add(report.line());
                }
            }
        }
        assertThat(failed).as("runs that lost an application or broke an invariant (see " + csv + ")").isEmpty();
    }

    /**
     * The testbed, the replicas, a copy of the price table they read (a fault may spoil it), and the probe
     * node: a kwok node outside Karpenter, tainted so that only probes use it, so that a probe's binding
     * times the scheduler's recovery and not a node purchase.
     */
    private static final class Bench implements AutoCloseable {
        final FaultRun.Bench bench;
        final Replicas replicas;

        private Bench(FaultRun.Bench bench, Replicas replicas) {
            this.bench = bench;
            this.replicas = replicas;
        }

        static Bench start(LeaderElection.Settings lease, int count, String label) throws IOException {
            Testbed testbed = Testbed.shared();
            // Beside the CSV, not in the testbed's folder, so that the replicas' logs outlive the testbed.
            Path dir = Path.of("target", "faults", label + "-" + ProcessHandle.current().pid()).toAbsolutePath();
            Files.createDirectories(dir);
            Path prices = dir.resolve("prices.yaml");
            Files.copy(testbed.dir().resolve("prices.yaml"), prices, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            testbed.admin().leases().inNamespace("kube-system").withName(SCHEDULER).delete();
            probeNode(testbed);
            Path kubeconfig = ReplicaCredentials.kubeconfig(testbed.admin(), RealApiServer.REPOSITORY.resolve("deploy").resolve("rbac.yaml"),
                    testbed.dir().resolve("kubeconfig"), SCHEDULER, dir.resolve("replica.kubeconfig"));
            Replicas replicas = new Replicas(kubeconfig, prices, SCHEDULER, lease, count, dir);
            // A test JVM stopped from outside (scripts/faults interrupted) leaves no scheduler behind.
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    replicas.close();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "replicas-down"));
            FaultRun.Bench bench = new FaultRun.Bench(testbed.admin(), new TestbedControl(Testbed.SCRIPT, testbed.dir()), replicas,
                    SCHEDULER, prices, Clock.systemUTC());
            await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                    .until(() -> replicas.leader(testbed.admin()), Optional::isPresent);
            return new Bench(bench, replicas);
        }

        private static void probeNode(Testbed testbed) {
            testbed.admin().nodes().resource(new io.fabric8.kubernetes.api.model.NodeBuilder().withNewMetadata().withName(Checker.PROBE_NODE)
                    .addToLabels("kwok.x-k8s.io/node", "fake").addToLabels("kubernetes.io/hostname", Checker.PROBE_NODE)
                    .addToLabels(io.execplace.kubernetes.cluster.Labels.INSTANCE_TYPE, "m5.4xlarge")
                    .addToLabels(io.execplace.kubernetes.cluster.Labels.ZONE, "testbed-zone-a")
                    .addToAnnotations("kwok.x-k8s.io/node", "fake").endMetadata()
                    .withNewSpec().addNewTaint().withKey(RunWorkload.PROBE_TAINT).withValue("true").withEffect("NoSchedule").endTaint().endSpec()
                    .withNewStatus().addToCapacity("cpu", new io.fabric8.kubernetes.api.model.Quantity("16"))
                    .addToCapacity("memory", new io.fabric8.kubernetes.api.model.Quantity("64Gi"))
                    .addToCapacity("pods", new io.fabric8.kubernetes.api.model.Quantity("110"))
                    .addToAllocatable("cpu", new io.fabric8.kubernetes.api.model.Quantity("16"))
                    .addToAllocatable("memory", new io.fabric8.kubernetes.api.model.Quantity("64Gi"))
                    .addToAllocatable("pods", new io.fabric8.kubernetes.api.model.Quantity("110")).endStatus().build())
                    .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        }

        @Override
        public void close() throws InterruptedException {
            replicas.close();
        }
    }
}

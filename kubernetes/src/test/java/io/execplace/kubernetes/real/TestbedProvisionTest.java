package io.execplace.kubernetes.real;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.provision.InstanceShape;
import io.execplace.kubernetes.provision.NodeClaimProvisioner;
import io.execplace.kubernetes.provision.ProvisionSettings;
import io.execplace.kubernetes.provisioned.NodeClaimLife;
import io.execplace.kubernetes.provisioned.WatchEvents;
import io.execplace.kubernetes.replay.Replay;
import io.execplace.kubernetes.replay.ReplayResult;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.execplace.schedulers.elastic.FinishTogether;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code k8s-scheduler --provision nodeclaims} on the testbed: execplace writes the NodeClaims of the
 * instance types it chooses, the real Karpenter launches them (the kwok provider makes their nodes),
 * execplace binds the pods there, and Karpenter's consolidation removes them afterwards as its own.
 * Karpenter buys nothing itself (no pod is marked Unschedulable). About 1.5 minutes, testbed start
 * included, so in the {@code -Dexecplace.testbed=all} tier.
 */
class TestbedProvisionTest {

    private static final String NS = "testbed-provision";

    @Test
    void karpenterLaunchesTheClaimsExecplaceChoseAndConsolidatesThem() throws InterruptedException {
        Testbed testbed = Testbed.forLongTest(NS, "the testbed's provisioning test (about 1.5 minutes)");
        // one application: a driver (1 CPU, 1 GiB) and three executors of 2 cores and 4 GB for 1,200 s at K = 60 (20 s real)
        Workload workload = new Workload("one", List.of(new Job(1, JobType.GENERIC, 0, 3, 2, 4, 1200, 7200)));
        // a batch window (2 s without a new pod, 10 s at most) so that the driver and its executors, created together,
        // are bought for together whichever cycles first see them
        ProvisionSettings provision = new ProvisionSettings(InstanceShape.read(testbed.dir().resolve("instance-types.json")),
                List.of("on-demand", "spot"), Duration.ofSeconds(120), Duration.ofSeconds(2), Duration.ofSeconds(10));
        SchedulerSettings settings = SchedulerSettings.builder().schedulerName("execplace").namespace(NS).queue(QueuePolicy.FCFS)
                .backfill(true).partialGangs(true).provisioning(provision).build();
        Map<String, Pod> pods = new ConcurrentHashMap<>();
        Map<String, Node> nodes = new ConcurrentHashMap<>();
        ReplayResult result;
        try (var podWatch = testbed.admin().pods().inNamespace(NS).inform(WatchEvents.to((Pod p, boolean gone) -> {
                if (!gone) {
                    pods.put(p.getMetadata().getName(), p);
                }
            }));
             var nodeWatch = testbed.admin().nodes().inform(WatchEvents.to((Node n, boolean gone) -> nodes.put(n.getMetadata().getName(), n)));
             KubernetesScheduler scheduler = new KubernetesScheduler(testbed.admin(), new FinishTogether(), testbed.prices(),
                     settings, Clock.systemUTC())) {
            result = Testbed.whileScheduling(scheduler, () -> new Replay(testbed.admin(), testbed.prices(),
                    new Replay.Settings(NS, "execplace", 60, Duration.ofMinutes(5)), Clock.systemUTC()).run(workload));
        }

        assertThat(result.applications().finished()).isEqualTo(1);
        // the replay waits until every claim made during it is gone: consolidation removed execplace's claims
        List<NodeClaimLife> claims = result.nodes().lines().stream().map(l -> l.claim()).toList();
        // the type execplace's placement buys: alone, an m5.large for the driver ($0.096/h) and for three 2-core / 4 GB
        // executors the cheapest type holding all three (c5.2xlarge: 7.9 cores, 16 GiB, $0.34/h); bought together, the
        // driver's claim made a c5.2xlarge (7 cores, 13 GiB) costs $0.244/h more over the same run, less than $0.34/h
        assertThat(claims).extracting(NodeClaimLife::instanceType).containsExactly("c5.2xlarge");
        assertThat(claims).allSatisfy(c -> {
            assertThat(c.name()).startsWith("on-demand-ep-"); // written by execplace, none by Karpenter's provisioner
            assertThat(c.deleted()).isNotNull();
        });
        Map<String, String> claimOfNode = new ConcurrentHashMap<>();
        nodes.values().forEach(n -> {
            String claim = n.getMetadata().getLabels().get(NodeClaimProvisioner.CLAIM_LABEL);
            if (claim != null) {
                claimOfNode.put(n.getMetadata().getName(), n.getMetadata().getLabels().get("node.kubernetes.io/instance-type"));
            }
        });
        assertThat(pods.values()).hasSize(4).allSatisfy(p -> {
            assertThat(p.getStatus().getPhase()).isEqualTo("Succeeded");
            String type = claimOfNode.get(p.getSpec().getNodeName());
            assertThat(type).isEqualTo("c5.2xlarge");
        });
    }
}

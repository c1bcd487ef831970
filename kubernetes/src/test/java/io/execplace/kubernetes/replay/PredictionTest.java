package io.execplace.kubernetes.replay;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.schedulers.elastic.KubeProvisioned;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The simulator's prediction of a testbed replay, on a hand-worked case. */
class PredictionTest {

    @TempDir
    Path dir;

    /** Each executor on the lowest slot with room (so the test does not depend on the schedulers module). */
    private static final PlacementPolicy LOWEST = new PlacementPolicy() {
        @Override
        public String name() {
            return "lowest";
        }

        @Override
        public Placement place(Job job, ClusterView view) {
            int[] vms = new int[job.executors()];
            int placed = 0;
            for (int vm = 0; vm < view.vmCount() && placed < vms.length; vm++) {
                for (int k = view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor());
                     k > 0 && placed < vms.length; k--) {
                    vms[placed++] = vm;
                }
            }
            return placed == vms.length ? Placement.of(vms) : Placement.none();
        }
    };

    private Path types() throws IOException {
        return Files.writeString(dir.resolve("instance-types.json"), """
                [{"name": "m5.xlarge", "resources": {"cpu": "4", "memory": "16Gi", "pods": "110"},
                  "offerings": [
                    {"Price": 0.192, "Requirements": [{"key": "karpenter.sh/capacity-type", "values": ["on-demand"]}]},
                    {"Price": 0.1344, "Requirements": [{"key": "karpenter.sh/capacity-type", "values": ["spot"]}]}]}]
                """);
    }

    @Test
    void poolsMirrorTheTestbedsNodePools() throws IOException {
        Cluster c = new Prediction(60, 2, 10).pools(types());
        assertThat(c.pools().pools()).hasSize(2);
        assertThat(c.pools().capacityType(0)).isEqualTo(CapacityType.ON_DEMAND);
        assertThat(c.vm(0).pricePerSecond()).isCloseTo(0.192 / 3600, within(1e-15));
        assertThat(c.pools().pool(0).launchDelay().minSeconds()).isEqualTo(120);
        assertThat(c.pools().pool(0).consolidateAfterSeconds()).isEqualTo(600);
        // 4 vCPU less the 100m kept back: 3 whole cores a node; 1,000 cores hold 333 such nodes.
        assertThat(c.vm(0).cores()).isEqualTo(3);
        assertThat(c.size()).isEqualTo(2 * 333);
        assertThat(c.pools().pools().get(1).interruptions()).isEqualTo(Interruptions.NONE);
        assertThat(c.pools().pool(0).consolidationPolicy()).as("the earlier predictions' model").isEqualTo(ConsolidationPolicy.WHEN_EMPTY);
    }

    @Test
    void theTestbedsConsolidationPolicyGoesToBothPools() throws IOException {
        Cluster c = new Prediction(10, 8, 15, Interruptions.NONE, ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED).pools(types());
        assertThat(c.pools().pools()).allSatisfy(p -> assertThat(p.consolidationPolicy())
                .isEqualTo(ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED));
        assertThat(c.pools().pool(0).consolidateAfterSeconds()).isEqualTo(150);
    }

    @Test
    void theSpotPoolIsTakenBackAsTheReplayTakesIt() throws IOException {
        Interruptions trace = Interruptions.trace(120, List.of(1800.0));
        Cluster c = new Prediction(60, 2, 10, trace).pools(types());
        assertThat(c.pools().pools().get(1).capacityType()).isEqualTo(CapacityType.SPOT);
        assertThat(c.pools().pools().get(1).interruptions()).isEqualTo(trace);
        assertThat(c.pools().pools().get(0).interruptions()).as("on-demand is never taken").isEqualTo(Interruptions.NONE);
        Interruptions hazard = new Interruptions(0.25, 120);
        assertThat(new Prediction(60, 2, 10, hazard).pools(types()).pools().pools().get(1).interruptions()).isEqualTo(hazard);
    }

    @Test
    void withExecutorsOnSpotKubeSpotKeepsTheDriverOnOnDemandAsTheReplayPinsIt() throws IOException {
        // The same application as below with --executors-on-spot: kube-spot puts the 2 executors on a spot
        // m5.xlarge and, with drivers as the kernel's driver pods, the driver on an on-demand one (the
        // replay's node selector); both bought at 0, ready at 120, removed at 720 + 600.
        Workload w = new Workload("one", List.of(new Job(1, JobType.GENERIC, 0, 2, 1, 1, 600, 2000)));
        PlacementPolicy kubeSpot = new KubeProvisioned(KubeProvisioned.Scoring.SPOT_PREFERRED);
        Map<String, Object> pinned = new Prediction(60, 2, 10).predict(w, types(), kubeSpot, true);
        assertThat(pinned.get("applications_finished")).isEqualTo(1);
        assertThat(pinned.get("deadlines_met")).isEqualTo(1);
        assertThat(pinned.get("node_claims")).isEqualTo(2);
        assertThat((double) pinned.get("node_cost")).isCloseTo(1320 * (0.192 + 0.1344) / 3600, within(1e-9));
        // With the driver a job of its own, kube-spot sends it to spot beside its executors: one node.
        Map<String, Object> asJob = new Prediction(60, 2, 10).predict(w, types(), kubeSpot, false);
        assertThat(asJob.get("node_claims")).isEqualTo(1);
        assertThat((double) asJob.get("node_cost")).isCloseTo(1320 * 0.1344 / 3600, within(1e-9));
    }

    @Test
    void oneApplicationWithItsDriverOnOneNode() throws IOException {
        // One application of 2 executors of 1 core for 600 s: driver and executors fill one m5.xlarge
        // (3 allocatable cores), bought at 0, ready at 120 (2 s x 60), running 120-720, removed at 720 + 600.
        Workload w = new Workload("one", List.of(new Job(1, JobType.GENERIC, 0, 2, 1, 1, 600, 2000)));
        Map<String, Object> p = new Prediction(60, 2, 10).predict(w, types(), LOWEST);
        assertThat(p.get("applications_finished")).isEqualTo(1);
        assertThat(p.get("deadlines_met")).isEqualTo(1);
        assertThat(p.get("node_claims")).isEqualTo(1);
        assertThat(p.get("spot_nodes_taken")).isEqualTo(0);
        assertThat((double) p.get("makespan_seconds")).isEqualTo(720);
        assertThat((double) p.get("node_hours")).isCloseTo(1320 / 3600.0, within(1e-12));
        assertThat((double) p.get("node_cost")).isCloseTo(1320 * 0.192 / 3600, within(1e-12));
        List<Job> jobs = Prediction.withDrivers(w).jobs();
        assertThat(Prediction.isDriver(jobs.get(0))).isTrue();
        assertThat(jobs.get(1).executors()).isEqualTo(2);
        assertThat(Prediction.isDriver(jobs.get(1))).isFalse();
    }
}

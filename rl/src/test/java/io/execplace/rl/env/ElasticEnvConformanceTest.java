package io.execplace.rl.env;

import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The executor-at-a-time environment on elastic pools — nodes bought by placing on them, launch
 * delays, consolidation, spot capacity taken back mid-episode — passes the generic conformance check.
 */
class ElasticEnvConformanceTest {

    private static final List<Workload> WORKLOADS = List.of(
            WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(1)),
            WorkloadPresets.generate("tpds-burst", WorkloadOptions.seed(2)));

    private static Cluster pools() {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(ElasticPresets.KWOK_GENERAL)
                .limitCores(48).launchDelay(new LaunchDelay(20, 60)).billing(1, 60).consolidateAfter(30)
                .interruptions(Interruptions.trace(120, List.of(400.0, 1500.0, 2500.0))).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(48)
                .launchDelay(new LaunchDelay(20, 60)).billing(1, 60).consolidateAfter(30).build();
        return new NodePools("env-pools", List.of(spot, onDemand), false).cluster();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3})
    void conformsOnElasticPools(int bits) {
        Cluster cluster = pools();
        TpdsEnvConfig config = TpdsEnvConfig.paper(0.5).withMasking((bits & 1) != 0).withNormalised((bits & 2) != 0);
        List<String> problems = EnvChecker.check(() -> new TpdsEnv(cluster, WORKLOADS,
                        SimulationConfig.defaults(cluster, WORKLOADS.get(0)).durationModel(), config).wrapped(),
                // The mask cannot promise the rest of a job stays placeable where a purchase uses up a
                // pool's limit (PlacementActions.placed), so penalties under the mask are allowed here.
                new EnvChecker.Options(new long[]{0, 1, 7}, 20_000, false));
        assertThat(problems).as(config.toString()).isEmpty();
    }
}

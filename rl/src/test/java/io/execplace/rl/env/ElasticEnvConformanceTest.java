package io.execplace.rl.env;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.SplittableRandom;

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
        return pools(48);
    }

    /** A spot pool whose capacity is taken back at 400, 1500 and 2500 s, then an on-demand pool. */
    private static Cluster pools(int limitCores) {
        NodePool spot = NodePool.builder("spot").capacityType(CapacityType.SPOT).instanceTypes(ElasticPresets.KWOK_GENERAL)
                .limitCores(limitCores).launchDelay(new LaunchDelay(20, 60)).billing(1, 60).consolidateAfter(30)
                .interruptions(Interruptions.trace(120, List.of(400.0, 1500.0, 2500.0))).build();
        NodePool onDemand = NodePool.builder("od").instanceTypes(ElasticPresets.KWOK_GENERAL).limitCores(limitCores)
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

    /**
     * Plays one episode with random allowed actions from {@code seed} and returns its outcome: uniform
     * over the allowed actions, or ({@code packing}) over the three lowest allowed placements, waiting
     * only when none is allowed (an agent that packs, so that episodes complete on small pools).
     */
    private static EpisodeOutcome randomEpisode(Cluster cluster, Workload workload, long seed, boolean packing) {
        TpdsEnv env = new TpdsEnv(cluster, List.of(workload), SimulationConfig.defaults(cluster, workload).durationModel(),
                TpdsEnvConfig.paper(0.5).withMasking(true));
        SplittableRandom random = new SplittableRandom(seed);
        env.reset(seed, 0);
        int[] allowed = new int[env.actionCount()];
        StepResult r;
        do {
            boolean[] mask = env.actionMask();
            int k = 0;
            for (int a = packing ? 1 : 0; a < mask.length; a++) {
                if (mask[a]) {
                    allowed[k++] = a;
                }
            }
            r = env.step(k == 0 ? 0 : allowed[random.nextInt(packing ? Math.min(k, 3) : k)]);
        } while (!r.done());
        return env.outcome();
    }

    /**
     * Whole episodes complete on the elastic presets: the last placement runs the remaining jobs and
     * node events in time order (the drain used to jump the clock past pending consolidations and
     * fail with "clock would go back"), and the outcome carries what the capacity did.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void randomEpisodesCompleteOnThePresets(int seed) {
        Workload burst = WORKLOADS.get(1);
        for (Cluster cluster : List.of(ElasticPresets.spot(), ElasticPresets.onDemand())) {
            EpisodeOutcome o = randomEpisode(cluster, burst, seed, false);
            assertThat(o.endEvent()).as(cluster.name()).isIn(StepEvent.COMPLETED, StepEvent.INVALID_PLACEMENT,
                    StepEvent.PARTIAL_WAIT, StepEvent.IDLE_WAIT);
            if (o.completed()) {
                assertThat(o.jobsPlaced()).isEqualTo(o.jobs());
                assertThat(o.cost()).isPositive();
            }
            assertThat(o.capacity().nodeLaunches()).as(cluster.name()).isPositive();
            assertThat(o.capacity().nodeHours()).isPositive();
        }
    }

    /**
     * With spot capacity taken back mid-episode, an episode ends only once every job has started: a
     * stopped job waits again and its restart is a start of its own, so the starts are the jobs plus
     * the stops (the episode used to end as soon as the starts reached the job count, leaving a
     * stopped job unplaced). None of these seeds' stops falls after the last placement.
     */
    @Test
    void interruptedJobsAreStartedAgainBeforeTheEpisodeEnds() {
        int withStops = 0;
        for (long seed = 0; seed < 8; seed++) {
            EpisodeOutcome o = randomEpisode(pools(400), WORKLOADS.get(1), seed, true);
            if (o.completed() && o.capacity().jobsStopped() > 0) {
                withStops++;
                assertThat(o.jobsPlaced()).as("seed " + seed).isEqualTo(o.jobs() + o.capacity().jobsStopped());
            }
        }
        assertThat(withStops).isPositive();
    }

    @Test
    void aFixedClusterReportsNoCapacity() {
        Cluster tpds = ClusterPresets.tpds();
        assertThat(randomEpisode(tpds, WORKLOADS.get(1), 1, false).capacity()).isEqualTo(CapacityStats.NONE);
    }
}

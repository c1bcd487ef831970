package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The per-job reward only moves {@code R_epi} earlier: over random valid episodes it returns exactly
 * what the paper's environment returns for the same actions, while every job start is charged.
 */
class PerJobRewardTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
    void sameActionsSameReturnWithTheCostPaidAsItIsCommitted(long seed) {
        Cluster cluster = ClusterPresets.tpds();
        String preset = seed % 2 == 0 ? "tpds-burst" : "tpds-normal";
        Workload workload = WorkloadPresets.generate(preset, WorkloadOptions.seed(seed));
        SimulationConfig sim = SimulationConfig.defaults(cluster, workload);
        double beta = (seed % 5) / 4.0;
        TpdsEnvConfig paper = TpdsEnvConfig.paper(beta).withMasking(true);
        TpdsEnv atEnd = new TpdsEnv(cluster, List.of(workload), sim.durationModel(), paper);
        TpdsEnv perJob = new TpdsEnv(cluster, List.of(workload), sim.durationModel(), paper.withPerJobReward(true));
        EpisodeStatistics atEndStats = new EpisodeStatistics(atEnd);
        EpisodeStatistics perJobStats = new EpisodeStatistics(perJob);
        atEndStats.reset(0);
        perJobStats.reset(0);
        int jobs = workload.size() - atEnd.droppedJobs(0);
        SplittableRandom random = new SplittableRandom(seed);
        int[] allowed = new int[cluster.size() + 1];
        double paidBeforeEnd = 0;
        int charged = 0;
        while (atEnd.active()) {
            boolean[] mask = atEnd.actionMask();
            assertThat(perJob.actionMask()).containsExactly(mask);
            int n = 0;
            for (int a = 0; a < mask.length; a++) {
                if (mask[a]) {
                    allowed[n++] = a;
                }
            }
            int action = allowed[random.nextInt(n)];
            int jobBefore = perJob.currentJobIndex();
            StepResult a = atEndStats.step(action);
            double paperReward = a.reward();
            StepResult b = perJobStats.step(action);
            assertThat(b.observation()).containsExactly(a.observation());
            assertThat(b.event()).isEqualTo(a.event());
            if (!b.done()) {
                // A job start earns R_fixed / n minus what it commits; every other step only pays for what it commits.
                double share = b.reward() - paperReward;
                boolean started = perJob.currentJobIndex() != jobBefore;
                double fixedShare = started ? paper.fixedReward() / jobs : 0;
                assertThat(share).isLessThanOrEqualTo(fixedShare + 1e-9);
                paidBeforeEnd += share - fixedShare;
                charged += share < fixedShare - 1e-12 ? 1 : 0;
            }
        }
        EpisodeStats x = atEndStats.lastEpisode();
        EpisodeStats y = perJobStats.lastEpisode();
        assertThat(x.completed()).isTrue();
        assertThat(y.totalReward()).isCloseTo(x.totalReward(), within(1e-6 * Math.abs(x.totalReward()) + 1e-6));
        assertThat(y.cost()).isEqualTo(x.cost());
        assertThat(paidBeforeEnd).isNegative();
        if (beta == 0) {
            // Time only: exactly the misplaced jobs were charged, the last one in the final step.
            int misplaced = x.jobs() - x.goodPlacements();
            assertThat(charged).isBetween(misplaced - 1, misplaced);
        } else {
            // Random placements turn VMs on for most jobs, and each such start is charged at once.
            assertThat(charged).isGreaterThanOrEqualTo(x.jobs() / 2);
        }
    }
}

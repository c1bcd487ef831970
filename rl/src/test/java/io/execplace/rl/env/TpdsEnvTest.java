package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.rl.TestClusters;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.execplace.rl.TestClusters.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The TPDS Fig. 2 example worked by hand: VM1 4 cores / 8 GB (price 1/s), VM2 8 cores / 16 GB
 * (price 2/s); job1 (WordCount, arrives at 0) asks 2 × (4 cores, 8 GB) for 40 s, job2 (Sort, arrives
 * at 10) 1 × (6 cores, 10 GB) for 30 s.
 */
class TpdsEnvTest {

    private final Cluster cluster = TestClusters.figure2();
    private final Job job1 = job(1, JobType.WORDCOUNT, 0, 2, 4, 8, 40);
    private final Job job2 = job(2, JobType.SORT, 10, 1, 6, 10, 30);
    private final Workload workload = TestClusters.workload(job1, job2);

    private TpdsEnv env(TpdsEnvConfig config) {
        return new TpdsEnv(cluster, List.of(workload), TestClusters.typePenalty(), config);
    }

    @Test
    void firstObservationShowsTheEmptyClusterAndJob1() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5));
        double[] obs = env.reset(0);
        // [vm1 cores, vm1 mem, vm2 cores, vm2 mem, type, cores, mem, executors left]
        assertThat(obs).containsExactly(4, 8, 8, 16, 1, 4, 8, 2);
        assertThat(env.observationSpace().size()).isEqualTo(8);
        assertThat(env.actionSpace().size()).isEqualTo(3);
        assertThat(env.observationSpace().contains(obs)).isTrue();
    }

    @Test
    void figure2aSecondExecutorOnVm1IsInvalidAndEndsTheEpisode() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5));
        env.reset(0);
        StepResult r = env.step(1);
        assertThat(r.reward()).isEqualTo(1);
        assertThat(r.done()).isFalse();
        assertThat(r.observation()).containsExactly(0, 0, 8, 16, 1, 4, 8, 1);
        r = env.step(1);
        assertThat(r.reward()).isEqualTo(-200);
        assertThat(r.terminated()).isTrue();
        assertThat(r.event()).isEqualTo(StepEvent.INVALID_PLACEMENT);
        assertThat(env.outcome().completed()).isFalse();
        assertThat(env.outcome().endEvent()).isEqualTo(StepEvent.INVALID_PLACEMENT);
        assertThatThrownBy(() -> env.step(2)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void figure2bSpreadJob1WaitThenJob2OnVm2EarnsTheEpisodicReward() {
        TpdsEnv tpds = env(TpdsEnvConfig.paper(0.5));
        EpisodeStatistics env = new EpisodeStatistics(tpds);
        env.reset(0);
        assertThat(env.step(1).reward()).isEqualTo(1);
        StepResult r = env.step(2);
        // job1 starts at 0 (spread: well placed, 40 s); job2 arrives at 10 and is presented.
        assertThat(r.reward()).isEqualTo(1);
        assertThat(tpds.now()).isEqualTo(10);
        assertThat(r.observation()).containsExactly(0, 0, 4, 8, 2, 6, 10, 1);
        r = env.step(0);
        // Nothing of job2 placed and job1 runs: -1, the clock moves to job1's completion.
        assertThat(r.reward()).isEqualTo(-1);
        assertThat(r.event()).isEqualTo(StepEvent.WAITED);
        assertThat(tpds.now()).isEqualTo(40);
        assertThat(r.observation()).containsExactly(4, 8, 8, 16, 2, 6, 10, 1);
        r = env.step(2);
        assertThat(r.terminated()).isTrue();
        assertThat(r.event()).isEqualTo(StepEvent.COMPLETED);
        // Cost: VM1 busy 0-40 at 1/s = 40; VM2 busy 0-70 (job1 then job2 without a gap) at 2/s = 140.
        // Cost_max = (40 x 1.3 + 30) x (1 + 2) = 246; Avg_T = Avg_Tmin = 35, Avg_Tmax = (52 + 30) / 2 = 41.
        double expected = 10_000 * (0.5 * (1 - 180.0 / 246) + 0.5 * 1);
        assertThat(r.reward()).isCloseTo(expected, within(1e-9));
        EpisodeStats s = env.lastEpisode();
        assertThat(s.completed()).isTrue();
        assertThat(s.cost()).isCloseTo(180, within(1e-9));
        assertThat(s.meanDuration()).isEqualTo(35);
        // Turnaround: job1 40 - 0, job2 70 - 10.
        assertThat(s.meanTurnaround()).isEqualTo(50);
        assertThat(s.goodPlacements()).isEqualTo(2);
        assertThat(s.totalReward()).isCloseTo(1 + 1 - 1 + expected, within(1e-9));
        assertThat(s.steps()).isEqualTo(4);
        assertThat(s.waits()).isEqualTo(1);
    }

    @Test
    void figure2bWithPerJobRewardPaysTheCostWhenItIsCommittedAndReturnsTheSameTotal() {
        EpisodeStatistics env = new EpisodeStatistics(env(TpdsEnvConfig.paper(0.5).withPerJobReward(true)));
        env.reset(0);
        // The first executor commits nothing yet: job1's duration is fixed only when it starts.
        assertThat(env.step(1).reward()).isEqualTo(1);
        // job1 starts (both VMs busy 0-40), earning R_fixed / 2 jobs; the clock moves to 10. Committed:
        // 10 x 1 + 10 x 2 billed so far plus 30 x 1 + 30 x 2 still to come = 120: -R_fixed x beta x 120 / Cost_max.
        StepResult r = env.step(2);
        double committed = 10_000 * 0.5 * 120 / 246;
        assertThat(r.reward()).isCloseTo(1 + 5_000 - committed, within(1e-9));
        // Waiting to 40 commits nothing new.
        assertThat(env.step(0).reward()).isCloseTo(-1, within(1e-9));
        r = env.step(2);
        double rEpi = 10_000 * (0.5 * (1 - 180.0 / 246) + 0.5 * 1);
        assertThat(r.event()).isEqualTo(StepEvent.COMPLETED);
        assertThat(r.reward()).isCloseTo(rEpi - 5_000 + committed, within(1e-9));
        assertThat(env.lastEpisode().totalReward()).isCloseTo(1 + 1 - 1 + rEpi, within(1e-9));
    }

    @Test
    void perJobRewardChargesAMisplacedJobsExtraDurationWhenItStarts() {
        Job wide = job(1, JobType.WORDCOUNT, 0, 2, 4, 8, 40);
        Job late = job(2, JobType.SORT, 100, 1, 6, 10, 30);
        EpisodeStatistics env = new EpisodeStatistics(new TpdsEnv(cluster, List.of(TestClusters.workload(wide, late)),
                TestClusters.typePenalty(), TpdsEnvConfig.paper(0).withPerJobReward(true)));
        env.reset(0);
        env.step(2);
        StepResult r = env.step(2);
        // Consolidated WordCount: 52 s instead of 40. Avg_Tmax - Avg_Tmin = ((52 + 30) - (40 + 30)) / 2 = 6,
        // so the share is R_fixed / 2 - R_fixed x 12 / (2 x 6) = -5,000; beta 0 leaves cost out.
        assertThat(r.reward()).isCloseTo(1 - 5_000, within(1e-9));
        r = env.step(2);
        // Avg_T = (52 + 30) / 2 = Avg_Tmax, so R_epi = 0; the last step pays it minus the -5,000 already paid.
        assertThat(r.reward()).isCloseTo(5_000, within(1e-6));
        assertThat(env.lastEpisode().totalReward()).isCloseTo(2, within(1e-6));
    }

    @Test
    void busyTimeObservationShowsHowLongEachVmStaysBilled() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5).withBusyTime(true));
        assertThat(env.reset(0)).containsExactly(4, 8, 8, 16, 1, 4, 8, 2, 0, 0);
        assertThat(env.observationSpace().size()).isEqualTo(10);
        assertThat(env.observationSpace().labels()).endsWith("vm1.busySeconds", "vm2.busySeconds");
        env.step(1);
        StepResult r = env.step(2);
        // job1 runs 0-40 on both VMs; at job2's arrival (10) both stay busy 30 s more.
        assertThat(r.observation()).containsExactly(0, 0, 4, 8, 2, 6, 10, 1, 30, 30);
        r = env.step(0);
        assertThat(r.observation()).containsExactly(4, 8, 8, 16, 2, 6, 10, 1, 0, 0);

        Env normalised = env(TpdsEnvConfig.paper(0.5).withBusyTime(true).withNormalised(true)).wrapped();
        normalised.reset(0);
        normalised.step(1);
        // Divided by the longest possible duration of the workload: job1 misplaced, 40 x 1.3 = 52 s.
        assertThat(normalised.step(2).observation()[8]).isCloseTo(30 / 52.0, within(1e-12));
    }

    @Test
    void consolidatingAWordCountJobCostsThePenalty() {
        Job wide = job(1, JobType.WORDCOUNT, 0, 2, 4, 8, 40);
        TpdsEnv env = new TpdsEnv(cluster, List.of(TestClusters.workload(wide)), TestClusters.typePenalty(),
                TpdsEnvConfig.paper(0));
        env.reset(0);
        env.step(2);
        StepResult r = env.step(2);
        // Both on VM2: WordCount wants spreading, so 40 x 1.3 = 52 s = Avg_Tmax: the time term is 0.
        assertThat(r.event()).isEqualTo(StepEvent.COMPLETED);
        assertThat(r.reward()).isCloseTo(0, within(1e-9));
        assertThat(env.outcome().meanDuration()).isCloseTo(52, within(1e-9));
        assertThat(env.outcome().cost()).isCloseTo(52 * 2, within(1e-9));
        assertThat(env.outcome().goodPlacements()).isZero();
    }

    @Test
    void waitingAfterAPartialPlacementEndsTheEpisodeWithMinus200OrTheReferenceMinus50() {
        TpdsEnv paper = env(TpdsEnvConfig.paper(0.5));
        paper.reset(0);
        paper.step(2);
        StepResult r = paper.step(0);
        assertThat(r.reward()).isEqualTo(-200);
        assertThat(r.terminated()).isTrue();
        assertThat(r.event()).isEqualTo(StepEvent.PARTIAL_WAIT);

        TpdsEnv reference = env(TpdsEnvConfig.reference(0.5));
        reference.reset(0);
        reference.step(2);
        r = reference.step(0);
        assertThat(r.reward()).isEqualTo(-50);
        assertThat(r.terminated()).isTrue();
    }

    @Test
    void partialWaitCanBeConfiguredToContinue() {
        // job0 runs 0-20 on VM2; job1 places one executor on VM1 and waits for job0 to finish.
        Job job0 = job(0, JobType.SORT, 0, 1, 8, 16, 20);
        TpdsEnv env = new TpdsEnv(cluster, List.of(TestClusters.workload(job0, job1)), TestClusters.typePenalty(),
                TpdsEnvConfig.paper(1).withPartialWaitEnds(false));
        env.reset(0);
        env.step(2);
        env.step(1);
        StepResult r = env.step(0);
        assertThat(r.reward()).isEqualTo(-200);
        assertThat(r.done()).isFalse();
        assertThat(env.now()).isEqualTo(20);
        assertThat(r.observation()).containsExactly(0, 0, 8, 16, 1, 4, 8, 1);
        r = env.step(2);
        assertThat(r.event()).isEqualTo(StepEvent.COMPLETED);
        // job1 started at 20 when its second executor was placed; VM1 was held from 0 (its first executor).
        assertThat(env.outcome().cost()).isCloseTo(60 * 1 + 60 * 2, within(1e-9));
    }

    @Test
    void waitingWhileNothingRunsEndsTheEpisode() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5));
        env.reset(0);
        StepResult r = env.step(0);
        assertThat(r.reward()).isEqualTo(-200);
        assertThat(r.event()).isEqualTo(StepEvent.IDLE_WAIT);
        assertThat(r.terminated()).isTrue();
    }

    @Test
    void maskAllowsOnlyUnpenalisedActions() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5).withMasking(true));
        env.reset(0);
        assertThat(env.actionMask()).containsExactly(false, true, true);
        env.step(1);
        assertThat(env.actionMask()).containsExactly(false, false, true);
        env.step(2);
        // job2 (6 cores) fits nowhere while job1 runs: only waiting is allowed.
        assertThat(env.actionMask()).containsExactly(true, false, false);
        env.step(0);
        assertThat(env.actionMask()).containsExactly(false, false, true);
    }

    @Test
    void maskIsRecomputedForANewEpisode() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5).withMasking(true));
        env.reset(0);
        env.step(1);
        env.step(1);
        assertThat(env.active()).isFalse();
        assertThat(env.actionMask()).containsExactly(false, false, false);
        env.reset(0);
        assertThat(env.actionMask()).containsExactly(false, true, true);
    }

    @Test
    void maskKeepsTheWholeJobPlaceable() {
        // While the blocker holds half of VM2, VM1 and VM2 have one slot each for a three-executor
        // job: no placement may start it. Once the blocker is done there are three slots.
        Job three = job(1, JobType.SORT, 0, 3, 4, 4, 10);
        Job blocker = job(0, JobType.SORT, 0, 1, 4, 4, 10);
        TpdsEnv env = new TpdsEnv(cluster, List.of(TestClusters.workload(blocker, three)), TestClusters.typePenalty(),
                TpdsEnvConfig.paper(1).withMasking(true));
        env.reset(0);
        env.step(2); // blocker on VM2: now only 2 slots left (VM1 one, VM2 one) for a 3-executor job
        assertThat(env.actionMask()).containsExactly(true, false, false);
        env.step(0);
        assertThat(env.actionMask()).containsExactly(false, true, true);
    }

    @Test
    void withoutMaskingEveryActionIsAllowed() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5));
        env.reset(0);
        assertThat(env.actionMask()).containsExactly(true, true, true);
    }

    @Test
    void referenceLookAheadEndsTheEpisodeWhenTheNextJobCannotFit() {
        // After job1 is placed on both VMs, job2 (6 cores) has arrived: min(4/6, 8/10) = 0.67 < 1.
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5).withLookAhead(true));
        env.reset(0);
        assertThat(env.step(1).reward()).isEqualTo(1);
        StepResult r = env.step(2);
        assertThat(r.event()).isEqualTo(StepEvent.LOOKAHEAD_FAILED);
        assertThat(r.reward()).isEqualTo(-200);
        assertThat(r.terminated()).isTrue();
    }

    @Test
    void normalisedObservationsDivideByCapacitiesAndMaxima() {
        Env env = env(TpdsEnvConfig.paper(0.5).withNormalised(true)).wrapped();
        assertThat(env).isInstanceOf(NormalizeObservation.class);
        double[] obs = env.reset(0);
        assertThat(obs).containsExactly(1, 1, 1, 1, 1.0 / 3, 4.0 / 8, 8.0 / 16, 1);
        obs = env.step(2).observation();
        assertThat(obs).containsExactly(1, 1, 0.5, 0.5, 1.0 / 3, 0.5, 0.5, 0.5);
        assertThat(env.observationSpace().contains(obs)).isTrue();
    }

    @Test
    void stepLimitTruncates() {
        TpdsEnv tpds = env(TpdsEnvConfig.paper(0.5).withMaxSteps(1));
        Env env = tpds.wrapped();
        assertThat(env).isInstanceOf(TimeLimit.class);
        env.reset(0);
        StepResult r = env.step(1);
        assertThat(r.truncated()).isTrue();
        assertThat(r.terminated()).isFalse();
        assertThatThrownBy(() -> env.step(2)).isInstanceOf(IllegalStateException.class);
        // The limit counts from the reset: a new episode runs again.
        env.reset(0);
        assertThat(env.step(1).truncated()).isTrue();
    }

    @Test
    void jobsThatCannotFitTheEmptyClusterAreLeftOut() {
        Job huge = job(3, JobType.SORT, 5, 3, 8, 16, 10);
        TpdsEnv env = new TpdsEnv(cluster, List.of(TestClusters.workload(job1, huge, job2)), TestClusters.typePenalty(),
                TpdsEnvConfig.paper(0.5));
        assertThat(env.droppedJobs(0)).isEqualTo(1);
        env.reset(0);
        env.step(1);
        env.step(2);
        assertThat(env.currentJob()).isEqualTo(job2);
    }

    @Test
    void badActionsAndMissingResetAreRefused() {
        TpdsEnv env = env(TpdsEnvConfig.paper(0.5));
        assertThatThrownBy(() -> env.step(1)).isInstanceOf(IllegalStateException.class).hasMessageContaining("reset");
        env.reset(0);
        assertThatThrownBy(() -> env.step(3)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0..2");
        assertThatThrownBy(() -> env.step(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSeedChoosesTheWorkload() {
        Workload other = TestClusters.workload(job(7, JobType.PAGERANK, 0, 1, 2, 2, 100));
        TpdsEnv env = new TpdsEnv(cluster, List.of(workload, other), TestClusters.typePenalty(), TpdsEnvConfig.paper(1));
        env.reset(0);
        assertThat(env.currentJob()).isEqualTo(job1);
        env.reset(1);
        assertThat(env.currentJob().id()).isEqualTo(7);
        env.reset(-1);
        assertThat(env.currentJob().id()).isEqualTo(7);
    }
}

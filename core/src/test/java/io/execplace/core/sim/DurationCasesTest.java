package io.execplace.core.sim;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.rules.DurationCase;
import io.execplace.core.rules.DurationModel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The two facts exact optimisers and the cost bound rely on: every placement is admitted by a case
 * that charges exactly its duration, and no case charges less than the duration of a placement it
 * admits.
 */
class DurationCasesTest {

    private static final VmType SHAPE = new VmType("4c/16GB", 4, 16);

    @Test
    void everyPlacementHasAnExactCaseAndNoCaseUndercharges() {
        SplittableRandom rng = new SplittableRandom(7);
        int checked = 0;
        for (int round = 0; round < 400; round++) {
            Cluster.Builder b = Cluster.builder("c");
            int n = 1 + rng.nextInt(5);
            for (int i = 0; i < n; i++) {
                b.add(SHAPE, rng.nextBoolean() ? Site.LOCAL : Site.CLOUD, 1, 0.001);
            }
            Cluster cluster = b.build();
            DurationModel model = new DurationModel(rng.nextBoolean(), rng.nextBoolean(), 1 + rng.nextInt(9) * 0.1);
            JobType type = JobType.values()[rng.nextInt(JobType.values().length)];
            int executors = 1 + rng.nextInt(5);
            Job job = new Job(1, type, 0, executors, 1, 1, 10 + rng.nextInt(90), Job.NO_DEADLINE);
            int[] vms = new int[executors];
            for (int e = 0; e < executors; e++) {
                vms[e] = rng.nextInt(n);
            }
            Placement p = Placement.of(vms);
            double duration = model.duration(job, p, cluster);
            List<DurationCase> cases = model.cases(job);
            boolean exact = false;
            for (DurationCase c : cases) {
                if (c.admits(p, cluster)) {
                    assertThat(c.duration()).as(c + " for " + p).isGreaterThanOrEqualTo(duration);
                    exact |= c.duration() == duration;
                }
            }
            assertThat(exact).as("exact case of " + p + " among " + cases).isTrue();
            assertThat(cases.get(0).duration()).isEqualTo(job.baseDuration());
            assertThat(model.maxDuration(job)).isEqualTo(cases.stream().mapToDouble(DurationCase::duration).max().orElseThrow());
            checked++;
        }
        assertThat(checked).isEqualTo(400);
    }

    @Test
    void casesFollowThePenaltiesThatApply() {
        Job pageRank = new Job(1, JobType.PAGERANK, 0, 3, 1, 1, 100, Job.NO_DEADLINE);
        assertThat(DurationModel.none().cases(pageRank))
                .containsExactly(new DurationCase(false, PlacementPreference.ANY, 100));
        assertThat(new DurationModel(true, true, 1.5).cases(pageRank)).containsExactly(
                new DurationCase(true, PlacementPreference.CONSOLIDATE, 100),
                new DurationCase(true, PlacementPreference.ANY, 150),
                new DurationCase(false, PlacementPreference.CONSOLIDATE, 150),
                new DurationCase(false, PlacementPreference.ANY, 225));
        // One executor is always well placed, so the type penalty never applies.
        Job single = new Job(2, JobType.SORT, 0, 1, 1, 1, 100, Job.NO_DEADLINE);
        assertThat(new DurationModel(true, false, 1.3).cases(single))
                .containsExactly(new DurationCase(false, PlacementPreference.ANY, 100));
    }
}

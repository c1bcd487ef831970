package io.execplace.core.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.TypeFactors;
import io.execplace.core.workload.TpdsWorkloadGenerator;
import io.execplace.core.workload.TpdsWorkloadSpec;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ProfileDurationsTest {

    @Test
    void thePaperProfileGivesTheSameWorkloadAsNoProfile() {
        Workload plain = TpdsWorkloadSpec.burst().generate();
        Workload paper = TpdsWorkloadGenerator.generate(TpdsWorkloadSpec.burst(), JobProfile.paper());
        assertThat(paper).isEqualTo(plain);
        assertThat(WorkloadPresets.generate("hjs-60-20", WorkloadOptions.seed(3), JobProfile.paper()))
                .isEqualTo(WorkloadPresets.generate("hjs-60-20", WorkloadOptions.seed(3)));
    }

    @Test
    void aMeasuredProfileGivesEachJobAPreferredLayoutMeanAtTheNearestExecutorCount() {
        MeasuredProfile p = Profiles.small();
        Workload plain = TpdsWorkloadSpec.normal().generate();
        Workload profiled = TpdsWorkloadGenerator.generate(TpdsWorkloadSpec.normal(), p);
        assertThat(profiled.jobs()).hasSameSizeAs(plain.jobs());
        for (int i = 0; i < plain.jobs().size(); i++) {
            Job a = plain.jobs().get(i);
            Job b = profiled.jobs().get(i);
            // same arrivals, types and requests: only the base duration comes from the profile
            assertThat(new Job(b.id(), b.type(), b.arrival(), b.executors(), b.coresPerExecutor(), b.memoryGbPerExecutor(),
                    a.baseDuration(), b.deadline())).isEqualTo(a);
            int nearest = b.executors() <= 2 ? 1 : 4; // measured counts 1 and 4; 2.5 is the midpoint
            Set<Double> allowed = p.measurements().stream()
                    .filter(m -> m.cell().type() == b.type() && m.cell().preferredLayout() && m.cell().executors() == nearest)
                    .map(m -> m.durations().meanSeconds()).collect(Collectors.toSet());
            assertThat(allowed).hasSize(2).contains(b.baseDuration());
        }
        // both sizes are drawn
        Set<Double> wordcountOne = profiled.jobs().stream().filter(j -> j.type() == JobType.WORDCOUNT && j.executors() == 1)
                .map(Job::baseDuration).collect(Collectors.toSet());
        assertThat(wordcountOne).containsExactlyInAnyOrder(10.0, 40.0);
        assertThat(TpdsWorkloadGenerator.generate(TpdsWorkloadSpec.normal(), p)).isEqualTo(profiled);
    }

    @Test
    void theDurationModelAppliesEachTypesOwnFactor() {
        Cluster tpds = ClusterPresets.byName("tpds", null);
        DurationModel paper = DurationModel.defaultsFor(tpds, true);
        DurationModel measured = paper.withTypeFactors(new TypeFactors(1.25, 1.5, 1));
        Job wc = new Job(0, JobType.WORDCOUNT, 0, 2, 1, 1, 100, Job.NO_DEADLINE);
        Job pr = new Job(1, JobType.PAGERANK, 0, 2, 1, 1, 100, Job.NO_DEADLINE);
        assertThat(paper.duration(wc, false, false)).isEqualTo(130.0);
        assertThat(measured.duration(wc, false, false)).isEqualTo(125.0);
        assertThat(measured.duration(wc, true, false)).isEqualTo(100.0);
        assertThat(measured.duration(pr, false, false)).isEqualTo(100.0);
        assertThat(measured.maxDuration(wc, tpds)).isEqualTo(125.0);
        assertThat(measured.cases(wc)).extracting(c -> c.duration()).containsExactly(100.0, 125.0);
        assertThat(measured.cases(wc)).extracting(c -> c.layout())
                .containsExactly(PlacementPreference.SPREAD, PlacementPreference.ANY);
        assertThat(new DurationModel(true, false, 1.3)).isEqualTo(paper.withTypeFactors(TypeFactors.uniform(1.3)));
        assertThat(List.of(measured.typeFactors().of(JobType.GENERIC))).containsExactly(1.0);
    }
}

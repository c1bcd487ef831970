package io.execplace.schedulers.elastic;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ElasticPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link QuietNodes} kept up to date from one running-jobs list to the next (the jobs that ended, were
 * stopped or started) gives, at every decision of whole runs, the exposure a fresh read of the list
 * gives — with drains and spot reclaims stopping jobs and placing them again.
 */
class QuietNodesTest {

    private final QuietNodes kept = new QuietNodes();
    private Object lastList;
    private int decisions;
    private int listsChanged;

    @Test
    void keptUpToDateItAnswersAsAFreshRead() {
        for (Cluster c : List.of(ElasticPresets.onDemandUnderutilized(), ElasticPresets.spotUnderutilized())) {
            for (long seed = 1; seed <= 3; seed++) {
                Workload w = WorkloadPresets.generate("hybrid-medium", WorkloadOptions.seed(seed).withJobs(300).withMeanGapSeconds(15.0));
                String where = c.name() + " seed " + seed;
                RunResult r = Simulation.run(c, w, new CheckedPolicy(new FinishTogetherProtected(), (job, view) -> compare(view, where)),
                        SimulationConfig.defaults(c, w).withQueue(QueuePolicy.EDF).withCapacitySeed(seed));
                assertThat(r.summary().jobsCompleted()).isPositive();
            }
        }
        assertThat(decisions).isGreaterThan(1_000);
        assertThat(listsChanged).as("decisions that read a changed list").isGreaterThan(500);
    }

    /** The kept {@link QuietNodes} against a new one on every live node, for runs of three lengths. */
    private void compare(ClusterView view, String where) {
        QuietNodes fresh = new QuietNodes();
        assertThat(kept.load(view)).isEqualTo(fresh.load(view)).isTrue();
        Object list = view.runningLayout().orElseThrow();
        listsChanged += list != lastList ? 1 : 0;
        lastList = list;
        int[] live = new int[view.vmCount()];
        int count = view.provisionedVms(live);
        for (int k = 0; k < count; k++) {
            for (double seconds : new double[] {30, 300, 3_000}) {
                assertThat(kept.added(view, live[k], seconds))
                        .as(where + " at " + view.now() + ", node " + live[k] + ", " + seconds + " s")
                        .isEqualTo(fresh.added(view, live[k], seconds));
            }
        }
        decisions++;
    }
}

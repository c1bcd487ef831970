package io.execplace.schedulers;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Every scheduler, run through the simulator on a small hand-made workload, completes every job. */
class SimulationRunTest {

    /**
     * Twelve jobs, a few seconds apart, so that some arrive while others run and must wait. Each
     * fits the cloud part of {@code hybrid-small} on its own, so even AsQ can always place it.
     */
    private static Workload workload() {
        int[][] spec = { // executors, cores, memory GB
                {2, 2, 4}, {4, 4, 8}, {1, 6, 10}, {3, 2, 2}, {4, 4, 16}, {2, 6, 8},
                {4, 1, 1}, {3, 4, 4}, {4, 3, 6}, {1, 4, 12}, {2, 2, 2}, {4, 6, 10}};
        JobType[] types = {JobType.WORDCOUNT, JobType.SORT, JobType.PAGERANK};
        List<Job> jobs = new ArrayList<>();
        for (int i = 0; i < spec.length; i++) {
            jobs.add(new Job(i, types[i % 3], 3.0 * i, spec[i][0], spec[i][1], spec[i][2],
                    30 + 7 * i, Job.NO_DEADLINE));
        }
        return new Workload("hand-made", jobs);
    }

    @Test
    void everySchedulerCompletesAllJobsOnTpdsAndHybridClusters() {
        Workload workload = workload();
        for (Cluster cluster : List.of(ClusterPresets.tpds(), ClusterPresets.hybridSmall(PricingModel.MODEL_1))) {
            for (String name : Schedulers.names()) {
                RunResult result = Simulation.run(cluster, workload, Schedulers.create(name, 3),
                        SimulationConfig.defaults(cluster, workload));
                String where = name + " on " + cluster.name();
                assertThat(result.summary().scheduler()).as(where).isEqualTo(name);
                assertThat(result.summary().jobsCompleted()).as(where).isEqualTo(workload.size());
                assertThat(result.summary().jobsDropped()).as(where).isZero();
                assertThat(result.summary().totalCost()).as(where).isPositive();
            }
        }
    }
}

package io.execplace.rl;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.DurationModel;

import java.util.List;

/** Small clusters and workloads for hand-worked RL test cases. */
public final class TestClusters {

    private TestClusters() {
    }

    /** TPDS Fig. 2: VM1 4 cores / 8 GB at price 1, VM2 8 cores / 16 GB at price 2 (per second). */
    public static Cluster figure2() {
        return Cluster.builder("fig2")
                .add(new VmType("small", 4, 8), Site.CLOUD, 1, 1)
                .add(new VmType("large", 8, 16), Site.CLOUD, 1, 2)
                .build();
    }

    public static Job job(int id, JobType type, double arrival, int executors, int cores, double memoryGb,
                          double baseDuration) {
        return new Job(id, type, arrival, executors, cores, memoryGb, baseDuration, Job.NO_DEADLINE);
    }

    public static Workload workload(Job... jobs) {
        return new Workload("test", List.of(jobs));
    }

    /** The TPDS type-mismatch penalty (×1.3), no hybrid penalty. */
    public static DurationModel typePenalty() {
        return new DurationModel(true, false, DurationModel.PAPER_PENALTY);
    }
}

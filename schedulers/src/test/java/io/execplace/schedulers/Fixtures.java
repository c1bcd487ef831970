package io.execplace.schedulers;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.model.VmType;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.rules.DurationModel;

/** Small builders for hand-worked test cases. */
public final class Fixtures {

    private Fixtures() {
    }

    public static VmType shape(int cores, double memoryGb) {
        return new VmType(cores + "c/" + memoryGb + "GB", cores, memoryGb);
    }

    /** One VM per call to {@code add}, ids in order. */
    public static Cluster.Builder cluster(String name) {
        return Cluster.builder(name);
    }

    public static Cluster.Builder cloud(Cluster.Builder b, int cores, double memoryGb, double price) {
        return b.add(shape(cores, memoryGb), Site.CLOUD, 1, price);
    }

    public static Cluster.Builder local(Cluster.Builder b, int cores, double memoryGb, double price) {
        return b.add(shape(cores, memoryGb), Site.LOCAL, 1, price);
    }

    /** A job arriving at 0 without deadline. */
    public static Job job(int id, JobType type, int executors, int cores, double memoryGb, double baseDuration) {
        return new Job(id, type, 0, executors, cores, memoryGb, baseDuration, Job.NO_DEADLINE);
    }

    public static Job job(int id, int executors, int cores, double memoryGb) {
        return job(id, JobType.GENERIC, executors, cores, memoryGb, 100);
    }

    /** An empty state of the cluster with no duration penalties. */
    public static ClusterState empty(Cluster cluster) {
        return new ClusterState(cluster, DurationModel.none());
    }

    /** Starts {@code job} with executors on the given VMs, busy until {@code finish}. */
    public static Placement run(ClusterState state, Job job, double finish, int... vms) {
        Placement p = Placement.of(vms);
        String error = state.validate(job, p);
        if (error != null) {
            throw new IllegalStateException("bad fixture: " + error);
        }
        state.start(job, p, finish);
        return p;
    }
}

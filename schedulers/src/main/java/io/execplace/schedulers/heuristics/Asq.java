package io.execplace.schedulers.heuristics;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Site;
import io.execplace.core.model.Vm;
import io.execplace.core.policy.ClusterView;

/**
 * {@code asq}: the HYB "all local, else all cloud" baseline. All executors go to the local VMs if
 * those can hold the whole job, else all go to the cloud VMs; a job is never split across sites.
 * Inside the chosen site executors are packed as {@code gio} packs (least extra cost of one more
 * executor first, with the site's completion time: the cloud one includes the hybrid penalty), as the
 * HYB reference's {@code AQSScheduler} does. None when neither site can hold the whole job now; a job that neither site
 * could hold alone even when empty is dropped on arrival, as the HYB reference drops it, instead of
 * blocking the queue until the whole cluster is idle.
 */
public final class Asq extends PackingHeuristic {

    /** Registry name. */
    public static final String NAME = "asq";

    public Asq() {
        super(NAME);
    }

    @Override
    void pack(Job job, ClusterView cluster, PlacementBuilder b) {
        Packing.localFirst(b, cluster, job, Site.CLOUD);
    }

    @Override
    public String neverPlaces(Job job, Cluster cluster) {
        long local = 0;
        long cloud = 0;
        for (Vm vm : cluster.vms()) {
            int k = Capacity.executorsThatFit(vm.cores(), vm.memoryGb(), job.coresPerExecutor(), job.memoryGbPerExecutor());
            if (vm.site() == Site.LOCAL) {
                local += k;
            } else {
                cloud += k;
            }
        }
        int e = job.executors();
        if (local >= e || cloud >= e) {
            return null;
        }
        return "asq never splits a job across sites and neither site holds it alone even when empty ("
                + e + " x " + job.coresPerExecutor() + " cores / " + job.memoryGbPerExecutor() + " GB; local holds "
                + local + ", cloud " + cloud + ")";
    }
}

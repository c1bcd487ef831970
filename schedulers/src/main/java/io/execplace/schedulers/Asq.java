package io.execplace.schedulers;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Site;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

/**
 * {@code asq}: the HYB "all local, else all cloud" baseline. All executors go to the local VMs if
 * those can hold the whole job, else all go to the cloud VMs; a job is never split across sites.
 * Inside the chosen site executors are packed first-fit style (active VMs fullest first, then the
 * cheapest idle VMs). None when neither site can hold the whole job.
 */
public final class Asq implements PlacementPolicy {

    /** Registry name. */
    public static final String NAME = "asq";

    private final PlacementBuilder builder = new PlacementBuilder();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Placement place(Job job, ClusterView cluster) {
        builder.begin(job, cluster);
        int e = job.executors();
        Site site = Packing.room(builder, cluster, Site.LOCAL, e) >= e ? Site.LOCAL : Site.CLOUD;
        Packing.firstFit(builder, cluster, site);
        return builder.build();
    }
}

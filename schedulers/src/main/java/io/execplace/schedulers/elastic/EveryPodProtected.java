package io.execplace.schedulers.elastic;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.PlacementPolicy;

import java.util.function.Predicate;

/**
 * The practitioners' blanket rule against consolidation evicting Spark: every executor pod annotated
 * {@code karpenter.sh/do-not-disrupt: "true"}, over another policy's placement (as {@code
 * kube-most-protected} over {@code kube-most}). A node with executors is then never drained; it goes
 * once empty.
 */
public final class EveryPodProtected implements PlacementPolicy {

    /** Suffix of the blanket variant's name. */
    public static final String SUFFIX = "-protected";

    private final PlacementPolicy placement;
    /** The jobs whose pods are protected. */
    private final Predicate<Job> protects;

    public EveryPodProtected(PlacementPolicy placement) {
        this(placement, job -> true);
    }

    /**
     * Only the pods of the jobs {@code protects} names (as {@code k8s-scheduler --protect-executors} and
     * {@code --protect-drivers} each protect one role of pod).
     */
    public EveryPodProtected(PlacementPolicy placement, Predicate<Job> protects) {
        this.placement = placement;
        this.protects = protects;
    }

    @Override
    public String name() {
        return placement.name() + SUFFIX;
    }

    @Override
    public Placement place(Job job, ClusterView view) {
        Placement chosen = placement.place(job, view);
        return chosen.isNone() || !view.cluster().isElastic() || !protects.test(job) ? chosen
                : chosen.withProtection(Double.POSITIVE_INFINITY);
    }

    @Override
    public double askAgainAt() {
        return placement.askAgainAt();
    }
}

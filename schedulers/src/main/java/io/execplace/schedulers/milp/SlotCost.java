package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
import io.execplace.core.model.NodePool;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.Deadlines;
import io.execplace.core.rules.ExtraCost;

/**
 * What one VM of a class costs the job in {@code milp-elastic} on an elastic cluster, beyond
 * {@code milp}'s extra cost (HYB Eq. 16, which prices a slot not bought as an idle VM):
 * <ul>
 *   <li>a slot not bought is a node launched for the job: billed from the launch request through the
 *       launch delay and the job's run, rounded to its pool's granularity and at least its minimum
 *       ({@link NodePool#billedSeconds}; clouds bill the boot);</li>
 *   <li>a spot node adds its expected interruption cost: the probability that it is taken back
 *       during the wait and the run ({@code 1 − e^(−hazard × (wait + T_C))}, the pool's published
 *       hazard plus its trace's frequency) times the node time a restart costs, priced at the node's
 *       price — a new node's launch and, without graceful decommissioning, the run again (as {@code
 *       finish-together-spot} prices a restart; here the run on this layout, {@code T_C});</li>
 *   <li>a node that would be ready too late for the job to meet its deadline is penalised, not
 *       excluded: {@link #LATE} per VM, more than any placement's whole objective, so it is used only
 *       when no placement on nodes ready in time holds the job (excluding it could leave a job that
 *       fits nowhere else pending forever).</li>
 * </ul>
 * Not modelled: that the job's other nodes sit idle while the last one launches (the wait is the
 * largest over the VMs used, not a sum, so it does not fit a linear objective); and a decision that
 * hits the time limit compares its solution with {@code gio}'s on {@code milp}'s objective.
 */
final class SlotCost {

    /** Normalised objective added per VM ready too late for the deadline (objective values are at most 1 + 10^-9). */
    static final double LATE = 2;

    private final Job job;
    private final ClusterView view;
    private final double relaunchSeconds;
    private final boolean graceful;

    SlotCost(Job job, ClusterView view) {
        this.job = job;
        this.view = view;
        this.relaunchSeconds = view.relaunchSeconds();
        this.graceful = view.gracefulDecommission();
    }

    /** Expected money one VM of class {@code v} costs when the job runs {@code duration} s on this layout. */
    double money(VmClasses classes, int v, double duration) {
        double price = classes.price(v);
        double wait = classes.readyIn(v);
        NodePool buying = classes.buyingPool(v);
        double cost = buying != null
                ? price * buying.billedSeconds(wait + duration)
                : ExtraCost.of(price, duration, classes.horizon(v));
        double hazard = classes.hazard(v);
        if (hazard > 0) {
            double interrupted = -Math.expm1(-hazard * (wait + duration));
            cost += interrupted * price * (relaunchSeconds + (graceful ? 0 : duration));
        }
        return cost;
    }

    /** True when a VM of class {@code v} is ready too late for the job, run {@code duration} s, to meet its deadline. */
    boolean late(VmClasses classes, int v, double duration) {
        double wait = classes.readyIn(v);
        return wait > 0 && !Deadlines.allows(job, view.now() + wait + duration);
    }
}

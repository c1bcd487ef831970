package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.Deadlines;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.ExtraCost;

import java.util.Arrays;

/**
 * What {@code milp} minimises for one job: {@code w_c × ExtraCost / CostNorm + w_d × (T_C − T_min) /
 * (T_max − T_min)}, TPDS Eq. 6 for a single job with the normalisation of its episodic reward (Eq.
 * 14). {@code ExtraCost = Σ_VMs used price × max(0, T_C − T_vm)} is HYB Eq. 16 (what the job adds to
 * the bill: it turns idle VMs on for {@code T_C} and keeps busy ones on past their horizon {@code
 * T_vm}); {@code T_C} is the job's true duration for the placement, penalties included; {@code T_min}
 * is its base duration, {@code T_max} its longest possible duration and {@code CostNorm = T_max × Σ
 * prices of all VMs}, the most a job could add. The weights are {@code w_c = β}, {@code w_d = 1 − β},
 * except that a zero weight is raised to 10^-9 so that ties are broken by the other term: β = 1
 * (the default) minimises cost and, among equally cheap placements, the duration.
 *
 * <p>For the solver the objective is scaled to integers: one unit is 2^-40 of the normalised
 * objective. Each VM used adds one more unit, so that among otherwise equal placements the one on
 * fewer VMs wins; that changes the optimum by less than 10^-11.
 *
 * <p>HYB's problem also has the deadline constraint (Eq. 15, {@code now + T_C} by the deadline):
 * when some placement of the job meets its deadline, only such placements are considered.
 */
final class PlacementObjective {

    /** Integer units per unit of the normalised objective. */
    static final double SCALE = 0x1p40;
    /** Smallest weight of either term, so that the other one breaks ties. */
    static final double TIE_WEIGHT = 1e-9;

    private final Job job;
    private final ClusterView view;
    private final double costWeight;
    private final double durationWeight;
    private final double costNorm;
    private final double minDuration;
    private final double durationRange;

    PlacementObjective(Job job, ClusterView view, double beta) {
        this.job = job;
        this.view = view;
        this.costWeight = Math.max(beta, TIE_WEIGHT);
        this.durationWeight = Math.max(1 - beta, TIE_WEIGHT);
        double maxDuration = view.durationModel().maxDuration(job);
        this.costNorm = maxDuration * view.cluster().totalPricePerSecond();
        this.minDuration = job.baseDuration();
        this.durationRange = maxDuration - minDuration;
    }

    /** Normalised extra cost of using one VM of this price and horizon when the job runs {@code duration} s. */
    double costTerm(double duration, double price, double horizon) {
        return costNorm > 0 ? ExtraCost.of(price, duration, horizon) / costNorm : 0;
    }

    /** Normalised duration term. */
    double durationTerm(double duration) {
        return durationRange > 0 ? (duration - minDuration) / durationRange : 0;
    }

    /** Integer objective coefficient of one VM of a class used in a case of the given duration. */
    long vmCoefficient(double duration, double price, double horizon) {
        return Math.round(SCALE * costWeight * costTerm(duration, price, horizon)) + 1;
    }

    /**
     * Integer objective coefficient of one VM of class {@code v} in a case of the given duration:
     * {@code milp}'s without {@code slots}, else with {@code milp-elastic}'s node costs ({@link SlotCost}).
     */
    long vmCoefficient(double duration, VmClasses classes, int v, SlotCost slots) {
        if (slots == null) {
            return vmCoefficient(duration, classes.price(v), classes.horizon(v));
        }
        double cost = costNorm > 0 ? slots.money(classes, v, duration) / costNorm : 0;
        long late = slots.late(classes, v, duration) ? Math.round(SCALE * SlotCost.LATE) : 0;
        return Math.round(SCALE * costWeight * cost) + 1 + late;
    }

    /** Integer objective coefficient of choosing a case of the given duration. */
    long caseCoefficient(double duration) {
        return Math.round(SCALE * durationWeight * durationTerm(duration));
    }

    /** True when the job, started now and running {@code duration} s, meets its deadline (or has none). */
    boolean meetsDeadline(double duration) {
        return Deadlines.allows(job, view.now() + duration);
    }

    /** The job's extra VM cost (HYB Eq. 16) for a concrete placement in the current state. */
    double extraCost(Placement placement) {
        double duration = view.durationModel().duration(job, placement, view.cluster());
        double cost = 0;
        int[] vms = placement.toArray();
        Arrays.sort(vms);
        for (int i = 0; i < vms.length; i++) {
            if (i == 0 || vms[i] != vms[i - 1]) {
                cost += ExtraCost.of(view.vm(vms[i]).pricePerSecond(), duration, view.remainingBusyTime(vms[i]));
            }
        }
        return cost;
    }

    /**
     * The normalised objective of a concrete placement, with a placement that misses the deadline
     * ranked after every one that meets it (adds 4; objective values are at most 1 + 10^-9).
     */
    double value(Placement placement) {
        DurationModel model = view.durationModel();
        double duration = model.duration(job, placement, view.cluster());
        double cost = costNorm > 0 ? extraCost(placement) / costNorm : 0;
        double v = costWeight * cost + durationWeight * durationTerm(duration);
        return meetsDeadline(duration) ? v : v + 4;
    }
}

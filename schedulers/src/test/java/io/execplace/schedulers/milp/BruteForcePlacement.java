package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.DurationModel;

/**
 * The independent exact method the solver is checked against: it enumerates every vector of
 * executor counts per VM (no VM classes, no duration cases), builds the placement, asks the duration
 * model for its true duration and scores it from the definitions of the objective. Exponential, so
 * for clusters of a few VMs only.
 */
final class BruteForcePlacement {

    /**
     * A placement's score: deadline missed (ranked after any met) and the normalised objective.
     *
     * @param missesDeadline the job would finish after its deadline
     * @param value          β-weighted normalised cost and duration
     * @param extraCost      Σ price × max(0, T_C − T_vm) over the VMs used
     */
    record Score(boolean missesDeadline, double value, double extraCost) {

        /** True when this score is better than {@code o} by more than {@code tolerance}. */
        boolean betterThan(Score o, double tolerance) {
            if (missesDeadline != o.missesDeadline) {
                return !missesDeadline;
            }
            return value < o.value - tolerance;
        }
    }

    private final Job job;
    private final ClusterView view;
    private final double beta;
    private Placement best;
    private Score bestScore;

    private BruteForcePlacement(Job job, ClusterView view, double beta) {
        this.job = job;
        this.view = view;
        this.beta = beta;
    }

    /** The best placement by enumeration, or none when the job does not fit. */
    static Placement solve(Job job, ClusterView view, double beta) {
        BruteForcePlacement b = new BruteForcePlacement(job, view, beta);
        b.enumerate(0, job.executors(), new int[view.vmCount()]);
        return b.best == null ? Placement.none() : b.best;
    }

    private void enumerate(int vm, int left, int[] counts) {
        if (vm == counts.length) {
            if (left == 0) {
                consider(counts);
            }
            return;
        }
        int room = view.executorsThatFit(vm, job.coresPerExecutor(), job.memoryGbPerExecutor());
        for (int k = 0; k <= Math.min(room, left); k++) {
            counts[vm] = k;
            enumerate(vm + 1, left - k, counts);
        }
        counts[vm] = 0;
    }

    private void consider(int[] counts) {
        int[] vms = new int[job.executors()];
        int i = 0;
        for (int vm = 0; vm < counts.length; vm++) {
            for (int k = 0; k < counts[vm]; k++) {
                vms[i++] = vm;
            }
        }
        Placement p = Placement.of(vms);
        Score s = score(job, p, view, beta);
        if (bestScore == null || s.betterThan(bestScore, 0)) {
            best = p;
            bestScore = s;
        }
    }

    /** Scores a placement straight from the definitions (TPDS Eq. 6 per job, HYB Eqs. 15-16). */
    static Score score(Job job, Placement p, ClusterView view, double beta) {
        DurationModel model = view.durationModel();
        double duration = model.duration(job, p, view.cluster());
        double f = model.penaltyFactor();
        boolean typed = model.typeMismatchPenalty() && job.executors() > 1
                && job.type().preference() != PlacementPreference.ANY;
        double maxDuration = job.baseDuration() * (typed ? f : 1) * (model.hybridPenalty() ? f : 1);
        double costNorm = maxDuration * view.cluster().totalPricePerSecond();
        boolean[] used = new boolean[view.vmCount()];
        double cost = 0;
        for (int vm : p.toArray()) {
            if (!used[vm]) {
                used[vm] = true;
                cost += view.vm(vm).pricePerSecond() * Math.max(0, duration - view.remainingBusyTime(vm));
            }
        }
        double costTerm = costNorm > 0 ? cost / costNorm : 0;
        double durationTerm = maxDuration > job.baseDuration()
                ? (duration - job.baseDuration()) / (maxDuration - job.baseDuration()) : 0;
        double value = Math.max(beta, 1e-9) * costTerm + Math.max(1 - beta, 1e-9) * durationTerm;
        boolean misses = job.hasDeadline() && view.now() + duration > job.deadline() + 1e-9;
        return new Score(misses, value, cost);
    }
}

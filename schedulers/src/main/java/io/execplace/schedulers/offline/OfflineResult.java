package io.execplace.schedulers.offline;

/**
 * What an {@link OfflineOptimum} solve found.
 *
 * @param status       whether the schedule is proven optimal, only feasible (time limit), or absent
 * @param schedule     the best schedule found, or null when none was found
 * @param bound        a proven lower bound on the cost of any schedule of these jobs (the larger of
 *                     CP-SAT's bound and {@code CostLowerBound}); equals the cost when optimal
 * @param exactGrid    true when every time, memory size and price is a whole number on the integer
 *                     grid CP-SAT works on, so that "optimal" means optimal for the real numbers;
 *                     false when some were rounded (durations up, see {@link OfflineOptimum})
 * @param jobsLeftOut  jobs that cannot fit the empty cluster (the simulator drops them on arrival)
 * @param solveSeconds wall time of the search
 */
public record OfflineResult(Status status, OfflineSchedule schedule, double bound, boolean exactGrid,
                            int jobsLeftOut, double solveSeconds) {

    /** How the search ended. */
    public enum Status { OPTIMAL, FEASIBLE, NO_SOLUTION }

    public boolean hasSchedule() {
        return schedule != null;
    }

    /** The schedule's exact cost, NaN without a schedule. */
    public double cost() {
        return schedule == null ? Double.NaN : schedule.cost();
    }

    /** Relative optimality gap {@code (cost − bound) / cost}, 0 when proven optimal, NaN without a schedule. */
    public double gap() {
        if (schedule == null) {
            return Double.NaN;
        }
        if (status == Status.OPTIMAL) {
            return 0;
        }
        double c = cost();
        return c <= 0 ? 0 : Math.max(0, (c - bound) / c);
    }
}

package io.execplace.schedulers.offline;

/**
 * Settings of one {@link OfflineOptimum} solve.
 *
 * @param timeLimitSeconds wall-time limit of the CP-SAT search (&gt; 0); when it is hit the best
 *                         schedule found is returned with its gap
 * @param workers          CP-SAT search workers (1 = deterministic and light on a shared machine)
 * @param hint             a known feasible schedule to start the search from (e.g. a scheduler's
 *                         run), or null
 * @param deterministicLimit CP-SAT deterministic work limit ("deterministic seconds"), 0 for none:
 *                         with one worker, a search cut by it ends the same way on every machine
 */
public record OfflineOptions(double timeLimitSeconds, int workers, OfflineSchedule hint, double deterministicLimit) {

    /** Default limit: a minute, enough to prove optimality for a dozen jobs on the TPDS cluster. */
    public static final double DEFAULT_TIME_LIMIT_SECONDS = 60;

    public OfflineOptions {
        if (!(timeLimitSeconds > 0) || !Double.isFinite(timeLimitSeconds)) {
            throw new IllegalArgumentException("the offline-optimum time limit must be a positive number of seconds, got "
                    + timeLimitSeconds);
        }
        if (!(deterministicLimit >= 0) || !Double.isFinite(deterministicLimit)) {
            throw new IllegalArgumentException("the offline-optimum work limit must be >= 0, got " + deterministicLimit);
        }
        if (workers < 1 || workers > 64) {
            throw new IllegalArgumentException("offline-optimum workers must be between 1 and 64, got " + workers);
        }
    }

    public static OfflineOptions defaults() {
        return new OfflineOptions(DEFAULT_TIME_LIMIT_SECONDS, 1, null, 0);
    }

    public OfflineOptions withTimeLimitSeconds(double s) {
        return new OfflineOptions(s, workers, hint, deterministicLimit);
    }

    public OfflineOptions withWorkers(int w) {
        return new OfflineOptions(timeLimitSeconds, w, hint, deterministicLimit);
    }

    public OfflineOptions withDeterministicLimit(double d) {
        return new OfflineOptions(timeLimitSeconds, workers, hint, d);
    }

    public OfflineOptions withHint(OfflineSchedule h) {
        return new OfflineOptions(timeLimitSeconds, workers, h, deterministicLimit);
    }
}

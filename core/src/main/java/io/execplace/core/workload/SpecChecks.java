package io.execplace.core.workload;

/**
 * The checks the generated workloads' specs make (TPDS, HYB, HJS and their {@link JobStream}), with
 * one wording: a name, at least one job, finite positive or non-negative numbers.
 */
final class SpecChecks {

    private SpecChecks() {
    }

    /**
     * A name that is not blank and at least one job.
     *
     * @param workload the spec's kind with its article, as the message starts: {@code "a HYB workload"}
     */
    static void namedJobs(String workload, String name, int jobs) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException(workload + " needs a name");
        }
        if (jobs < 1) {
            throw new IllegalArgumentException(workload + " needs at least 1 job, got " + jobs);
        }
    }

    static void positive(String what, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be a finite number > 0, got " + v);
        }
    }

    static void nonNegative(String what, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be a finite number >= 0, got " + v);
        }
    }
}

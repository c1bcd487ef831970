package io.execplace.core.workload;

import java.util.Locale;

/**
 * Inclusive ranges from which generated jobs draw their resource requests, each uniformly over the
 * whole numbers of the range.
 *
 * @param minCores     least cores per executor
 * @param maxCores     most cores per executor
 * @param minMemoryGb  least memory per executor, GB
 * @param maxMemoryGb  most memory per executor, GB
 * @param minExecutors least executors per job
 * @param maxExecutors most executors per job
 */
public record RequestRanges(int minCores, int maxCores, int minMemoryGb, int maxMemoryGb,
                            int minExecutors, int maxExecutors) {

    /** The TPDS and HYB papers: cores 1–6, memory 1–10 GB, executors 1–8. */
    public static final RequestRanges PAPER = new RequestRanges(1, 6, 1, 10, 1, 8);

    /** The TPDS reference code's traces: cores 1–4, memory 2–12 GB, executors 1–7. */
    public static final RequestRanges REFERENCE = new RequestRanges(1, 4, 2, 12, 1, 7);

    public RequestRanges {
        check("cores", minCores, maxCores);
        check("memoryGb", minMemoryGb, maxMemoryGb);
        check("executors", minExecutors, maxExecutors);
    }

    private static void check(String what, int min, int max) {
        if (min < 1 || max < min) {
            throw new IllegalArgumentException("request range for " + what + " must satisfy 1 <= min <= max, got "
                    + min + ".." + max);
        }
    }

    /** {@code paper} or {@code reference}, ignoring case. */
    public static RequestRanges byName(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "paper" -> PAPER;
            case "reference" -> REFERENCE;
            default -> throw new IllegalArgumentException("unknown request ranges '" + name
                    + "' (expected paper or reference)");
        };
    }

    @Override
    public String toString() {
        return "cores " + minCores + "-" + maxCores + ", memory " + minMemoryGb + "-" + maxMemoryGb
                + " GB, executors " + minExecutors + "-" + maxExecutors;
    }
}

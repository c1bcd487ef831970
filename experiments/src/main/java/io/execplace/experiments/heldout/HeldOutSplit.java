package io.execplace.experiments.heldout;

import io.execplace.core.model.Workload;
import io.execplace.core.workload.SwimTrace;
import io.execplace.core.profile.JobProfile;
import io.execplace.core.workload.TpdsWorkloadGenerator;
import io.execplace.core.workload.TpdsWorkloadSpec;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Training workloads and held-out workloads of one workload preset, disjoint by construction and
 * checked: no held-out seed is a training seed and, for the TPDS presets (cut from the SWIM trace),
 * no held-out arrival window shares a trace job with a training window. Held-out TPDS windows are
 * the non-overlapping windows of the preset's length whose time span is closest to the training
 * window's (so a burst stays a burst), each with its own held-out seed.
 *
 * @param preset   workload preset ({@code tpds-burst}, {@code tpds-normal} or a generated preset)
 * @param jobs     jobs per workload
 * @param training the training workloads
 * @param heldOut  the held-out workloads
 */
public record HeldOutSplit(String preset, int jobs, List<WorkloadRef> training, List<WorkloadRef> heldOut) {

    /** Held-out seeds start here, far from the small seeds training uses. */
    public static final long HELD_OUT_FIRST_SEED = 100_001;

    /** The cluster a workload preset was made for: tpds for the TPDS presets, c5 for HJS job sets, else hybrid-small. */
    public static String ownCluster(String preset) {
        return preset.startsWith("tpds") ? "tpds" : preset.startsWith("hjs-") ? "c5" : "hybrid-small";
    }

    public HeldOutSplit {
        training = List.copyOf(training);
        heldOut = List.copyOf(heldOut);
        String overlap = overlap(jobs, training, heldOut);
        if (overlap != null) {
            throw new IllegalArgumentException("held-out workloads overlap the training ones: " + overlap);
        }
    }

    /**
     * The split for a preset trained on seeds {@code trainSeed ... trainSeed + trainSeeds − 1}.
     *
     * @param heldOutCount held-out workloads (at least 1)
     */
    public static HeldOutSplit of(String preset, long trainSeed, int trainSeeds, int heldOutCount) {
        return of(preset, null, trainSeed, trainSeeds, heldOutCount);
    }

    /**
     * As {@link #of(String, long, int, int)} with {@code jobs} jobs per workload (null: the preset's;
     * for the TPDS presets the window length).
     */
    public static HeldOutSplit of(String preset, Integer jobs, long trainSeed, int trainSeeds, int heldOutCount) {
        if (trainSeed + trainSeeds > HELD_OUT_FIRST_SEED) {
            throw new IllegalArgumentException("training seeds must stay below " + HELD_OUT_FIRST_SEED
                    + " (held-out seeds start there), got " + trainSeed + " ... " + (trainSeed + trainSeeds - 1));
        }
        return of(preset, jobs, trainSeed, trainSeeds, heldOutCount, HELD_OUT_FIRST_SEED);
    }

    /**
     * As {@link #of(String, Integer, long, int, int)} with the held-out seeds starting at {@code
     * firstHeldOutSeed} instead of {@link #HELD_OUT_FIRST_SEED}, so anyone can pick workloads no one
     * tuned on.
     *
     * @throws IllegalArgumentException when a held-out seed is also a training seed
     */
    public static HeldOutSplit of(String preset, Integer jobs, long trainSeed, int trainSeeds, int heldOutCount,
                                  long firstHeldOutSeed) {
        if (trainSeeds < 1 || heldOutCount < 1) {
            throw new IllegalArgumentException("a split needs at least one training and one held-out workload");
        }
        if (firstHeldOutSeed < 0 || firstHeldOutSeed > Long.MAX_VALUE - heldOutCount) {
            throw new IllegalArgumentException("the first held-out seed must be between 0 and "
                    + (Long.MAX_VALUE - heldOutCount) + ", got " + firstHeldOutSeed);
        }
        if (jobs != null && (jobs < 1 || jobs > 1_000_000)) {
            throw new IllegalArgumentException("jobs per workload must be between 1 and 1000000, got " + jobs);
        }
        TpdsWorkloadSpec tpds = tpdsSpec(preset, jobs);
        int n = tpds != null ? tpds.jobs()
                : jobs != null ? jobs : WorkloadPresets.generate(preset, WorkloadOptions.seed(1)).size();
        int trainWindow = tpds != null ? tpds.firstTraceJob() : -1;
        List<WorkloadRef> training = new ArrayList<>();
        for (long s = trainSeed; s < trainSeed + trainSeeds; s++) {
            training.add(new WorkloadRef(s, trainWindow));
        }
        List<Integer> windows = tpds != null ? heldOutWindows(tpds, heldOutCount) : List.of();
        List<WorkloadRef> heldOut = new ArrayList<>();
        for (int i = 0; i < heldOutCount; i++) {
            heldOut.add(new WorkloadRef(firstHeldOutSeed + i, tpds != null ? windows.get(i % windows.size()) : -1));
        }
        return new HeldOutSplit(preset, n, training, heldOut);
    }

    /** The workload of one reference of this split, with the papers' job durations. */
    public Workload workload(WorkloadRef ref) {
        return workload(ref, JobProfile.paper());
    }

    /** The workload of one reference of this split, base durations drawn by {@code profile}. */
    public Workload workload(WorkloadRef ref, JobProfile profile) {
        TpdsWorkloadSpec tpds = tpdsSpec(preset, jobs);
        if (tpds == null) {
            return WorkloadPresets.generate(preset, WorkloadOptions.seed(ref.seed()).withJobs(jobs), profile);
        }
        boolean trainingWindow = ref.firstTraceJob() == tpds.firstTraceJob();
        // Held-out windows start at 0 like the burst preset (costs and turnarounds do not depend on it).
        return TpdsWorkloadGenerator.generate(tpds.withFirstTraceJob(ref.firstTraceJob())
                .withShiftToZero(trainingWindow ? tpds.shiftToZero() : true).withSeed(ref.seed()), profile);
    }

    public List<Workload> trainingWorkloads() {
        return training.stream().map(this::workload).toList();
    }

    public List<Workload> heldOutWorkloads() {
        return heldOut.stream().map(this::workload).toList();
    }

    /** A description of the first overlap between the two lists, or null when they are disjoint. */
    static String overlap(int jobs, List<WorkloadRef> training, List<WorkloadRef> heldOut) {
        Set<Long> seeds = new HashSet<>();
        for (WorkloadRef t : training) {
            seeds.add(t.seed());
        }
        for (WorkloadRef h : heldOut) {
            if (seeds.contains(h.seed())) {
                return "seed " + h.seed() + " is used in training";
            }
            for (WorkloadRef t : training) {
                if (h.hasWindow() && t.hasWindow() && windowsOverlap(h.firstTraceJob(), t.firstTraceJob(), jobs)) {
                    return "SWIM window from job" + h.firstTraceJob() + " shares jobs with the training window from job"
                            + t.firstTraceJob();
                }
            }
        }
        return null;
    }

    /** Whether two windows of {@code jobs} consecutive trace rows share a row. */
    private static boolean windowsOverlap(int firstA, int firstB, int jobs) {
        List<SwimTrace.Entry> trace = SwimTrace.fb2009();
        int a = indexOf(trace, firstA);
        int b = indexOf(trace, firstB);
        return a < b + jobs && b < a + jobs;
    }

    private static int indexOf(List<SwimTrace.Entry> trace, int job) {
        for (int i = 0; i < trace.size(); i++) {
            if (trace.get(i).jobNumber() == job) {
                return i;
            }
        }
        throw new IllegalArgumentException("the SWIM trace has no job" + job);
    }

    private static TpdsWorkloadSpec tpdsSpec(String preset, Integer jobs) {
        TpdsWorkloadSpec spec = switch (preset) {
            case "tpds-burst" -> TpdsWorkloadSpec.burst();
            case "tpds-normal" -> TpdsWorkloadSpec.normal();
            default -> null;
        };
        return spec == null || jobs == null ? spec : spec.withJobs(jobs);
    }

    /**
     * Non-overlapping windows of the preset's length, none sharing a row with the training window,
     * ordered by how close their span (last − first arrival) is to the training window's.
     */
    private static List<Integer> heldOutWindows(TpdsWorkloadSpec spec, int wanted) {
        List<SwimTrace.Entry> trace = SwimTrace.fb2009();
        int n = spec.jobs();
        int train = indexOf(trace, spec.firstTraceJob());
        double trainSpan = span(trace, train, n);
        List<Integer> starts = new ArrayList<>();
        for (int i = train % n; i + n <= trace.size(); i += n) {
            if (i + n <= train || i >= train + n) {
                starts.add(i);
            }
        }
        starts.sort(Comparator.comparingDouble((Integer i) -> Math.abs(Math.log(span(trace, i, n) / trainSpan)))
                .thenComparingInt(i -> i));
        if (starts.isEmpty()) {
            throw new IllegalArgumentException(n + " jobs per workload leave no SWIM trace window beside the training "
                    + "one to hold out (the trace has " + trace.size() + " jobs); use fewer jobs");
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < Math.min(wanted, starts.size()); i++) {
            out.add(trace.get(starts.get(i)).jobNumber());
        }
        return out;
    }

    private static double span(List<SwimTrace.Entry> trace, int start, int n) {
        return Math.max(1, trace.get(start + n - 1).submitSeconds() - trace.get(start).submitSeconds());
    }
}

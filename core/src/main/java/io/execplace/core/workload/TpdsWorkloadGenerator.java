package io.execplace.core.workload;

import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;
import java.util.List;

/**
 * Builds TPDS workloads from the bundled SWIM FB-2009 trace. Job ids run 0…N-1 in arrival order;
 * the same spec always yields the same jobs.
 */
public final class TpdsWorkloadGenerator {

    private TpdsWorkloadGenerator() {
    }

    public static Workload generate(TpdsWorkloadSpec spec) {
        return generate(spec, JobProfile.paper());
    }

    /** As {@link #generate(TpdsWorkloadSpec)}, base durations drawn by {@code profile}. */
    public static Workload generate(TpdsWorkloadSpec spec, JobProfile profile) {
        List<SwimTrace.Entry> trace = SwimTrace.fb2009();
        int start = indexOf(trace, spec.firstTraceJob());
        int available = trace.size() - start;
        if (spec.jobs() > available) {
            throw new IllegalArgumentException(spec.name() + ": asked for " + spec.jobs() + " jobs from job"
                    + spec.firstTraceJob() + ", but the SWIM trace " + SwimTrace.FB2009 + " has only " + available
                    + " rows from there (job" + spec.firstTraceJob() + "...job"
                    + trace.get(trace.size() - 1).jobNumber() + ")");
        }
        double origin = spec.shiftToZero() ? trace.get(start).submitSeconds() : 0;
        int[] ids = new int[spec.jobs()];
        double[] arrivals = new double[spec.jobs()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = i;
            arrivals[i] = trace.get(start + i).submitSeconds() - origin;
        }
        return new Workload(spec.name() + "/seed-" + spec.seed(),
                TpdsJobFactory.jobs(ids, arrivals, spec.requestRanges(), spec.seed(), profile));
    }

    private static int indexOf(List<SwimTrace.Entry> trace, int jobNumber) {
        for (int i = 0; i < trace.size(); i++) {
            if (trace.get(i).jobNumber() == jobNumber) {
                return i;
            }
        }
        throw new IllegalArgumentException("the SWIM trace " + SwimTrace.FB2009 + " has no job" + jobNumber
                + " (it has job" + trace.get(0).jobNumber() + "...job" + trace.get(trace.size() - 1).jobNumber() + ")");
    }
}

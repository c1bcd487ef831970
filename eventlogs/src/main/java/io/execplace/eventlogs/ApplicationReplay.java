package io.execplace.eventlogs;

import io.execplace.core.metrics.JobRecord;
import io.execplace.core.metrics.RunResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One replay of imported applications ({@link EventLogImport.Unit#EXECUTORS}: a job per group of
 * executors; or {@link EventLogImport.Unit#DYNAMIC}: a job per application) summed up per application:
 * an application completed when every job of it ran; it finished when the last of them did. Its turnaround runs from its logged start (relative to
 * the earliest application's) to that finish; its duration from the start of its first group.
 */
public final class ApplicationReplay {

    private final String scheduler;
    private final double cost;
    private final int applications;
    private final int completed;
    private final double meanDuration;
    private final double meanTurnaround;
    private final int vmsUsed;
    private final String firstDropReason;

    /**
     * @param run      the run of {@code imported}'s workload
     * @param imported an import by executors or by dynamic allocation
     */
    public ApplicationReplay(RunResult run, EventLogImport.Imported imported) {
        List<SparkApplication> apps = imported.applications();
        long origin = apps.stream().mapToLong(SparkApplication::startMs).min().orElse(0);
        Map<SparkApplication, double[]> spans = new LinkedHashMap<>(); // first start, last finish, groups dropped
        String dropReason = null;
        for (JobRecord r : run.jobs()) {
            SparkApplication a = imported.application(r.job().id());
            double[] s = spans.computeIfAbsent(a, k -> new double[]{Double.MAX_VALUE, 0, 0});
            if (r.completed()) {
                s[0] = Math.min(s[0], r.start());
                s[1] = Math.max(s[1], r.finish());
            } else {
                s[2]++;
                if (dropReason == null) {
                    dropReason = a.logName() + ": " + r.dropReason();
                }
            }
        }
        int done = 0;
        double durations = 0;
        double turnarounds = 0;
        for (Map.Entry<SparkApplication, double[]> e : spans.entrySet()) {
            double[] s = e.getValue();
            if (s[2] == 0) {
                done++;
                durations += s[1] - s[0];
                turnarounds += s[1] - (e.getKey().startMs() - origin) / 1000.0;
            }
        }
        this.scheduler = run.summary().scheduler();
        this.cost = run.summary().totalCost();
        this.applications = spans.size();
        this.completed = done;
        this.meanDuration = done == 0 ? Double.NaN : durations / done;
        this.meanTurnaround = done == 0 ? Double.NaN : turnarounds / done;
        this.vmsUsed = run.summary().vmsUsed();
        this.firstDropReason = dropReason;
    }

    public String scheduler() {
        return scheduler;
    }

    /** What the VMs cost while they held executors. */
    public double cost() {
        return cost;
    }

    public int applications() {
        return applications;
    }

    /** Applications every group of whose executors ran. */
    public int completed() {
        return completed;
    }

    /** Applications with a group of executors that could not run. */
    public int dropped() {
        return applications - completed;
    }

    /** Mean seconds from an application's first executors to its last finishing; NaN when none completed. */
    public double meanDuration() {
        return meanDuration;
    }

    /** Mean seconds from an application's logged start to its last executors finishing; NaN when none completed. */
    public double meanTurnaround() {
        return meanTurnaround;
    }

    public int vmsUsed() {
        return vmsUsed;
    }

    /** Why the first dropped group could not run ({@code log: reason}), or null. */
    public String firstDropReason() {
        return firstDropReason;
    }
}

package io.execplace.eventlogs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one application attempt's event log says it did: when it started and ended, the executors it
 * had (host, cores, when added and removed), its Spark jobs, and the recorded configuration. Times
 * are epoch milliseconds as Spark logs them. Filled in by {@link EventLogReader}.
 */
public final class SparkApplication {

    /** One executor: where it ran and for how long (removal −1 while it was never removed). */
    public record Executor(String id, String host, int cores, long addedMs, long removedMs) {
        public boolean removed() {
            return removedMs >= 0;
        }
    }

    /**
     * One Spark job: submitted and completed (completion −1 when the log ends first), and the job group
     * the application put it in ({@code SparkContext.setJobGroup}; null for none).
     */
    public record SparkJob(int id, long submittedMs, long completedMs, boolean succeeded, String group) {
        public boolean completed() {
            return completedMs >= 0;
        }
    }

    final String logName;
    String id;
    String attemptId;
    boolean databricks;
    int jobEndsWithoutStart;
    String name = "";
    String sparkVersion = "";
    long startMs = -1;
    long endMs = -1;
    long lastEventMs = -1;
    final Map<String, String> properties = new LinkedHashMap<>();
    final Map<String, Executor> executors = new LinkedHashMap<>();
    final Map<Integer, SparkJob> jobs = new LinkedHashMap<>();

    SparkApplication(String logName) {
        this.logName = logName;
    }

    /** The log's name (file or rolling folder, without codec and {@code .inprogress}). */
    public String logName() {
        return logName;
    }

    /** Spark's application id ({@code app-...}, {@code application_...}, {@code local-...}); the log name if absent. */
    public String id() {
        return id != null ? id : logName;
    }

    /** The attempt id Spark logged (YARN and Kubernetes cluster mode number attempts), or null. */
    public String attemptId() {
        return attemptId;
    }

    /** Whether the log is Databricks' (its first line {@code DBCEventLoggingListenerMetadata}). */
    public boolean databricks() {
        return databricks;
    }

    /** Whether it ran on Kubernetes ({@code spark.master=k8s://...}): its logged hosts are pod IPs, not nodes. */
    public boolean kubernetes() {
        String master = property("spark.master");
        return master != null && master.trim().startsWith("k8s://");
    }

    /**
     * Whether its driver ran on a node of the cluster: {@code spark.submit.deployMode=cluster} (YARN's
     * application master, Kubernetes' driver pod, standalone's worker), or a Databricks driver node;
     * in client mode (the default) it ran where the application was submitted.
     */
    public boolean driverOnCluster() {
        return databricks || "cluster".equalsIgnoreCase(String.valueOf(property("spark.submit.deployMode")).trim());
    }

    public String name() {
        return name;
    }

    public String sparkVersion() {
        return sparkVersion;
    }

    /** Start, epoch ms; −1 when the log has no ApplicationStart. */
    public long startMs() {
        return startMs;
    }

    /** End, epoch ms; −1 when the log has no ApplicationEnd (in progress, or cut short). */
    public long endMs() {
        return endMs;
    }

    /** The latest time of the application's own events (its start and end, jobs, tasks), epoch ms. */
    public long lastEventMs() {
        return lastEventMs;
    }

    public boolean ended() {
        return endMs >= 0;
    }

    /** A configuration value of the application (Spark Properties), or null. */
    public String property(String key) {
        return properties.get(key);
    }

    /**
     * When it stopped: its end, or when the log has no end its latest event (an executor's removal
     * included); never before its start.
     */
    public long stopMs() {
        if (ended()) {
            return Math.max(startMs, endMs);
        }
        long last = lastEventMs;
        for (Executor e : executors.values()) {
            last = Math.max(last, e.removed() ? e.removedMs() : e.addedMs());
        }
        return Math.max(startMs, last);
    }

    /** How far outside the application's own events an executor's addition may lie before it is taken as a bad time. */
    static final long EXECUTOR_SLACK_MS = 3_600_000;

    /**
     * Leaves out executors whose addition lies more than an hour before the application's start or after
     * its last event of its own (its end, jobs, tasks): a log whose executor lines were spliced in from
     * another run. Returns a message for each.
     */
    java.util.List<String> leaveOutExecutorsOutsideItsRun() {
        java.util.List<String> out = new ArrayList<>();
        if (startMs < 0) {
            return out;
        }
        long last = Math.max(startMs, ended() ? endMs : lastEventMs);
        for (java.util.Iterator<Executor> it = executors.values().iterator(); it.hasNext(); ) {
            Executor e = it.next();
            if (e.addedMs() < startMs - EXECUTOR_SLACK_MS || e.addedMs() > last + EXECUTOR_SLACK_MS) {
                out.add(logName + ": executor " + e.id() + " added at " + e.addedMs() + " ms, more than an hour outside the "
                        + "application's own events (" + startMs + " to " + last + " ms); left out");
                it.remove();
            }
        }
        return out;
    }

    /** When {@code e} was given back: its removal, else the application's stop; never before it was added. */
    public long releasedMs(Executor e) {
        return Math.max(e.addedMs(), e.removed() ? e.removedMs() : stopMs());
    }

    /** The executors in the order they were added (the driver is not one). */
    public List<Executor> executors() {
        return List.copyOf(executors.values());
    }

    /** The Spark jobs in submission order. */
    public List<SparkJob> jobs() {
        return List.copyOf(jobs.values());
    }

    /** The most executors alive at once (counting removals at their time); 0 without any. */
    public int peakExecutors() {
        return aliveAt(Long.MAX_VALUE, true);
    }

    /** Executors alive at {@code timeMs} (added at or before, removed after). */
    public int executorsAt(long timeMs) {
        return aliveAt(timeMs, false);
    }

    private int aliveAt(long timeMs, boolean peak) {
        List<long[]> changes = new ArrayList<>();
        for (Executor e : executors.values()) {
            changes.add(new long[]{e.addedMs(), 1});
            if (e.removed()) {
                changes.add(new long[]{e.removedMs(), -1});
            }
        }
        // Removals before additions at one instant: an executor replaced at once is not two.
        changes.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int alive = 0;
        int max = 0;
        for (long[] c : changes) {
            if (!peak && c[0] > timeMs) {
                break;
            }
            alive += (int) c[1];
            max = Math.max(max, alive);
        }
        return peak ? max : alive;
    }

    /** The distinct hosts its executors ran on, in order of first use. */
    public Set<String> hosts() {
        Set<String> out = new LinkedHashSet<>();
        for (Executor e : executors.values()) {
            out.add(e.host());
        }
        return Collections.unmodifiableSet(out);
    }
}

package io.execplace.eventlogs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Executors of one application that were there together: added within {@link #JOINED_MS} of each
 * other, given back within {@link #JOINED_MS} of each other, of one size. A static application is
 * one group; under dynamic allocation every wave of executors is one, so a replay holds what the
 * application held when it held it. The driver, when it ran on the cluster, is a group of its own.
 *
 * @param application the application
 * @param driver      whether this is the driver (then {@code hosts} is its one host)
 * @param hosts       the logged host of each executor (local mode: the driver's host, or null)
 * @param cores       cores of each
 * @param memoryGb    memory each held (GB, overhead included)
 * @param fromMs      when the first was added (epoch ms)
 * @param toMs        when the last was given back (epoch ms)
 * @param heldMs      the executor-milliseconds they actually held (the group books {@code size × (toMs − fromMs)})
 */
public record ExecutorGroup(SparkApplication application, boolean driver, List<String> hosts, int cores, double memoryGb,
                            long fromMs, long toMs, long heldMs) {

    /** Executors added (and given back) this close together are one group. */
    public static final long JOINED_MS = 2_000;

    public ExecutorGroup {
        hosts = java.util.Collections.unmodifiableList(new ArrayList<>(hosts)); // a local-mode host may be null
    }

    /** How many executors. */
    public int size() {
        return hosts.size();
    }

    /** The executor-milliseconds the group books: every executor for the whole span. */
    public long bookedMs() {
        return size() * Math.max(1, toMs - fromMs);
    }

    /**
     * The groups of {@code a}: its executors (local mode: one on the driver with the cores of
     * {@code local[N]}), plus the driver when it ran on the cluster, in the order they started.
     */
    static List<ExecutorGroup> of(SparkApplication a, ImportReport report) {
        return of(a, report, JOINED_MS);
    }

    /**
     * As {@link #of(SparkApplication, ImportReport)}, executors joined when added, and given back,
     * within {@code joinedMs} of each other: 0 keeps only executors of the very same span together.
     */
    static List<ExecutorGroup> of(SparkApplication a, ImportReport report, long joinedMs) {
        double memory = ExecutorSizing.executorMemoryGb(a, report);
        List<ExecutorGroup> out = new ArrayList<>();
        String driverHost = a.property("spark.driver.host");
        if (a.executors().isEmpty()) {
            out.add(new ExecutorGroup(a, false, java.util.Collections.singletonList(driverHost),
                    ExecutorSizing.coresPerExecutor(a, report), memory, a.startMs(), a.stopMs(), a.stopMs() - a.startMs()));
            return out;
        }
        if (a.driverOnCluster()) {
            out.add(new ExecutorGroup(a, true, java.util.Collections.singletonList(driverHost == null ? "driver" : driverHost),
                    ExecutorSizing.driverCores(a), ExecutorSizing.driverMemoryGb(a, report), a.startMs(), a.stopMs(),
                    a.stopMs() - a.startMs()));
        } else {
            report.assumed("the driver of a client-mode application (spark.submit.deployMode unset or client) ran outside "
                    + "the cluster and is not counted; in cluster mode it is");
        }
        List<SparkApplication.Executor> executors = new ArrayList<>(a.executors());
        executors.sort(Comparator.comparingLong(SparkApplication.Executor::addedMs));
        List<List<SparkApplication.Executor>> groups = new ArrayList<>();
        for (SparkApplication.Executor e : executors) {
            List<SparkApplication.Executor> into = null;
            for (List<SparkApplication.Executor> g : groups) {
                SparkApplication.Executor first = g.get(0);
                if (first.cores() == e.cores() && e.addedMs() - first.addedMs() <= joinedMs
                        && Math.abs(a.releasedMs(e) - a.releasedMs(first)) <= joinedMs) {
                    into = g;
                    break;
                }
            }
            if (into == null) {
                into = new ArrayList<>();
                groups.add(into);
            }
            into.add(e);
        }
        for (List<SparkApplication.Executor> g : groups) {
            long from = g.stream().mapToLong(SparkApplication.Executor::addedMs).min().orElseThrow();
            long to = g.stream().mapToLong(a::releasedMs).max().orElseThrow();
            long held = g.stream().mapToLong(e -> a.releasedMs(e) - e.addedMs()).sum();
            out.add(new ExecutorGroup(a, false, g.stream().map(SparkApplication.Executor::host).toList(), g.get(0).cores(),
                    memory, from, Math.max(from + 1, to), held));
        }
        return out;
    }
}

package io.execplace.experiments.whatif;

import io.execplace.core.model.Cluster;
import io.execplace.eventlogs.ApplicationReplay;
import io.execplace.eventlogs.EventLogImport;
import io.execplace.eventlogs.ExecutorGroup;
import io.execplace.eventlogs.HostMap;
import io.execplace.eventlogs.ImportReport;
import io.execplace.eventlogs.SparkApplication;
import io.execplace.experiments.report.Format;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code whatif} can say from its replays: each row's saving against {@code actual} — only where
 * {@code actual} and the row ran every application, so both bills cover the same work — the headline
 * naming it, what the import left out and what had to be assumed.
 */
public final class WhatIfFindings {

    /** Import messages shown on screen; the rest are in import-eventlogs --json. */
    private static final int MESSAGES_SHOWN = 5;

    private final List<ApplicationReplay> results;
    private final EventLogImport.Imported imported;
    private final ImportReport report;
    private final List<String> assumed = new ArrayList<>();
    /** Rows run on elastic pools (whatif --pools): priced by the pools' table, so never compared with actual. */
    private final Set<String> onPools = new HashSet<>();
    private String kubernetes;

    /**
     * @param results  the replays, {@code actual} first
     * @param imported the import by executors they replayed
     * @param report   what the import read, skipped and assumed
     */
    WhatIfFindings(List<ApplicationReplay> results, EventLogImport.Imported imported, ImportReport report) {
        this.results = List.copyOf(results);
        this.imported = imported;
        this.report = report;
        assumed.addAll(report.assumptions());
        long held = 0;
        long booked = 0;
        for (EventLogImport.Origin o : imported.origins()) {
            ExecutorGroup g = o.executors();
            held += g.heldMs();
            booked += g.bookedMs();
        }
        assumed.add("'actual' holds every executor from its addition to its removal, as logged; the schedulers place "
                + "the executors in groups that came and went together (added and given back within "
                + ExecutorGroup.JOINED_MS / 1000 + " s of each other), which book a little more: " + Format.sig(held / 3600_000.0, 4)
                + " executor-hours held as logged, " + Format.sig(booked / 3600_000.0, 4) + " booked by the groups");
        assumed.add("prices are the cluster's; event logs carry none");
        assumed.add("no deadlines: event logs carry none");
    }

    /** Kubernetes logs name pod IPs, not nodes: what {@code actual} then assumes, for the headline. */
    void kubernetes(Path pods, int podsUnknown) {
        long k8s = imported.applications().stream().filter(SparkApplication::kubernetes).count();
        if (k8s == 0) {
            if (pods != null) {
                assumed.add(pods + " not used: no application ran on Kubernetes (spark.master=k8s://)");
            }
            return;
        }
        if (pods == null) {
            kubernetes = "'actual' assumes one node per executor: " + k8s + " application(s) ran on Kubernetes "
                    + "(spark.master=k8s://), whose logs name pod IPs, not nodes; --pods maps pods to nodes.";
        } else if (podsUnknown > 0) {
            kubernetes = "'actual' assumes one node per executor for " + podsUnknown + " Kubernetes executor(s) that " + pods
                    + " does not name.";
        } else {
            assumed.add("Kubernetes executor pods on the nodes " + pods + " gives");
        }
        if (kubernetes != null) {
            assumed.add(kubernetes);
        }
    }

    /** How the logged hosts were mapped to VMs. */
    void hosts(HostMap map, Path table, Cluster cluster) {
        assumed.add(map.fromTable() ? "hosts mapped to VMs by " + table
                : "hosts mapped to VMs of " + cluster.name() + " in order of first appearance (" + map.entries() + ")"
                + (map.wrapped() ? "; the logs name more hosts than the cluster has VMs, so some hosts share a VM" : ""));
    }

    void assume(String text) {
        assumed.add(text);
    }

    private ApplicationReplay actual() {
        return results.get(0);
    }

    /** Marks the row of {@code scheduler} as run on elastic pools, priced by their own table. */
    void onPools(String scheduler) {
        onPools.add(scheduler);
    }

    /** Why no saving against {@code actual} can be stated for {@code r}, or null when one can. */
    String whyNoSaving(ApplicationReplay r) {
        if (onPools.contains(r.scheduler())) {
            return r.scheduler() + " runs on elastic pools priced by their own table, not by the cluster of 'actual'";
        }
        ApplicationReplay a = actual();
        if (a.completed() == 0) {
            return "'actual' replays no application as it happened (" + a.firstDropReason() + ")";
        }
        if (a.dropped() > 0) {
            return "'actual' could not replay " + a.dropped() + " of " + a.applications() + " application(s) as they "
                    + "happened (" + a.firstDropReason() + "), so its bill covers less work; give a cluster whose VMs are "
                    + "the logged hosts (--hosts)";
        }
        if (!(a.cost() > 0)) {
            return "'actual' costs nothing on this cluster";
        }
        if (r.dropped() > 0) {
            return r.scheduler() + " dropped " + r.dropped() + " application(s) that 'actual' ran";
        }
        return null;
    }

    /** The saving of {@code r} against {@code actual} in percent, or null when {@link #whyNoSaving} gives a reason. */
    Double saving(ApplicationReplay r) {
        return whyNoSaving(r) == null ? 100 * (actual().cost() - r.cost()) / actual().cost() : null;
    }

    /** One record per replay: the columns of whatif.csv and whatif.json (null: undefined, an empty CSV field). */
    public List<Map<String, Object>> rows() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ApplicationReplay s : results) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("scheduler", s.scheduler());
            r.put("cost", s.cost());
            r.put("savingVsActualPercent", saving(s));
            r.put("meanDurationSeconds", defined(s.meanDuration()));
            r.put("meanTurnaroundSeconds", defined(s.meanTurnaround()));
            r.put("applicationsCompleted", s.completed());
            r.put("applicationsDropped", s.dropped());
            r.put("vmsUsed", s.vmsUsed());
            rows.add(r);
        }
        return rows;
    }

    private static Double defined(double v) {
        return Double.isNaN(v) ? null : v;
    }

    /**
     * The cheapest scheduler against {@code actual} with the direction of the difference ("… 12.5 %
     * less", "… 53.8 % more"), or why no saving can be stated; then the Kubernetes caveat, if any.
     */
    public String headline() {
        ApplicationReplay best = null;
        for (ApplicationReplay r : results.subList(1, results.size())) {
            if (saving(r) != null && (best == null || r.cost() < best.cost())) {
                best = r;
            }
        }
        String text;
        if (best == null) {
            text = "No saving can be stated: " + whyNoSaving(results.size() > 1 ? results.get(1) : actual()) + ".";
        } else {
            double saving = saving(best);
            text = best.scheduler() + " would have cost " + Format.cost(best.cost()) + " against " + Format.cost(actual().cost())
                    + " for what actually happened (" + (saving == 0 ? "the same" : Format.sig(Math.abs(saving), 3) + " % "
                    + (saving > 0 ? "less" : "more")) + ").";
        }
        return kubernetes == null ? text : text + " " + kubernetes;
    }

    /** What was assumed, in order. */
    public List<String> assumed() {
        return List.copyOf(assumed);
    }

    /** The import's one-line summary. */
    public String importLine() {
        return report.summary();
    }

    /** The import's first messages, and how many more there are. */
    public List<String> importMessages() {
        List<String> m = new ArrayList<>(report.messages().stream().limit(MESSAGES_SHOWN).toList());
        int more = report.messages().size() - m.size() + report.messagesLeftOut();
        if (more > 0) {
            m.add("... and " + more + " more (import-eventlogs --json lists them)");
        }
        return m;
    }

    /** What the import read and left out, for whatif.json. */
    public Map<String, Object> importSummary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("summary", report.summary());
        m.put("logs", report.logs());
        m.put("unreadableLogs", report.unreadableLogs());
        m.put("duplicates", report.duplicates());
        m.put("foldersLeftOut", report.foldersLeftOut());
        m.put("skippedLines", report.skippedLines());
        m.put("incompleteApplications", report.incompleteApplications());
        m.put("messages", report.messages());
        m.put("messagesLeftOut", report.messagesLeftOut());
        return m;
    }
}

package io.execplace.eventlogs;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What an import read, skipped and assumed: counted, with the first messages of each kind kept (a
 * broken log can have thousands of bad lines; the counts stay exact).
 */
public final class ImportReport {

    private static final int KEPT = 20;

    private int logs;
    private int skippedLines;
    private int unreadableLogs;
    private int incompleteApplications;
    private int incompleteJobs;
    private int duplicates;
    private int foldersLeftOut;
    private final List<String> messages = new ArrayList<>();
    private int messagesLeftOut;
    private final Set<String> assumptions = new LinkedHashSet<>();

    void logRead() {
        logs++;
    }

    void skippedLine(String message) {
        skippedLines++;
        keep(message);
    }

    void unreadable(String message) {
        unreadableLogs++;
        keep(message);
    }

    void incomplete(String message) {
        incompleteApplications++;
        keep(message);
    }

    void incompleteJob(String message) {
        incompleteJobs++;
        keep(message);
    }

    void duplicate(String message) {
        duplicates++;
        keep(message);
    }

    void leftOutFolder(String message) {
        foldersLeftOut++;
        keep(message);
    }

    void problem(String message) {
        keep(message);
    }

    void assumed(String assumption) {
        assumptions.add(assumption);
    }

    private void keep(String message) {
        if (messages.size() < KEPT) {
            messages.add(message);
        } else {
            messagesLeftOut++;
        }
    }

    /** Application logs read (each attempt counts once). */
    public int logs() {
        return logs;
    }

    /** Lines that were not JSON events, skipped. */
    public int skippedLines() {
        return skippedLines;
    }

    /** Logs that could not be read at all (not an event log, unreadable file). */
    public int unreadableLogs() {
        return unreadableLogs;
    }

    /** Applications whose log has no end (in progress or cut short): their end is the latest event. */
    public int incompleteApplications() {
        return incompleteApplications;
    }

    /** Spark jobs without an end (in --unit job or group): they end at their application's end or latest event. */
    public int incompleteJobs() {
        return incompleteJobs;
    }

    /** Logs of an application attempt already read (same application id and attempt): left out. */
    public int duplicates() {
        return duplicates;
    }

    /** Sub-folders of a named folder that are not log folders: not searched. */
    public int foldersLeftOut() {
        return foldersLeftOut;
    }

    /** Whether anything was left out, skipped or cut short: what a result built on the import must say. */
    public boolean anythingSkipped() {
        return skippedLines + unreadableLogs + incompleteApplications + incompleteJobs + duplicates + foldersLeftOut > 0;
    }

    /**
     * One line: what was read and what was not ({@code read 12 application log(s): 1 line(s) skipped,
     * ...}), the counts that are zero left out.
     */
    public String summary() {
        StringBuilder b = new StringBuilder("read ").append(logs).append(" application log(s)");
        List<String> parts = new ArrayList<>();
        count(parts, unreadableLogs, "log(s) left out (unreadable or not event logs)");
        count(parts, duplicates, "duplicate log(s) of an application attempt already read, left out");
        count(parts, foldersLeftOut, "sub-folder(s) not searched");
        count(parts, skippedLines, "torn line(s) skipped");
        count(parts, incompleteApplications, "application(s) without an end, cut short at their latest event");
        count(parts, incompleteJobs, "Spark job(s) without an end");
        if (!parts.isEmpty()) {
            b.append(": ").append(String.join(", ", parts));
        }
        return b.toString();
    }

    private static void count(List<String> parts, int n, String what) {
        if (n > 0) {
            parts.add(n + " " + what);
        }
    }

    /** The first messages (file and line first), at most 20. */
    public List<String> messages() {
        return List.copyOf(messages);
    }

    /** Messages beyond the first 20. */
    public int messagesLeftOut() {
        return messagesLeftOut;
    }

    /** What the import assumed where the logs are silent (memory per executor, local-mode cores, ...). */
    public List<String> assumptions() {
        return List.copyOf(assumptions);
    }
}

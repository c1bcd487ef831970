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

package io.execplace.eventlogs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** An application's event log made for a test, line by line in Spark's event format (JsonProtocol field names). */
final class LogBuilder {

    private final List<String> lines = new ArrayList<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    private final String id;
    private final String attempt;
    private final long startMs;

    LogBuilder(String id, long startMs) {
        this(id, null, startMs);
    }

    LogBuilder(String id, String attempt, long startMs) {
        this.id = id;
        this.attempt = attempt;
        this.startMs = startMs;
        lines.add("{\"Event\":\"SparkListenerLogStart\",\"Spark Version\":\"3.5.1\"}");
    }

    /** Sets a Spark property (written with the application's start). */
    LogBuilder property(String key, String value) {
        properties.put(key, value);
        return this;
    }

    /** The start and the environment; call after the properties. */
    LogBuilder start() {
        lines.add("{\"Event\":\"SparkListenerApplicationStart\",\"App Name\":\"test\",\"App ID\":\"" + id + "\""
                + (attempt == null ? "" : ",\"App Attempt ID\":\"" + attempt + "\"") + ",\"Timestamp\":" + startMs
                + ",\"User\":\"u\"}");
        StringBuilder p = new StringBuilder("{\"Event\":\"SparkListenerEnvironmentUpdate\",\"Spark Properties\":{");
        int i = 0;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            p.append(i++ == 0 ? "" : ",").append('"').append(e.getKey()).append("\":\"").append(e.getValue()).append('"');
        }
        lines.add(p.append("}}").toString());
        return this;
    }

    LogBuilder added(String executor, String host, int cores, long atMs) {
        lines.add("{\"Event\":\"SparkListenerExecutorAdded\",\"Timestamp\":" + atMs + ",\"Executor ID\":\"" + executor
                + "\",\"Executor Info\":{\"Host\":\"" + host + "\",\"Total Cores\":" + cores + "}}");
        return this;
    }

    LogBuilder removed(String executor, long atMs) {
        lines.add("{\"Event\":\"SparkListenerExecutorRemoved\",\"Timestamp\":" + atMs + ",\"Executor ID\":\"" + executor
                + "\",\"Removed Reason\":\"idle\"}");
        return this;
    }

    LogBuilder jobStart(int job, long atMs) {
        lines.add("{\"Event\":\"SparkListenerJobStart\",\"Job ID\":" + job + ",\"Submission Time\":" + atMs + "}");
        return this;
    }

    LogBuilder jobEnd(int job, long atMs) {
        lines.add("{\"Event\":\"SparkListenerJobEnd\",\"Job ID\":" + job + ",\"Completion Time\":" + atMs
                + ",\"Job Result\":{\"Result\":\"JobSucceeded\"}}");
        return this;
    }

    LogBuilder taskEnd(long finishMs) {
        lines.add("{\"Event\":\"SparkListenerTaskEnd\",\"Task Info\":{\"Finish Time\":" + finishMs + "}}");
        return this;
    }

    LogBuilder end(long atMs) {
        lines.add("{\"Event\":\"SparkListenerApplicationEnd\",\"Timestamp\":" + atMs + "}");
        return this;
    }

    /** Any line, as it is. */
    LogBuilder line(String line) {
        lines.add(line);
        return this;
    }

    List<String> lines() {
        return List.copyOf(lines);
    }

    Path write(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        return Files.write(file, lines);
    }
}

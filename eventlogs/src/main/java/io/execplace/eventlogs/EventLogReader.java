package io.execplace.eventlogs;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads one application attempt's event log ({@link EventLogSource}) line by line: every line is one
 * JSON event ({@code {"Event":"SparkListener...", ...}}, Spark's {@code JsonProtocol}, the same from
 * Spark 1.x to 4.x for the fields read here). Events it does not use are ignored; a line that is not
 * JSON (a truncated last line of a log still being written, a torn write) is reported with its file
 * and line and skipped.
 */
final class EventLogReader {


    /** The first line of a Databricks log; every line after it is a standard Spark event. */
    static final String DATABRICKS_HEADER = "DBCEventLoggingListenerMetadata";

    /** The source's first line is not a Spark event: the file is not an event log. */
    static final class NotAnEventLog extends Exception {
        NotAnEventLog(String message) {
            super(message);
        }
    }

    private EventLogReader() {
    }

    /**
     * @throws NotAnEventLog when the first line of the log is not a Spark listener event
     * @throws IOException   when a file cannot be read or decompressed from its start
     */
    static SparkApplication read(EventLogSource source, ImportReport report) throws IOException, NotAnEventLog {
        SparkApplication app = new SparkApplication(source.name());
        boolean first = true;
        for (Path file : source.files()) {
            EventLogCodec codec = EventLogCodec.of(file.getFileName().toString());
            int lineNo = 0;
            try (BufferedReader in = open(file, codec)) {
                String line;
                while (true) {
                    try {
                        line = in.readLine();
                    } catch (IOException | RuntimeException e) {
                        if (first) {
                            throw new IOException("not " + codec.label() + "-compressed data as its name says (" + e.getMessage()
                                    + ")" + EventLogCodec.sniff(file, codec), e);
                        }
                        // A compressed log cut short (still being written): what came before stands.
                        report.problem(file + ":" + (lineNo + 1) + ": " + codec.name().toLowerCase(java.util.Locale.ROOT)
                                + " stream ends early (" + e.getMessage() + "); the rest of the file is skipped");
                        break;
                    }
                    if (line == null) {
                        break;
                    }
                    lineNo++;
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode event = JsonLines.object(line);
                    String type = event != null ? event.path("Event").asText("") : "";
                    if (first) {
                        if (type.equals(DATABRICKS_HEADER)) {
                            app.databricks = true;
                        } else if (!type.contains("SparkListener")) {
                            throw new NotAnEventLog(file + ":" + lineNo + ": not a Spark event log (the first line is not a "
                                    + "SparkListener event" + EventLogCodec.sniff(file, codec) + ")");
                        }
                        first = false;
                    }
                    if (type.isEmpty()) {
                        report.skippedLine(file + ":" + lineNo + ": not a whole JSON event (a torn or truncated line), skipped");
                        continue;
                    }
                    apply(app, type, event);
                }
            }
        }
        if (first) {
            throw new NotAnEventLog(source.files().get(0) + ": empty, not a Spark event log");
        }
        return app;
    }

    private static BufferedReader open(Path file, EventLogCodec codec) throws IOException {
        try {
            return new BufferedReader(new InputStreamReader(codec.open(file), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            if (codec == EventLogCodec.LZF) {
                throw e;
            }
            throw new IOException("not " + codec.label() + "-compressed data as its name says (" + e.getMessage() + ")"
                    + EventLogCodec.sniff(file, codec), e);
        }
    }

    private static void apply(SparkApplication app, String type, JsonNode e) {
        switch (type) {
            case "SparkListenerLogStart", DATABRICKS_HEADER -> app.sparkVersion = e.path("Spark Version").asText(app.sparkVersion);
            case "SparkListenerApplicationStart" -> {
                app.name = e.path("App Name").asText("");
                if (e.hasNonNull("App ID")) {
                    app.id = e.path("App ID").asText();
                }
                if (e.hasNonNull("App Attempt ID")) {
                    app.attemptId = e.path("App Attempt ID").asText();
                }
                app.startMs = e.path("Timestamp").asLong(-1);
                noteTime(app, e.path("Timestamp"));
            }
            case "SparkListenerApplicationEnd" -> {
                app.endMs = e.path("Timestamp").asLong(-1);
                noteTime(app, e.path("Timestamp"));
            }
            case "SparkListenerEnvironmentUpdate" -> {
                JsonNode props = e.path("Spark Properties");
                if (props.isObject()) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> p = it.next();
                        app.properties.put(p.getKey(), p.getValue().asText());
                    }
                } else if (props.isArray()) { // Spark 1.x wrote [[key, value], ...]
                    for (JsonNode pair : props) {
                        app.properties.put(pair.path(0).asText(), pair.path(1).asText());
                    }
                }
            }
            case "SparkListenerExecutorAdded" -> {
                String id = e.path("Executor ID").asText();
                JsonNode info = e.path("Executor Info");
                app.executors.put(id, new SparkApplication.Executor(id, info.path("Host").asText("?"),
                        Math.max(1, info.path("Total Cores").asInt(1)), e.path("Timestamp").asLong(0), -1));
            }
            case "SparkListenerExecutorRemoved" -> {
                SparkApplication.Executor ex = app.executors.get(e.path("Executor ID").asText());
                if (ex != null) {
                    app.executors.put(ex.id(), new SparkApplication.Executor(ex.id(), ex.host(), ex.cores(), ex.addedMs(),
                            e.path("Timestamp").asLong(ex.addedMs())));
                }
            }
            case "SparkListenerJobStart" -> {
                int id = e.path("Job ID").asInt();
                long t = e.path("Submission Time").asLong(-1);
                noteTime(app, e.path("Submission Time"));
                String group = e.path("Properties").path("spark.jobGroup.id").asText(null);
                app.jobs.put(id, new SparkApplication.SparkJob(id, t, -1, false, group));
            }
            case "SparkListenerJobEnd" -> {
                int id = e.path("Job ID").asInt();
                long t = e.path("Completion Time").asLong(-1);
                noteTime(app, e.path("Completion Time"));
                SparkApplication.SparkJob job = app.jobs.get(id);
                if (job != null) {
                    app.jobs.put(id, new SparkApplication.SparkJob(id, job.submittedMs(), t,
                            "JobSucceeded".equals(e.path("Job Result").path("Result").asText()), job.group()));
                } else {
                    app.jobEndsWithoutStart++;
                }
            }
            case "SparkListenerTaskEnd" -> noteTime(app, e.path("Task Info").path("Finish Time"));
            default -> {
                // Every other event (tasks started, stages, blocks, metrics, SQL, ...) is not needed here.
            }
        }
    }

    private static void noteTime(SparkApplication app, JsonNode t) {
        if (t.isNumber()) {
            app.lastEventMs = Math.max(app.lastEventMs, t.asLong());
        }
    }
}

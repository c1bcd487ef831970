package io.execplace.eventlogs;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.execplace.core.model.Job;

import java.math.BigDecimal;
import java.util.List;

/** An event-log import summed up as JSON: the jobs with their origins, and the import's report. */
public final class ImportSummary {

    private ImportSummary() {
    }

    /** Seconds as JSON prints them without an exponent (25390375.063, not 2.5390375063E7). */
    private static BigDecimal plain(double seconds) {
        return BigDecimal.valueOf(seconds);
    }

    /**
     * The import as the JSON object {@code import-eventlogs --json} prints: {@code jobs}, one object per
     * job of the workload with the application, Spark jobs and hosts it came from, and {@code report},
     * what was read, skipped and assumed (keys: docs/eventlogs.md).
     */
    public static ObjectNode json(EventLogImport.Imported imported) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode jobs = root.putArray("jobs");
        List<Job> list = imported.workload().jobs();
        for (Job job : list) {
            EventLogImport.Origin origin = imported.origins().get(job.id());
            SparkApplication a = origin.application();
            ObjectNode n = jobs.addObject();
            n.put("id", job.id());
            n.put("application", a.id());
            n.put("name", a.name());
            if (!origin.sparkJobs().isEmpty()) {
                origin.sparkJobs().forEach(n.putArray("sparkJobs")::add);
            }
            if (origin.group() != null) {
                n.put("jobGroup", origin.group());
            }
            n.put("sparkVersion", a.sparkVersion());
            if (origin.executors() != null) {
                n.put("driver", origin.executors().driver());
            }
            n.put("arrivalSeconds", plain(job.arrival()));
            n.put("durationSeconds", plain(job.baseDuration()));
            n.put("executors", job.executors());
            n.put("coresPerExecutor", job.coresPerExecutor());
            n.put("memoryGbPerExecutor", job.memoryGbPerExecutor());
            n.put("type", job.type().label());
            n.put("ended", a.ended());
            if (a.attemptId() != null) {
                n.put("attempt", a.attemptId());
            }
            n.put("kubernetes", a.kubernetes());
            ArrayNode hosts = n.putArray("hosts");
            a.hosts().forEach(hosts::add);
        }
        ImportReport r = imported.report();
        ObjectNode report = root.putObject("report");
        report.put("logs", r.logs());
        report.put("skippedLines", r.skippedLines());
        report.put("unreadableLogs", r.unreadableLogs());
        report.put("incompleteApplications", r.incompleteApplications());
        report.put("incompleteJobs", r.incompleteJobs());
        report.put("duplicates", r.duplicates());
        report.put("foldersLeftOut", r.foldersLeftOut());
        report.put("messagesLeftOut", r.messagesLeftOut());
        r.messages().forEach(report.putArray("messages")::add);
        r.assumptions().forEach(report.putArray("assumptions")::add);
        return root;
    }
}

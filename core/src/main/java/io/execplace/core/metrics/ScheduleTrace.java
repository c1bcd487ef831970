package io.execplace.core.metrics;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.execplace.core.model.Job;
import io.execplace.core.model.Vm;

import java.io.IOException;
import java.io.Writer;

/**
 * Writes a run as a schedule trace in JSON Lines, so anyone can re-check it independently: one
 * {@code "vm"} line per VM, one {@code "job"} line per job (arrival, start, finish, the VM of each
 * executor, deadline, status) and a final {@code "summary"} line. Times are seconds.
 */
public final class ScheduleTrace {

    private static final JsonFactory JSON = JsonFactory.builder().build();

    private ScheduleTrace() {
    }

    /** Writes the whole trace of {@code result} to {@code out} (the caller closes it). */
    public static void write(RunResult result, Writer out) throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
            g.setRootValueSeparator(null);
            for (Vm vm : result.cluster().vms()) {
                g.writeStartObject();
                g.writeStringField("kind", "vm");
                g.writeNumberField("vm", vm.id());
                g.writeStringField("type", vm.type().name());
                g.writeStringField("site", vm.site().label());
                g.writeNumberField("cores", vm.cores());
                g.writeNumberField("memoryGb", vm.memoryGb());
                g.writeNumberField("pricePerSecond", vm.pricePerSecond());
                g.writeEndObject();
                g.flush();
                out.write('\n');
            }
            for (JobRecord r : result.jobs()) {
                Job job = r.job();
                g.writeStartObject();
                g.writeStringField("kind", "job");
                g.writeNumberField("job", job.id());
                g.writeStringField("type", job.type().label());
                g.writeNumberField("arrival", job.arrival());
                writeTime(g, "start", r.start());
                writeTime(g, "finish", r.finish());
                g.writeNumberField("baseDuration", job.baseDuration());
                g.writeNumberField("cores", job.coresPerExecutor());
                g.writeNumberField("memoryGb", job.memoryGbPerExecutor());
                g.writeArrayFieldStart("executors");
                for (int i = 0; i < r.placement().executors(); i++) {
                    g.writeNumber(r.placement().vm(i));
                }
                g.writeEndArray();
                g.writeNumberField("executorCount", job.executors());
                writeTime(g, "deadline", job.deadline());
                g.writeStringField("status", r.status().label());
                if (r.dropReason() != null) {
                    g.writeStringField("dropReason", r.dropReason());
                }
                g.writeEndObject();
                g.flush();
                out.write('\n');
            }
            RunSummary s = result.summary();
            g.writeStartObject();
            g.writeStringField("kind", "summary");
            g.writeStringField("scheduler", s.scheduler());
            g.writeStringField("queue", s.queue());
            g.writeStringField("billing", result.config().billing().key());
            g.writeNumberField("totalCost", s.totalCost());
            writeTime(g, "meanDuration", s.meanDuration());
            writeTime(g, "meanTurnaround", s.meanTurnaround());
            writeTime(g, "deadlineMetPercent", s.deadlineMetPercent());
            g.writeNumberField("jobs", s.jobs());
            g.writeNumberField("jobsCompleted", s.jobsCompleted());
            g.writeNumberField("goodPlacements", s.goodPlacements());
            g.writeNumberField("jobsWaited", s.jobsWaited());
            g.writeNumberField("jobsDropped", s.jobsDropped());
            g.writeNumberField("vmsUsed", s.vmsUsed());
            g.writeNumberField("makespan", s.makespan());
            g.writeNumberField("decisions", s.decisions());
            writeTime(g, "schedulingDelayMeanMs", s.schedulingDelayMeanMs());
            writeTime(g, "schedulingDelayMedianMs", s.schedulingDelayMedianMs());
            writeTime(g, "schedulingDelayP99Ms", s.schedulingDelayP99Ms());
            g.writeEndObject();
            g.flush();
            out.write('\n');
        }
    }

    /** NaN (absent) becomes JSON null. */
    private static void writeTime(JsonGenerator g, String field, double value) throws IOException {
        if (Double.isNaN(value)) {
            g.writeNullField(field);
        } else {
            g.writeNumberField(field, value);
        }
    }
}

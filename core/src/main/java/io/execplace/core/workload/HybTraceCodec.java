package io.execplace.core.workload;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVPrinter;

/**
 * The HYB reference simulator's trace: header {@code job-id,C,M,E,T_A,T_est,T_D} (cores per
 * executor, memory GB per executor, executors, arrival, estimated duration, deadline; seconds).
 * Jobs are {@link JobType#GENERIC}; the read option's tolerance is added to {@code T_D}.
 */
final class HybTraceCodec implements TraceCodec {

    static final List<String> COLUMNS = List.of("job-id", "C", "M", "E", "T_A", "T_est", "T_D");

    @Override
    public Workload read(String content, String file, String name, TraceReadOptions options) {
        List<TraceLine> lines = TraceText.headedLines(content, file, COLUMNS);
        TraceLine header = lines.get(0);
        if (!String.join(",", header.values()).equalsIgnoreCase(String.join(",", COLUMNS))) {
            throw header.error(null, "expected the header " + String.join(",", COLUMNS) + ", got '"
                    + String.join(",", header.values()) + "'");
        }
        SeenIds ids = new SeenIds();
        List<Job> jobs = new ArrayList<>();
        for (TraceLine line : lines.subList(1, lines.size())) {
            line.requireFields(COLUMNS.size());
            int id = line.wholeNumber(0, "job-id", 0);
            ids.add(line, "job-id", id);
            int cores = line.wholeNumber(1, "C", 1);
            double memory = line.number(2, "M", 0, true);
            int executors = line.wholeNumber(3, "E", 1);
            double arrival = line.time(4, "T_A", 0, false);
            double duration = line.time(5, "T_est", 0, true);
            double deadline = line.time(6, "T_D", 0, false);
            TraceCodec.requireDeadlineNotBeforeArrival(line, "T_D", deadline, arrival);
            jobs.add(new Job(id, JobType.GENERIC, arrival, executors, cores, memory, duration,
                    deadline + options.deadlineToleranceSeconds()));
        }
        return TraceCodec.workload(file, name, jobs);
    }

    @Override
    public void checkWritable(Workload workload) {
        TraceCodec.requireNoDynamicAllocation(workload, "HYB");
        for (Job j : workload.jobs()) {
            if (!j.hasDeadline()) {
                throw new IllegalArgumentException("job " + j.id() + " has no deadline; every job of a HYB trace "
                        + "needs T_D (use the csv format)");
            }
            if (j.type() != JobType.GENERIC) {
                throw new IllegalArgumentException("job " + j.id() + " has type " + j.type().label()
                        + "; the HYB format has no job types (use the csv format)");
            }
        }
    }

    @Override
    public void write(Workload workload, Writer out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, TraceText.csvFormat(','));
        printer.printRecord(COLUMNS);
        for (Job j : workload.jobs()) {
            printer.printRecord(j.id(), j.coresPerExecutor(), Numbers.format(j.memoryGbPerExecutor()), j.executors(),
                    Numbers.format(j.arrival()), Numbers.format(j.baseDuration()), Numbers.format(j.deadline()));
        }
        printer.flush();
    }
}

package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVPrinter;

/**
 * The TPDS reference code's trace: no header, one job per line with seven comma-separated fields
 * {@code arrival,job,type,cores,memoryGb,executors,duration} (type 1 WordCount, 2 Sort, 3 PageRank).
 * It has no deadlines and no generic type, so only TPDS-style workloads can be written.
 */
final class TpdsTraceCodec implements TraceCodec {

    static final int FIELDS = 7;

    @Override
    public Workload read(String content, String file, String name, TraceReadOptions options) {
        if (options.deadlineToleranceSeconds() != 0) {
            throw new InputFileException(file, 0, null, "TPDS traces have no deadlines, so a deadline tolerance does not apply");
        }
        SeenIds ids = new SeenIds();
        List<Job> jobs = new ArrayList<>();
        for (TraceLine line : TraceText.lines(content, file, ',')) {
            line.requireFields(FIELDS);
            double arrival = line.time(0, "arrival", 0, false);
            int id = line.wholeNumber(1, "job", 0);
            ids.add(line, "job", id);
            JobType type = type(line);
            int cores = line.wholeNumber(3, "cores", 1);
            double memory = line.number(4, "memoryGb", 0, true);
            int executors = line.wholeNumber(5, "executors", 1);
            double duration = line.time(6, "duration", 0, true);
            jobs.add(new Job(id, type, arrival, executors, cores, memory, duration, Job.NO_DEADLINE));
        }
        return TraceCodec.workload(file, name, jobs);
    }

    private static JobType type(TraceLine line) {
        String text = line.raw(2);
        if (text.matches("[123](\\.0*)?")) {
            return JobType.fromReferenceCode(text.charAt(0) - '0');
        }
        throw line.error("type", "expected 1 (WordCount), 2 (Sort) or 3 (PageRank), got '" + text + "'");
    }

    @Override
    public void checkWritable(Workload workload) {
        TraceCodec.requireNoDynamicAllocation(workload, "TPDS");
        for (Job j : workload.jobs()) {
            if (j.type() == JobType.GENERIC) {
                throw new IllegalArgumentException("job " + j.id() + " has type generic; the TPDS format holds only "
                        + "wordcount, sort and pagerank jobs (use the csv format)");
            }
            if (j.hasDeadline()) {
                throw new IllegalArgumentException("job " + j.id() + " has a deadline; the TPDS format cannot hold "
                        + "deadlines (use the csv or hyb format)");
            }
        }
    }

    @Override
    public void write(Workload workload, Writer out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, TraceText.csvFormat(','));
        for (Job j : workload.jobs()) {
            printer.printRecord(Numbers.format(j.arrival()), j.id(), j.type().referenceCode(), j.coresPerExecutor(),
                    Numbers.format(j.memoryGbPerExecutor()), j.executors(), Numbers.format(j.baseDuration()));
        }
        printer.flush();
    }
}

package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.apache.commons.csv.CSVPrinter;

/**
 * SWIM traces as workloads. Reading keeps each job's id ({@code jobN} becomes {@code N}) and submit
 * time; type, requests and duration are generated as for TPDS from the read options' seed and
 * request ranges. Writing keeps only ids and arrivals: {@code jobN}, submit time, gap, and zeros for
 * the three byte counts.
 */
final class SwimTraceCodec implements TraceCodec {

    @Override
    public Workload read(String content, String file, String name, TraceReadOptions options) {
        if (options.deadlineToleranceSeconds() != 0) {
            throw new InputFileException(file, 0, null, "SWIM traces have no deadlines, so a deadline tolerance does not apply");
        }
        List<SwimTrace.Entry> entries = SwimTrace.parse(content, file);
        int[] ids = new int[entries.size()];
        double[] arrivals = new double[entries.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = entries.get(i).jobNumber();
            arrivals[i] = entries.get(i).submitSeconds();
        }
        return TraceCodec.workload(file, name,
                TpdsJobFactory.jobs(ids, arrivals, options.requestRanges(), options.seed(), options.profile()));
    }

    @Override
    public void checkWritable(Workload workload) {
        // Lossy by design: SWIM keeps only arrivals (documented in TraceFormat and Traces).
    }

    @Override
    public void write(Workload workload, Writer out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, TraceText.csvFormat('\t'));
        double previous = 0;
        for (Job j : workload.jobs()) {
            printer.printRecord("job" + j.id(), Numbers.format(j.arrival()), Numbers.format(j.arrival() - previous),
                    0, 0, 0);
            previous = j.arrival();
        }
        printer.flush();
    }
}

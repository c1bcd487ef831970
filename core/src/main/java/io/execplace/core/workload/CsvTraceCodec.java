package io.execplace.core.workload;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVPrinter;

/**
 * The execplace CSV trace. The first non-blank line is the header
 * {@code job,type,arrival,cores,memoryGb,executors,baseDuration,deadline}; columns may come in any
 * order, names ignore case, and {@code deadline} may be left out. Each further line is one job:
 * <ul>
 *   <li>{@code job} — id, a whole number &gt;= 0, unique;</li>
 *   <li>{@code type} — {@code wordcount}, {@code sort}, {@code pagerank} or {@code generic};</li>
 *   <li>{@code arrival} — submission time, seconds &gt;= 0;</li>
 *   <li>{@code cores} — cores per executor, whole &gt;= 1;</li>
 *   <li>{@code memoryGb} — memory per executor, GB &gt; 0;</li>
 *   <li>{@code executors} — executors, whole &gt;= 1;</li>
 *   <li>{@code baseDuration} — seconds &gt; 0 when well placed (HYB {@code T_est});</li>
 *   <li>{@code deadline} — absolute deadline in seconds, not before arrival; empty for none.</li>
 * </ul>
 * Numbers are plain decimals; whole values are written without a decimal point.
 */
final class CsvTraceCodec implements TraceCodec {

    static final List<String> COLUMNS =
            List.of("job", "type", "arrival", "cores", "memoryGb", "executors", "baseDuration", "deadline");
    private static final String OPTIONAL = "deadline";

    @Override
    public Workload read(String content, String file, String name, TraceReadOptions options) {
        List<TraceLine> lines = TraceText.lines(content, file, ',');
        if (lines.isEmpty()) {
            throw new TraceFormatException(file, 0, null, "the file is empty (expected the header "
                    + String.join(",", COLUMNS) + ")");
        }
        int[] column = columnsOf(lines.get(0));
        SeenIds ids = new SeenIds();
        List<Job> jobs = new ArrayList<>();
        for (TraceLine line : lines.subList(1, lines.size())) {
            line.requireFields(lines.get(0).size());
            int id = line.wholeNumber(column[0], "job", 0);
            ids.add(line, "job", id);
            JobType type = type(line, column[1]);
            double arrival = line.time(column[2], "arrival", 0, false);
            int cores = line.wholeNumber(column[3], "cores", 1);
            double memory = line.number(column[4], "memoryGb", 0, true);
            int executors = line.wholeNumber(column[5], "executors", 1);
            double duration = line.time(column[6], "baseDuration", 0, true);
            double deadline = Job.NO_DEADLINE;
            if (column[7] >= 0 && !line.raw(column[7]).isEmpty()) {
                deadline = line.time(column[7], "deadline", 0, false);
                TraceCodec.requireDeadlineNotBeforeArrival(line, "deadline", deadline, arrival);
                deadline += options.deadlineToleranceSeconds();
            }
            jobs.add(new Job(id, type, arrival, executors, cores, memory, duration, deadline));
        }
        return TraceCodec.workload(file, name, jobs);
    }

    /** Index of each of {@link #COLUMNS} in the header, -1 for a missing optional column. */
    private static int[] columnsOf(TraceLine header) {
        Map<String, Integer> known = new HashMap<>();
        for (int i = 0; i < COLUMNS.size(); i++) {
            known.put(COLUMNS.get(i).toLowerCase(Locale.ROOT), i);
        }
        int[] column = new int[COLUMNS.size()];
        Arrays.fill(column, -1);
        for (int i = 0; i < header.size(); i++) {
            String label = header.raw(i);
            Integer which = known.get(label.toLowerCase(Locale.ROOT));
            if (which == null) {
                throw header.error(label, "unknown column (expected " + String.join(",", COLUMNS) + ")");
            }
            if (column[which] >= 0) {
                throw header.error(label, "column appears twice");
            }
            column[which] = i;
        }
        for (int i = 0; i < COLUMNS.size(); i++) {
            if (column[i] < 0 && !COLUMNS.get(i).equals(OPTIONAL)) {
                throw header.error(COLUMNS.get(i), "missing column (the header must name "
                        + String.join(",", COLUMNS) + ")");
            }
        }
        return column;
    }

    private static JobType type(TraceLine line, int index) {
        try {
            return JobType.parse(line.raw(index));
        } catch (IllegalArgumentException e) {
            throw line.error("type", "expected wordcount, sort, pagerank or generic, got '" + line.raw(index) + "'");
        }
    }

    @Override
    public void checkWritable(Workload workload) {
        // Every job field has a column.
    }

    @Override
    public void write(Workload workload, Writer out) throws IOException {
        CSVPrinter printer = new CSVPrinter(out, TraceText.csvFormat(','));
        printer.printRecord(COLUMNS);
        for (Job j : workload.jobs()) {
            printer.printRecord(j.id(), j.type().label(), Numbers.format(j.arrival()), j.coresPerExecutor(),
                    Numbers.format(j.memoryGbPerExecutor()), j.executors(), Numbers.format(j.baseDuration()),
                    j.hasDeadline() ? Numbers.format(j.deadline()) : "");
        }
        printer.flush();
    }
}

package io.execplace.core.workload;

import io.execplace.core.model.ExecutorDemand;
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
 *   <li>{@code deadline} — absolute deadline in seconds, not before arrival; empty for none;</li>
 *   <li>{@code executorDemand} — optional, for an application with dynamic allocation: the executors it
 *       wants over its run as {@code seconds:count} steps separated by spaces, seconds since its start
 *       at base duration, the first at 0 (for example {@code 0:2 60:8 300:2}); {@code executors} is
 *       then its floor, held from start to finish, and no step may want fewer; empty for none;</li>
 *   <li>{@code executorIdleTimeout} — optional, seconds an executor no longer wanted stays (Spark's
 *       {@code spark.dynamicAllocation.executorIdleTimeout}); empty for Spark's default, 60.</li>
 * </ul>
 * Numbers are plain decimals; whole values are written without a decimal point.
 */
final class CsvTraceCodec implements TraceCodec {

    static final List<String> COLUMNS = List.of("job", "type", "arrival", "cores", "memoryGb", "executors",
            "baseDuration", "deadline", "executorDemand", "executorIdleTimeout");
    private static final List<String> OPTIONAL = List.of("deadline", "executorDemand", "executorIdleTimeout");
    /** The columns of a workload without dynamic allocation (its files are as they always were). */
    private static final List<String> FIXED_COLUMNS = COLUMNS.subList(0, 8);

    @Override
    public Workload read(String content, String file, String name, TraceReadOptions options) {
        List<TraceLine> lines = TraceText.headedLines(content, file, COLUMNS);
        int[] column = columnsOf(lines.get(0));
        SeenIds ids = new SeenIds();
        List<Job> jobs = new ArrayList<>();
        Map<Integer, ExecutorDemand> demands = new HashMap<>();
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
            if (column[8] >= 0 && !line.raw(column[8]).isEmpty()) {
                double idle = column[9] >= 0 && !line.raw(column[9]).isEmpty()
                        ? line.time(column[9], "executorIdleTimeout", 0, false) : ExecutorDemand.SPARK_IDLE_TIMEOUT_SECONDS;
                demands.put(id, demand(line, column[8], executors, idle));
            }
        }
        return TraceCodec.workload(file, name, jobs, demands);
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
            if (column[i] < 0 && !OPTIONAL.contains(COLUMNS.get(i))) {
                throw header.error(COLUMNS.get(i), "missing column (the header must name "
                        + String.join(",", FIXED_COLUMNS) + ")");
            }
        }
        return column;
    }

    /** An {@code executorDemand} field: {@code seconds:count} steps, the first at 0, none below the floor. */
    private static ExecutorDemand demand(TraceLine line, int index, int floor, double idle) {
        String[] steps = line.raw(index).trim().split("\\s+");
        double[] at = new double[steps.length];
        int[] count = new int[steps.length];
        for (int i = 0; i < steps.length; i++) {
            String[] pair = steps[i].split(":", -1);
            try {
                if (pair.length != 2) {
                    throw new NumberFormatException();
                }
                at[i] = Double.parseDouble(pair[0]);
                count[i] = Integer.parseInt(pair[1]);
            } catch (NumberFormatException e) {
                throw line.error("executorDemand", "expected steps seconds:count separated by spaces, like 0:2 60:8, got '"
                        + steps[i] + "'");
            }
            if (count[i] < floor) {
                throw line.error("executorDemand", "step " + steps[i] + " wants fewer executors than the "
                        + floor + " the job holds from start to finish (column executors)");
            }
        }
        try {
            return new ExecutorDemand(at, count, idle);
        } catch (IllegalArgumentException e) {
            throw line.error("executorDemand", e.getMessage());
        }
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
        boolean dynamic = workload.hasDynamicAllocation();
        printer.printRecord(dynamic ? COLUMNS : FIXED_COLUMNS);
        for (Job j : workload.jobs()) {
            List<Object> row = new ArrayList<>(List.of(j.id(), j.type().label(), Numbers.format(j.arrival()),
                    j.coresPerExecutor(), Numbers.format(j.memoryGbPerExecutor()), j.executors(),
                    Numbers.format(j.baseDuration()), j.hasDeadline() ? Numbers.format(j.deadline()) : ""));
            if (dynamic) {
                ExecutorDemand d = workload.demands().get(j.id());
                row.add(d == null ? "" : d.toString());
                row.add(d == null ? "" : Numbers.format(d.idleTimeoutSeconds()));
            }
            printer.printRecord(row);
        }
        printer.flush();
    }
}

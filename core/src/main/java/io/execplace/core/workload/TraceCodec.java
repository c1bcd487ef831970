package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import java.io.IOException;
import java.io.Writer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads and writes one {@link TraceFormat}. */
interface TraceCodec {

    /**
     * Parses a whole trace.
     *
     * @param content the file's text, byte-order mark removed
     * @param file    the file as the user named it, for messages
     * @param name    the name of the resulting workload
     */
    Workload read(String content, String file, String name, TraceReadOptions options);

    /** Fails with an {@link IllegalArgumentException} if the format cannot hold this workload without loss. */
    void checkWritable(Workload workload);

    void write(Workload workload, Writer out) throws IOException;

    /** Remembers on which line each job id appeared, to reject duplicates with both line numbers. */
    final class SeenIds {
        private final Map<Integer, Integer> lineOfId = new HashMap<>();

        void add(TraceLine line, String field, int id) {
            Integer earlier = lineOfId.putIfAbsent(id, line.number());
            if (earlier != null) {
                throw line.error(field, "job id " + id + " already appears on line " + earlier);
            }
        }
    }

    /** The workload, or an error when the file holds no jobs. */
    static Workload workload(String file, String name, List<Job> jobs) {
        return workload(file, name, jobs, Map.of());
    }

    /** A workload read from {@code file}, some of its jobs with an executor demand. */
    static Workload workload(String file, String name, List<Job> jobs, Map<Integer, ExecutorDemand> demands) {
        if (jobs.isEmpty()) {
            throw new InputFileException(file, 0, null, "the file contains no jobs");
        }
        return new Workload(name, jobs, demands);
    }

    /** For the formats without executor demands: refuses a workload that has some. */
    static void requireNoDynamicAllocation(Workload workload, String format) {
        if (workload.hasDynamicAllocation()) {
            throw new IllegalArgumentException("the " + format + " format cannot hold executor demands (dynamic "
                    + "allocation); write the execplace csv format");
        }
    }

    /** Deadline check shared by the formats that carry deadlines. */
    static void requireDeadlineNotBeforeArrival(TraceLine line, String field, double deadline, double arrival) {
        if (deadline < arrival) {
            throw line.error(field, "deadline " + Numbers.format(deadline) + " is before the arrival time "
                    + Numbers.format(arrival));
        }
    }
}

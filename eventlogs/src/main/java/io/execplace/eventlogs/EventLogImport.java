package io.execplace.eventlogs;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spark event logs into a workload the simulator can replay: one job per application (or per Spark
 * job, {@link Unit#JOB}) with its arrival (relative to the earliest start), its logged duration as
 * the base duration, its peak number of concurrent executors, and cores and memory per executor.
 *
 * <p>Where the logs are silent the import assumes, and says so in {@link ImportReport#assumptions()}:
 * memory per executor is {@code spark.executor.memory} (Spark's default 1 GB when unset; the
 * overhead Spark adds on YARN and Kubernetes is not counted); a local-mode application (no executor
 * events: the driver runs the tasks) is one executor with the cores of {@code local[N]}; the job type
 * is recognised from the application name (WordCount, Sort, PageRank), else {@code generic}.
 */
public final class EventLogImport {

    /** What becomes one job of the workload. */
    public enum Unit {
        /** A Spark application: arrival at its start, duration to its end. */
        APPLICATION,
        /** A Spark job inside an application: from submission to completion, with the executors alive at submission. */
        JOB,
        /**
         * A job group ({@code SparkContext.setJobGroup}): from its first job's submission to its last job's
         * completion, as {@code profile} measures a run; a job outside any group is one of its own.
         */
        GROUP;

        public static Unit parse(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "application", "app" -> APPLICATION;
                case "job" -> JOB;
                case "group", "job-group" -> GROUP;
                default -> throw new IllegalArgumentException("unknown unit '" + text + "' (application, job or group)");
            };
        }
    }

    /** The applications read and what was skipped or assumed. */
    public record Read(List<SparkApplication> applications, ImportReport report) {
    }

    /**
     * Where one job of the workload came from.
     *
     * @param application the application
     * @param sparkJobs   its Spark jobs that the job stands for (empty for a whole application)
     * @param group       their job group, or null
     */
    public record Origin(SparkApplication application, List<Integer> sparkJobs, String group) {
        public Origin {
            sparkJobs = List.copyOf(sparkJobs);
        }
    }

    /** The workload and, by job id, where each job came from. */
    public record Imported(Workload workload, List<Origin> origins, ImportReport report) {
        public Imported {
            origins = List.copyOf(origins);
        }

        /** The application job {@code id} came from. */
        public SparkApplication application(int id) {
            return origins.get(id).application();
        }

        /** Every application with a job in the workload, in start order, once each. */
        public List<SparkApplication> applications() {
            return origins.stream().map(Origin::application).distinct().toList();
        }
    }

    private static final Pattern LOCAL = Pattern.compile("local(?:-cluster)?\\[(\\d+|\\*)(?:,.*)?]");
    private static final Pattern BYTES = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)b?", Pattern.CASE_INSENSITIVE);

    private EventLogImport() {
    }

    /**
     * Reads every event log under {@code paths} ({@link EventLogSource#find}).
     *
     * @throws BadInputException for a missing path, a file named on its own that is not an event log,
     *                           or when no application could be read at all
     */
    public static Read read(List<Path> paths) throws IOException {
        ImportReport report = new ImportReport();
        List<SparkApplication> apps = new ArrayList<>();
        for (EventLogSource source : EventLogSource.find(paths)) {
            boolean named = paths.stream().anyMatch(p -> Files.isRegularFile(p) && source.files().contains(p));
            try {
                apps.add(EventLogReader.read(source, report));
                report.logRead();
            } catch (EventLogReader.NotAnEventLog e) {
                if (named) {
                    throw new BadInputException(e.getMessage());
                }
                report.unreadable(e.getMessage() + "; left out");
            } catch (IOException e) {
                if (named) {
                    throw new BadInputException(source.files().get(0) + ": cannot be read as an event log: " + e.getMessage());
                }
                report.unreadable(source.files().get(0) + ": cannot be read: " + e.getMessage() + "; left out");
            }
        }
        if (apps.isEmpty()) {
            throw new BadInputException(String.join(", ", paths.stream().map(Path::toString).toList())
                    + ": no Spark event log could be read" + (report.messages().isEmpty() ? "" : " (" + report.messages().get(0) + ")"));
        }
        return new Read(apps, report);
    }

    /** The workload of the logs under {@code paths}, one job per {@code unit}. */
    public static Imported workload(List<Path> paths, Unit unit) throws IOException {
        Read read = read(paths);
        return workload(read.applications(), unit, read.report());
    }

    /** The workload of {@code apps}, one job per {@code unit}. */
    public static Imported workload(List<SparkApplication> apps, Unit unit, ImportReport report) {
        List<SparkApplication> started = new ArrayList<>();
        for (SparkApplication a : apps) {
            if (a.startMs() < 0) {
                report.problem(a.logName() + ": no ApplicationStart event; left out");
                continue;
            }
            if (!a.ended()) {
                report.incomplete(a.logName() + ": no ApplicationEnd (in progress or cut short): it ends at its latest event");
            }
            started.add(a);
        }
        if (started.isEmpty()) {
            throw new BadInputException("no application in the event logs has an ApplicationStart event");
        }
        started.sort(Comparator.comparingLong(SparkApplication::startMs).thenComparing(SparkApplication::id));
        long origin = started.get(0).startMs();
        List<Job> jobs = new ArrayList<>();
        List<Origin> origins = new ArrayList<>();
        for (SparkApplication a : started) {
            JobType type = type(a.name());
            int cores = coresPerExecutor(a, report);
            double memoryGb = memoryGb(a, report);
            if (unit == Unit.APPLICATION) {
                long end = a.ended() ? a.endMs() : Math.max(a.startMs(), a.lastEventMs());
                jobs.add(new Job(jobs.size(), type, (a.startMs() - origin) / 1000.0, Math.max(1, a.peakExecutors()), cores,
                        memoryGb, Math.max(0.001, (end - a.startMs()) / 1000.0), Job.NO_DEADLINE));
                origins.add(new Origin(a, List.of(), null));
                continue;
            }
            // Per Spark job, or per job group: the jobs of one group become one, first submission to last completion.
            Map<String, List<SparkApplication.SparkJob>> units = new LinkedHashMap<>();
            for (SparkApplication.SparkJob sj : a.jobs()) {
                if (!sj.completed() || sj.submittedMs() < 0) {
                    report.problem(a.logName() + ": Spark job " + sj.id() + " has no end; left out");
                    continue;
                }
                String key = unit == Unit.GROUP && sj.group() != null ? "group " + sj.group() : "job " + sj.id();
                units.computeIfAbsent(key, k -> new ArrayList<>()).add(sj);
            }
            for (List<SparkApplication.SparkJob> u : units.values()) {
                long submitted = u.stream().mapToLong(SparkApplication.SparkJob::submittedMs).min().orElseThrow();
                long completed = u.stream().mapToLong(SparkApplication.SparkJob::completedMs).max().orElseThrow();
                int executors = Math.max(1, a.executors().isEmpty() ? 1 : a.executorsAt(submitted));
                jobs.add(new Job(jobs.size(), type, Math.max(0, submitted - origin) / 1000.0, executors, cores, memoryGb,
                        Math.max(0.001, (completed - submitted) / 1000.0), Job.NO_DEADLINE));
                origins.add(new Origin(a, u.stream().map(SparkApplication.SparkJob::id).toList(), u.get(0).group()));
            }
        }
        return new Imported(new Workload("eventlogs", jobs), origins, report);
    }

    /** WordCount, Sort or PageRank when the application's name says so; else generic. */
    static JobType type(String appName) {
        String n = appName.toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
        if (n.contains("wordcount")) {
            return JobType.WORDCOUNT;
        }
        if (n.contains("pagerank")) {
            return JobType.PAGERANK;
        }
        if (n.contains("sort")) {
            return JobType.SORT;
        }
        return JobType.GENERIC;
    }

    /** The cores most of its executors had; local mode: N of {@code local[N]}; else {@code spark.executor.cores}, else 1. */
    static int coresPerExecutor(SparkApplication a, ImportReport report) {
        if (!a.executors().isEmpty()) {
            Map<Integer, Integer> counts = new HashMap<>();
            for (SparkApplication.Executor e : a.executors()) {
                counts.merge(e.cores(), 1, Integer::sum);
            }
            return counts.entrySet().stream().max(Map.Entry.<Integer, Integer>comparingByValue()
                    .thenComparing(Map.Entry.comparingByKey())).orElseThrow().getKey();
        }
        String master = a.property("spark.master");
        Matcher m = master == null ? null : LOCAL.matcher(master.trim());
        if (m != null && m.matches() && !m.group(1).equals("*")) {
            report.assumed("a local-mode application (no executor events) is one executor with the cores of local[N]");
            return Math.max(1, Integer.parseInt(m.group(1)));
        }
        String cores = a.property("spark.executor.cores");
        if (cores != null && cores.trim().matches("\\d+")) {
            return Math.max(1, Integer.parseInt(cores.trim()));
        }
        report.assumed("an application without executor events whose cores the log does not give (local[*]) has 1 core");
        return 1;
    }

    /** {@code spark.executor.memory} in GB (Spark's default 1 GB when absent or unreadable). */
    static double memoryGb(SparkApplication a, ImportReport report) {
        String text = a.property("spark.executor.memory");
        if (text == null) {
            report.assumed("memory per executor is spark.executor.memory, Spark's default 1 GB where the log does not set it");
            return 1;
        }
        Matcher m = BYTES.matcher(text.trim());
        if (!m.matches()) {
            report.problem(a.logName() + ": spark.executor.memory '" + text + "' not understood; 1 GB assumed");
            return 1;
        }
        double v = Double.parseDouble(m.group(1));
        // Spark reads a bare number as MB for this setting.
        double mb = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> v / 1024;
            case "", "m" -> v;
            case "g" -> v * 1024;
            case "t" -> v * 1024 * 1024;
            case "p" -> v * 1024 * 1024 * 1024;
            default -> throw new IllegalStateException(m.group(2));
        };
        return Math.max(1.0 / 1024, mb / 1024);
    }
}

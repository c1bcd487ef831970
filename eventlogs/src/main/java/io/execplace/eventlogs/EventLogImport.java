package io.execplace.eventlogs;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.ExecutorDemand;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Spark event logs into a workload the simulator can replay: one job per application (or per Spark
 * job, {@link Unit#JOB}) with its arrival (relative to the earliest start), its logged duration as
 * the base duration, its peak number of concurrent executors, and cores and memory per executor.
 *
 * <p>Sizes come from the log ({@link ExecutorSizing}: memory with the overhead YARN and Kubernetes
 * add); where the logs are silent the import assumes, and says so in {@link ImportReport#assumptions()}:
 * Spark's defaults for unset memory, a local-mode application (no executor events: the driver runs the
 * tasks) is one executor with the cores of {@code local[N]}; the job type is recognised from the
 * application name (WordCount, Sort, PageRank), else {@code generic}. An application or Spark job
 * without an end ends at its application's latest event, and is counted.
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
        GROUP,
        /**
         * A group of executors that were there together ({@link ExecutorGroup}): from the first's addition to
         * the last's removal, with their own size; the driver one more when it ran on the cluster. What an
         * application held when it held it, under dynamic allocation too.
         */
        EXECUTORS,
        /**
         * A Spark application with dynamic allocation in the simulator: one job from its start to its end
         * holding the fewest executors it had at once (at least one), and an executor demand that follows
         * how many it had as they came and went ({@link ExecutorDemand}, no idle timeout on top: the log's
         * removals come after Spark's), so the schedulers place its executors as they come.
         */
        DYNAMIC;

        public static Unit parse(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "application", "app" -> APPLICATION;
                case "job" -> JOB;
                case "group", "job-group" -> GROUP;
                case "executors", "executor" -> EXECUTORS;
                case "dynamic", "dynamic-allocation" -> DYNAMIC;
                default -> throw new IllegalArgumentException("unknown unit '" + text
                        + "' (application, job, group, executors or dynamic)");
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
     * @param executors   the executors it stands for ({@link Unit#EXECUTORS}), else null
     */
    public record Origin(SparkApplication application, List<Integer> sparkJobs, String group, ExecutorGroup executors) {
        public Origin {
            sparkJobs = List.copyOf(sparkJobs);
        }

        static Origin of(SparkApplication application) {
            return new Origin(application, List.of(), null, null);
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
        Map<String, Integer> byAttempt = new HashMap<>();
        for (EventLogSource source : EventLogSource.find(paths, report)) {
            boolean named = paths.stream().anyMatch(p -> Files.isRegularFile(p) && source.files().contains(p));
            SparkApplication app;
            try {
                app = EventLogReader.read(source, report);
                report.logRead();
            } catch (EventLogReader.NotAnEventLog e) {
                if (named) {
                    throw new BadInputException(e.getMessage());
                }
                report.unreadable(e.getMessage() + "; left out");
                continue;
            } catch (IOException e) {
                if (named) {
                    throw new BadInputException(source.files().get(0) + ": cannot be read as an event log: " + e.getMessage());
                }
                report.unreadable(source.files().get(0) + ": cannot be read: " + e.getMessage() + "; left out");
                continue;
            }
            keepOnce(app, apps, byAttempt, report);
        }
        if (apps.isEmpty()) {
            throw new BadInputException(String.join(", ", paths.stream().map(Path::toString).toList())
                    + ": no Spark event log could be read" + (report.messages().isEmpty() ? "" : " (" + report.messages().get(0) + ")"));
        }
        return new Read(apps, report);
    }

    /**
     * Adds {@code app} unless an application with its id and attempt was read already (the same file
     * given twice, a compressed copy beside its rolling folder): of the two the one that ended, else the
     * one with the later events, is kept; the other is reported.
     */
    private static void keepOnce(SparkApplication app, List<SparkApplication> apps, Map<String, Integer> byAttempt,
                                 ImportReport report) {
        if (app.id == null) {
            apps.add(app);
            return;
        }
        String key = app.id() + "#" + app.attemptId();
        Integer seen = byAttempt.get(key);
        if (seen == null) {
            byAttempt.put(key, apps.size());
            apps.add(app);
            return;
        }
        SparkApplication other = apps.get(seen);
        boolean replace = app.ended() != other.ended() ? app.ended() : app.lastEventMs() > other.lastEventMs();
        SparkApplication kept = replace ? app : other;
        SparkApplication left = replace ? other : app;
        if (replace) {
            apps.set(seen, app);
        }
        report.duplicate(left.logName() + ": application " + app.id() + (app.attemptId() == null ? "" : " attempt "
                + app.attemptId()) + " again (also in " + kept.logName() + "); counted once, " + left.logName() + " left out");
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
            a.leaveOutExecutorsOutsideItsRun().forEach(report::problem);
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
        Map<Integer, ExecutorDemand> demands = new LinkedHashMap<>();
        for (SparkApplication a : started) {
            JobType type = type(a.name());
            switch (unit) {
                case APPLICATION -> {
                    if (a.executors().stream().anyMatch(e -> a.releasedMs(e) < a.stopMs() - ExecutorGroup.JOINED_MS
                            || e.addedMs() > a.startMs() + 60_000)) {
                        report.assumed("an application whose executors came and went (dynamic allocation) is, as one job, "
                                + "booked with the most it had at once for its whole run (--unit executors and whatif "
                                + "replay them as they were)");
                    }
                    jobs.add(new Job(jobs.size(), type, seconds(a.startMs() - origin), Math.max(1, a.peakExecutors()),
                            ExecutorSizing.coresPerExecutor(a, report), ExecutorSizing.executorMemoryGb(a, report),
                            span(a.startMs(), a.stopMs()), Job.NO_DEADLINE));
                    origins.add(Origin.of(a));
                }
                case EXECUTORS -> groups(a, ExecutorGroup.of(a, report), type, origin, jobs, origins);
                case DYNAMIC -> {
                    ExecutorDemand demand = demand(a);
                    int floor = demand.least();
                    jobs.add(new Job(jobs.size(), type, seconds(a.startMs() - origin), floor,
                            ExecutorSizing.coresPerExecutor(a, report), ExecutorSizing.executorMemoryGb(a, report),
                            span(a.startMs(), a.stopMs()), Job.NO_DEADLINE));
                    if (demand.most() > floor) {
                        demands.put(jobs.size() - 1, demand);
                    }
                    origins.add(Origin.of(a));
                }
                case JOB, GROUP -> sparkJobs(a, unit, type, origin, report, jobs, origins);
            }
        }
        if (jobs.isEmpty()) {
            throw new BadInputException("no Spark job in the event logs: a trace by " + unit.name().toLowerCase(Locale.ROOT)
                    + " would be empty (--unit application takes whole applications)");
        }
        return new Imported(new Workload("eventlogs", jobs, demands), origins, report);
    }

    /**
     * How many executors application {@code a} had over its run, as steps from its start: at least one
     * (the simulator's applications always hold one; a local-mode application is one), no idle timeout.
     */
    static ExecutorDemand demand(SparkApplication a) {
        TreeMap<Long, Integer> change = new TreeMap<>();
        for (SparkApplication.Executor e : a.executors()) {
            change.merge(Math.max(0, e.addedMs() - a.startMs()), 1, Integer::sum);
            change.merge(Math.max(0, a.releasedMs(e) - a.startMs()), -1, Integer::sum);
        }
        List<double[]> steps = new ArrayList<>();
        int alive = 0;
        steps.add(new double[] {0, 1});
        // Executors released when the application stops change nothing it still runs.
        for (Map.Entry<Long, Integer> c : change.headMap(a.stopMs() - a.startMs()).entrySet()) {
            alive += c.getValue();
            double at = c.getKey() / 1000.0;
            int wanted = Math.max(1, alive);
            double[] last = steps.get(steps.size() - 1);
            if (last[0] == at) {
                last[1] = wanted;
            } else if (last[1] != wanted) {
                steps.add(new double[] {at, wanted});
            }
        }
        double[] at = new double[steps.size()];
        int[] count = new int[steps.size()];
        int k = 0;
        for (double[] st : steps) {
            if (k > 0 && count[k - 1] == (int) st[1]) {
                continue;
            }
            at[k] = st[0];
            count[k++] = (int) st[1];
        }
        return new ExecutorDemand(Arrays.copyOf(at, k), Arrays.copyOf(count, k), 0);
    }

    /**
     * The applications of {@code byGroups} (an import by {@link Unit#EXECUTORS}) as they were held, to the
     * millisecond: executors together only when added and given back at the same millisecond, and an
     * executor given back when it was added (it held nothing) left out unless it is all its application
     * had. Replayed where they ran, each host is busy exactly while one of its executors was there (the
     * groups of {@code byGroups} start on all their hosts with their first executor). Same time origin and
     * applications as {@code byGroups}; nothing is reported again.
     */
    public static Imported asLogged(Imported byGroups) {
        List<SparkApplication> apps = byGroups.applications();
        long origin = apps.stream().mapToLong(SparkApplication::startMs).min().orElseThrow();
        ImportReport again = new ImportReport(); // what the first import reported, it reported once
        List<Job> jobs = new ArrayList<>();
        List<Origin> origins = new ArrayList<>();
        for (SparkApplication a : apps) {
            List<ExecutorGroup> held = ExecutorGroup.of(a, again, 0);
            List<ExecutorGroup> heldSomething = held.stream().filter(g -> g.heldMs() > 0).toList();
            groups(a, heldSomething.isEmpty() ? held : heldSomething, type(a.name()), origin, jobs, origins);
        }
        return new Imported(new Workload("eventlogs", jobs), origins, byGroups.report());
    }

    /** One job per group of executors, from the first's addition to the last's release. */
    private static void groups(SparkApplication a, List<ExecutorGroup> groups, JobType type, long origin, List<Job> jobs,
                               List<Origin> origins) {
        for (ExecutorGroup g : groups) {
            jobs.add(new Job(jobs.size(), type, seconds(Math.max(0, g.fromMs() - origin)), g.size(), g.cores(),
                    g.memoryGb(), span(g.fromMs(), g.toMs()), Job.NO_DEADLINE));
            origins.add(new Origin(a, List.of(), null, g));
        }
    }

    /** Per Spark job, or per job group: the jobs of one group become one, first submission to last completion. */
    private static void sparkJobs(SparkApplication a, Unit unit, JobType type, long origin, ImportReport report, List<Job> jobs,
                                  List<Origin> origins) {
        if (a.jobEndsWithoutStart > 0) {
            report.problem(a.logName() + ": " + a.jobEndsWithoutStart + " JobEnd event(s) without their JobStart; those "
                    + "Spark jobs are left out");
        }
        Map<String, List<SparkApplication.SparkJob>> units = new LinkedHashMap<>();
        for (SparkApplication.SparkJob sj : a.jobs()) {
            if (sj.submittedMs() < 0) {
                report.problem(a.logName() + ": Spark job " + sj.id() + " has no submission time; left out");
                continue;
            }
            if (!sj.completed()) {
                report.incompleteJob(a.logName() + ": Spark job " + sj.id() + " has no end: it ends when its application "
                        + (a.ended() ? "ended" : "stopped (its latest event)"));
                sj = new SparkApplication.SparkJob(sj.id(), sj.submittedMs(), Math.max(sj.submittedMs(), a.stopMs()), false,
                        sj.group());
            }
            String key = unit == Unit.GROUP && sj.group() != null ? "group " + sj.group() : "job " + sj.id();
            units.computeIfAbsent(key, k -> new ArrayList<>()).add(sj);
        }
        int cores = ExecutorSizing.coresPerExecutor(a, report);
        double memoryGb = ExecutorSizing.executorMemoryGb(a, report);
        for (List<SparkApplication.SparkJob> u : units.values()) {
            long submitted = u.stream().mapToLong(SparkApplication.SparkJob::submittedMs).min().orElseThrow();
            long completed = u.stream().mapToLong(SparkApplication.SparkJob::completedMs).max().orElseThrow();
            int executors = Math.max(1, a.executors().isEmpty() ? 1 : a.executorsAt(submitted));
            jobs.add(new Job(jobs.size(), type, seconds(Math.max(0, submitted - origin)), executors, cores, memoryGb,
                    span(submitted, completed), Job.NO_DEADLINE));
            origins.add(new Origin(a, u.stream().map(SparkApplication.SparkJob::id).toList(), u.get(0).group(), null));
        }
    }

    private static double seconds(long ms) {
        return ms / 1000.0;
    }

    /** A logged span in seconds, at least a millisecond (a job must take time). */
    private static double span(long fromMs, long toMs) {
        return Math.max(0.001, (toMs - fromMs) / 1000.0);
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
}

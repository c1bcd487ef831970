package io.execplace.spark.profile;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.status.api.v1.ExecutorSummary;
import scala.jdk.javaapi.CollectionConverters;

import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Measures runs with a SparkListener: every job started under a job group counts toward that group's
 * run. A run's duration is from its first job's start to its last job's end (Spark's own event
 * times); its stages are the stages that ran (skipped ones do not complete); its shuffle bytes are
 * the bytes its tasks wrote to the shuffle. Events arrive on Spark's listener thread; read a group
 * only after the listener bus is drained.
 */
final class JobMetrics extends SparkListener {

    /** One measured run. */
    record Run(double seconds, int stages, long shuffleBytes) {
    }

    private static final String GROUP = "spark.jobGroup.id";

    private final Map<Integer, String> groupOfJob = new HashMap<>();
    private final Map<Integer, String> groupOfStage = new HashMap<>();
    private final Map<String, long[]> window = new HashMap<>(); // group -> {first start, last end} ms
    private final Map<String, Integer> stages = new HashMap<>();
    private final Map<String, Long> shuffle = new HashMap<>();

    @Override
    public synchronized void onJobStart(SparkListenerJobStart start) {
        String group = start.properties() == null ? null : start.properties().getProperty(GROUP);
        if (group == null) {
            return;
        }
        groupOfJob.put(start.jobId(), group);
        for (StageInfo info : CollectionConverters.asJava(start.stageInfos())) {
            groupOfStage.put(info.stageId(), group);
        }
        long[] w = window.computeIfAbsent(group, g -> new long[]{Long.MAX_VALUE, Long.MIN_VALUE});
        w[0] = Math.min(w[0], start.time());
    }

    @Override
    public synchronized void onJobEnd(SparkListenerJobEnd end) {
        String group = groupOfJob.get(end.jobId());
        if (group != null) {
            long[] w = window.get(group);
            w[1] = Math.max(w[1], end.time());
        }
    }

    @Override
    public synchronized void onStageCompleted(SparkListenerStageCompleted completed) {
        String group = groupOfStage.get(completed.stageInfo().stageId());
        if (group != null) {
            stages.merge(group, 1, Integer::sum);
        }
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
        String group = groupOfStage.get(end.stageId());
        if (group != null && end.taskMetrics() != null) {
            shuffle.merge(group, end.taskMetrics().shuffleWriteMetrics().bytesWritten(), Long::sum);
        }
    }

    /** The run of a job group; call after the listener bus is drained. */
    synchronized Run run(String group) {
        long[] w = window.get(group);
        if (w == null || w[1] < w[0]) {
            throw new IllegalStateException("no finished Spark job in group " + group);
        }
        return new Run((w[1] - w[0]) / 1000.0, stages.getOrDefault(group, 0), shuffle.getOrDefault(group, 0L));
    }

    /**
     * The distinct Workers hosting the application's executors, told apart by the address of the
     * Worker web page their log URLs point to (executors of one Worker share it); the executor's own
     * address where there is no log URL.
     */
    static int workers(JavaSparkContext sc) {
        Set<String> workers = new LinkedHashSet<>();
        for (ExecutorSummary e : CollectionConverters.asJava(sc.sc().statusStore().executorList(true))) {
            if (e.id().equals("driver")) {
                continue;
            }
            scala.Option<String> url = e.executorLogs().get("stdout");
            workers.add(url.isDefined() ? hostAndPort(url.get()) : e.hostPort());
        }
        return workers.size();
    }

    private static String hostAndPort(String url) {
        try {
            URI u = URI.create(url);
            return u.getHost() + ":" + u.getPort();
        } catch (IllegalArgumentException e) {
            return url;
        }
    }
}

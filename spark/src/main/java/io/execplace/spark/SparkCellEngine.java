package io.execplace.spark;

import io.execplace.core.progress.ProgressListener;
import io.execplace.spark.master.MasterUrl;
import io.execplace.core.io.BadInputException;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.run.CellKind;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;

import java.util.List;

/**
 * Runs cells as Spark tasks: one partition (task) per cell, the cell's text in, its result's text out
 * ({@link CellKind#run}, a stateless function; every kind is an enum constant, which Spark ships as its name), results
 * collected to the driver in the cells' order. Nothing of execplace's own types crosses the wire.
 */
public final class SparkCellEngine implements CellEngine {

    /** The {@code --engine} name. */
    public static final String NAME = "spark";
    /** System property naming the jars that hold execplace's classes, for executors off this JVM. */
    public static final String CODE_JARS = "execplace.spark.jars";

    private final JavaSparkContext spark;

    private SparkCellEngine(JavaSparkContext spark) {
        this.spark = spark;
    }

    /**
     * Starts a Spark context on {@code master} (a checked URL). Off a local master, the jars holding
     * execplace's classes are shipped to the executors (Spark serves them from the driver).
     */
    public static SparkCellEngine start(String master) {
        SparkConf conf = new SparkConf().setAppName("execplace").setMaster(master)
                // No web UI: a study needs none, and it costs start-up time and a port.
                .set("spark.ui.enabled", "false")
                // A cell is one task: never re-run a failed cell elsewhere (a failure is a bug or bad input).
                .set("spark.task.maxFailures", "1");
        if (!MasterUrl.inThisJvm(master) && !conf.contains("spark.jars")) {
            List<String> jars = codeJars();
            if (!jars.isEmpty()) {
                conf.setJars(jars.toArray(new String[0]));
            }
        }
        JavaSparkContext sc = new JavaSparkContext(conf);
        sc.setLogLevel("WARN");
        return new SparkCellEngine(sc);
    }

    /**
     * The jars the executors need, from the system property {@value #CODE_JARS} (comma-separated;
     * {@code ./execplace} sets it to the CLI jar and this module's jar). Under {@code spark-submit}
     * Spark ships the application jar and {@code --jars} itself, and the property is not needed.
     */
    private static List<String> codeJars() {
        String jars = System.getProperty(CODE_JARS, "").trim();
        return jars.isEmpty() ? List.of() : List.of(jars.split(","));
    }

    @Override
    public String name() {
        return NAME;
    }

    /** Cores Spark runs tasks on (its default parallelism). */
    public int cores() {
        return spark.defaultParallelism();
    }

    @Override
    public List<String> run(CellKind kind, List<String> cells, ProgressListener progress) {
        if (cells.isEmpty()) {
            return List.of();
        }
        TaskCounter counter = new TaskCounter(cells.size(), progress);
        spark.sc().addSparkListener(counter);
        List<String> results;
        try {
            results = spark.parallelize(cells, cells.size()).map(kind::run).collect();
        } catch (Exception e) { // Scala code throws SparkException (checked in Java) undeclared
            throw unwrap(e);
        } finally {
            spark.sc().removeSparkListener(counter);
            counter.finish();
        }
        return List.copyOf(results);
    }

    /** A cell's own failure out of Spark's wrapping: bad input stays bad input, the rest names the cell's error. */
    private static RuntimeException unwrap(Exception e) {
        Throwable root = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof BadInputException bad) {
                return bad;
            }
            root = t;
        }
        if (e instanceof RuntimeException re && root == e) {
            return re;
        }
        return new IllegalStateException("a cell failed on Spark: " + root, e);
    }

    @Override
    public void close() {
        spark.stop();
    }

    /**
     * Counts finished tasks for the progress bar. Spark delivers listener events on its own thread,
     * possibly after the job returned; {@link #finish} stops the counting and tells the rest, so the
     * caller sees every cell exactly once whatever the timing.
     */
    private static final class TaskCounter extends SparkListener {
        private final int total;
        private final ProgressListener progress;
        private int done;
        private boolean finished;

        TaskCounter(int total, ProgressListener progress) {
            this.total = total;
            this.progress = progress;
        }

        @Override
        public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
            if (!finished && done < total && "Success".equals(String.valueOf(end.reason()))) {
                progress.advanced(++done, total, null);
            }
        }

        synchronized void finish() {
            finished = true;
            while (done < total) {
                progress.advanced(++done, total, null);
            }
        }
    }
}

package io.execplace.spark;

import io.execplace.cli.Main;
import io.execplace.spark.profile.ProfileCommand;

import java.io.PrintWriter;
import java.util.List;

/**
 * The Spark-enabled distribution's entry point: the {@code execplace} command line of {@link Main}
 * plus {@code --engine spark} ({@link SparkEngines}) and {@code execplace profile} ({@link ProfileCommand}).
 * {@code ./execplace} starts it when the
 * arguments ask for Spark; {@code spark-submit --class io.execplace.spark.SparkMain} on a cluster
 * (docs/spark.md).
 */
public final class SparkMain {

    private SparkMain() {
    }

    /** What this distribution adds to the command line. */
    public static Main.Extensions extensions() {
        return new Main.Extensions(List.of(new ProfileCommand()), new SparkEngines());
    }

    public static void main(String[] args) {
        Main.main(extensions(), args);
    }

    /** Runs the command line with the given streams (tests call this) and returns the exit code. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return Main.execute(extensions(), out, err, args);
    }
}

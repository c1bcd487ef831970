package io.execplace.spark.profile;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A Spark home for {@code local-cluster} masters. Their Workers run in this JVM but start every
 * executor as a new JVM with the class path {@code SPARK_HOME/jars/*}, as a Spark distribution lays
 * it out. This builds such a folder in a temporary directory from this JVM's own class path
 * (symbolic links, no copies) and points the Workers at it as Spark's own tests do ({@code
 * spark.testing} and {@code spark.test.home}; under {@code spark.testing} executors also get this
 * JVM's class path, so execplace's job code needs no shipping). {@link #close()} removes the folder
 * and the two properties.
 */
final class LocalSparkHome implements AutoCloseable {

    private static final String TESTING = "spark.testing";
    private static final String TEST_HOME = "spark.test.home";

    private final Path home;
    private final String previousTesting;
    private final String previousHome;

    private LocalSparkHome(Path home, String previousTesting, String previousHome) {
        this.home = home;
        this.previousTesting = previousTesting;
        this.previousHome = previousHome;
    }

    /** Builds the folder and sets the properties; call before the Spark context starts. */
    static LocalSparkHome create() throws IOException {
        Path home = Files.createTempDirectory("execplace-spark-home-");
        Path jars = Files.createDirectories(home.resolve("jars"));
        // Spark's launcher looks for this folder to learn the Scala version of a build tree.
        Files.createDirectories(home.resolve("launcher/target/scala-2.13"));
        Set<String> names = new HashSet<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(entry);
            String name = p.getFileName() == null ? "" : p.getFileName().toString();
            if (name.endsWith(".jar") && Files.isRegularFile(p) && names.add(name)) {
                Files.createSymbolicLink(jars.resolve(name), p.toAbsolutePath());
            }
        }
        LocalSparkHome h = new LocalSparkHome(home, System.getProperty(TESTING), System.getProperty(TEST_HOME));
        System.setProperty(TESTING, "true");
        System.setProperty(TEST_HOME, home.toString());
        return h;
    }

    Path path() {
        return home;
    }

    @Override
    public void close() {
        restore(TESTING, previousTesting);
        restore(TEST_HOME, previousHome);
        try (Stream<Path> all = Files.walk(home)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the temporary Spark home " + home, e);
        }
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }
}

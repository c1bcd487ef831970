package io.execplace.eventlogs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Apache Spark's own event logs from real standalone, YARN and local applications (its test
 * resources {@code spark-events/}, Apache-2.0), read from the {@code spark-core} tests artifact on
 * the test class path and copied into a test's folder.
 */
final class SparkTestLogs {

    private SparkTestLogs() {
    }

    /** Copies {@code spark-events/<name>} (or another resource path) to {@code dir/<file name>}. */
    static Path copy(Path dir, String resource) {
        String path = resource.contains("/") ? resource : "spark-events/" + resource;
        try (InputStream in = SparkTestLogs.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException(path + " is not on the test class path (spark-core tests artifact)");
            }
            Path out = dir.resolve(path.substring(path.lastIndexOf('/') + 1));
            Files.copy(in, out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

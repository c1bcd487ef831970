package io.execplace.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The checkout's root: the parent of this module's folder (Maven runs tests in the module's folder). */
final class RepoRoot {

    private RepoRoot() {
    }

    static Path find() {
        Path root = Path.of("").toAbsolutePath().getParent();
        try {
            if (root == null || !Files.readString(root.resolve("pom.xml")).contains("<module>spark</module>")) {
                throw new IllegalStateException("not run from the spark module of an execplace checkout: "
                        + Path.of("").toAbsolutePath());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return root;
    }
}

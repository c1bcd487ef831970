package io.execplace.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Comparator;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * An output folder written as a whole: a run writes into a hidden staging folder next to the
 * target ({@code .NAME.staging-XXXX}) and {@link #commit()} renames it into place, replacing an
 * older run's folder. So a reader sees either the old folder or the new one, never a mix: files
 * the new run did not write (an earlier run's charts) disappear with the old folder, two runs into
 * one folder each leave a complete folder (the later commit wins), and a failed or interrupted run
 * ({@link #close()} without commit, or Ctrl-C / kill via a shutdown hook) leaves the target as it
 * was. Only a hard kill ({@code kill -9}) can leave a hidden staging folder behind.
 *
 * <p>A marker file ({@value #MARKER}) in every committed folder lets a later run recognise a
 * folder it may replace; {@link #checkTarget} refuses to replace any other non-empty folder, so a
 * mistyped {@code --out .} never deletes a user's files.
 */
public final class StagedFolder implements AutoCloseable {

    /** The file that marks a folder as an execplace output that a later run may replace. */
    public static final String MARKER = ".execplace-output";

    private static final int MAX_COMMIT_ATTEMPTS = 200;

    private final Path target;
    private final Path staging;
    private final Thread cleanup;
    private boolean committed;

    private StagedFolder(Path target, Path staging) {
        this.target = target;
        this.staging = staging;
        this.cleanup = new Thread(() -> deleteQuietly(staging), "execplace-staging-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanup);
    }

    /**
     * Checks before any work that {@code dir} can be written as a whole: {@link OutputPaths#checkFolder}
     * and, if it exists and holds files, that it is an earlier execplace output.
     *
     * @throws BadInputException naming the option, the folder and the reason
     */
    public static void checkTarget(String option, Path dir) {
        OutputPaths.checkFolder(option, dir);
        if (Files.isDirectory(dir) && !isEmpty(dir) && !isOutput(dir)) {
            throw new BadInputException(option + " " + dir + ": the folder holds other files and is not an "
                    + "execplace output folder; it would be replaced as a whole, so give a new or empty folder");
        }
    }

    /** True for a folder an earlier run committed (or written before markers: it has results.csv or index.html). */
    static boolean isOutput(Path dir) {
        return Files.exists(dir.resolve(MARKER)) || Files.exists(dir.resolve("results.csv"))
                || Files.exists(dir.resolve("index.html"));
    }

    private static boolean isEmpty(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    /** Creates the staging folder next to {@code target} (creating the target's parent if needed). */
    public static StagedFolder create(Path target) throws IOException {
        Path abs = target.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        if (parent == null || abs.getFileName() == null) {
            throw new IOException("cannot write folder " + target + ": not a folder path");
        }
        Files.createDirectories(parent);
        Path staging = parent.resolve("." + abs.getFileName() + ".staging-" + hex());
        Files.createDirectory(staging);
        Files.createFile(staging.resolve(MARKER));
        return new StagedFolder(abs, staging);
    }

    /** The folder to write into. */
    public Path path() {
        return staging;
    }

    /** The folder the output ends up in. */
    public Path target() {
        return target;
    }

    /** Moves the staged folder into place, replacing an earlier output folder there. */
    public void commit() throws IOException {
        if (committed) {
            return;
        }
        Path parent = target.getParent();
        IOException last = null;
        for (int attempt = 0; attempt < MAX_COMMIT_ATTEMPTS; attempt++) {
            if (attempt > 2) {
                backOff();
            }
            Path old = null;
            if (existingFolder(target)) {
                old = parent.resolve("." + target.getFileName() + ".old-" + hex());
                try {
                    Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
                } catch (NoSuchFileException e) {
                    old = null; // another run moved it away first
                }
            }
            try {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                committed = true;
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("cannot move " + staging + " to " + target + ": no atomic rename there", e);
            } catch (FileSystemException e) {
                // Usually another run committed between our two renames ("Directory not empty"); that
                // run's folder may already be gone again by now, so the target's state tells nothing.
                // Retry while our staging folder is intact; a lasting cause (permissions) ends the loop.
                if (!Files.isDirectory(staging)) {
                    throw new IOException("cannot move " + staging + " to " + target + ": " + e.getMessage(), e);
                }
                last = e;
            } finally {
                if (old != null) {
                    restoreOrDelete(old);
                }
            }
            if (committed) {
                removeHook();
                return;
            }
        }
        throw new IOException("cannot move " + staging + " to " + target + " after " + MAX_COMMIT_ATTEMPTS
                + " attempts (other runs keep replacing it?): " + (last == null ? "" : last.getMessage()), last);
    }

    /**
     * True if {@code path} is a folder, false if nothing is there (perhaps because another run just
     * moved it away); a file there is an error, since runs only ever put folders there.
     */
    private static boolean existingFolder(Path path) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return false;
        }
        if (!attributes.isDirectory()) {
            throw new IOException("cannot write folder " + path + ": a file of that name exists");
        }
        return true;
    }

    /**
     * The earlier output moved aside in this round: deleted once our folder (or another run's) is in
     * place; put back if the target is still empty, so a failed commit leaves the target as it was.
     */
    private void restoreOrDelete(Path old) {
        if (!committed && !Files.exists(target)) {
            try {
                Files.move(old, target, StandardCopyOption.ATOMIC_MOVE);
                return;
            } catch (IOException e) {
                // Another run committed meanwhile: its folder stands, ours is retried or fails.
            }
        }
        deleteQuietly(old);
    }

    /** A short random pause so that runs committing at the same moment stop colliding. */
    private static void backOff() {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextInt(1, 4));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Without a commit: deletes the staging folder, leaving the target as it was. */
    @Override
    public void close() {
        if (!committed) {
            deleteQuietly(staging);
            removeHook();
        }
    }

    private void removeHook() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // The JVM is shutting down; the hook runs (or ran) anyway.
        }
    }

    private static String hex() {
        return Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    }

    /** Deletes a folder tree, best effort: for temporary folders, whose leftovers are harmless. */
    public static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // Leave what could not be deleted: it is hidden and never read.
        }
    }
}

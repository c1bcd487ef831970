package io.execplace.core.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before any work starts, that an output path can be written, so that a long run never
 * ends in "cannot write". Every command checks every output option it has through here.
 *
 * <p>The checks are what can be known without writing: the path is of the right kind (a file
 * option names no folder, a folder option no file), and its nearest existing ancestor is a
 * writable folder (a missing folder will be created there). A failed check throws
 * {@link BadInputException} (exit code 2) naming the option, the path and the reason.
 */
public final class OutputPaths {

    private OutputPaths() {
    }

    /**
     * Checks that {@code file} can be written as a file (created or replaced).
     *
     * @param option the option that names it, for the message (e.g. {@code --trace-out})
     */
    public static void checkFile(String option, Path file) {
        if (file.toString().isEmpty()) {
            throw new BadInputException(option + ": empty; give a file name");
        }
        if (file.toString().equals("-")) {
            // Not a file named '-': commands that can write to standard output take '-' before this check.
            throw new BadInputException(option + " -: this option cannot write to standard output; give a file name "
                    + "(or /dev/stdout)");
        }
        Path abs = file.toAbsolutePath().normalize();
        if (abs.getFileName() == null) {
            throw fail(option, file, "not a file path");
        }
        if (Files.isDirectory(abs)) {
            throw fail(option, file, "is a folder; give a file name");
        }
        if (Files.exists(abs) && !Files.isWritable(abs)) {
            throw fail(option, file, "the file exists and is not writable");
        }
        checkCreatableIn(option, file, abs.getParent());
    }

    /**
     * Checks that {@code dir} can be written as a folder: it is a writable folder, or it can be
     * created, and (for output written as a whole, see {@link StagedFolder}) its parent is writable.
     *
     * @param option the option that names it, for the message (e.g. {@code --out})
     */
    public static void checkFolder(String option, Path dir) {
        if (dir.toString().isEmpty()) {
            throw new BadInputException(option + ": empty; give a folder name");
        }
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw fail(option, dir, "is a file, not a folder");
        }
        if (Files.isDirectory(abs) && !Files.isWritable(abs)) {
            throw fail(option, dir, "the folder is not writable");
        }
        if (abs.getParent() != null) {
            checkCreatableIn(option, dir, abs.getParent());
        }
    }

    /** The nearest existing ancestor of {@code parent} must be a writable folder. */
    private static void checkCreatableIn(String option, Path given, Path parent) {
        Path p = parent;
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            throw fail(option, given, "no existing folder above it");
        }
        if (!Files.isDirectory(p)) {
            throw fail(option, given, p + " is a file, so no folder can be created there");
        }
        if (!Files.isWritable(p)) {
            throw fail(option, given, "folder " + p + " is not writable");
        }
        Path target = given.toAbsolutePath().normalize();
        boolean device = Files.exists(target) && !Files.isRegularFile(target) && !Files.isDirectory(target);
        if (!device) {
            probe(option, given, p);
        }
    }

    /**
     * Creates and deletes a hidden file in {@code folder}: permission bits do not tell everything
     * (for root every folder looks writable, {@code /proc} included; a read-only mount; a full
     * quota), and a refusal found here costs nothing, found after the run it costs the run.
     * Devices ({@code /dev/stdout}) are written in place and need no file beside them.
     */
    private static void probe(String option, Path given, Path folder) {
        Path probe = null;
        try {
            probe = Files.createTempFile(folder, ".execplace-probe-", ".tmp");
        } catch (IOException e) {
            String why = e instanceof FileSystemException f && f.getReason() != null ? f.getReason()
                    : e instanceof AccessDeniedException ? "permission denied"
                    : e instanceof NoSuchFileException ? "the file system takes no new files there"
                    : e.getClass().getSimpleName();
            throw fail(option, given, "cannot create files in " + folder + " (" + why + ")");
        } finally {
            if (probe != null) {
                try {
                    Files.deleteIfExists(probe);
                } catch (IOException e) {
                    // A hidden empty file left behind is harmless.
                }
            }
        }
    }

    private static BadInputException fail(String option, Path path, String why) {
        return new BadInputException(option + " " + path + ": cannot write there: " + why);
    }
}

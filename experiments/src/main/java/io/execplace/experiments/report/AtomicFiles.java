package io.execplace.experiments.report;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a whole file or nothing: the bytes go to a temporary file in the target's directory,
 * which is then renamed over the target with {@link StandardCopyOption#ATOMIC_MOVE}.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /**
     * Replaces {@code target} with {@code content}, creating missing parent directories.
     *
     * @throws IOException with the target path and the reason in its message; no temporary file
     *                     is left behind and an existing target is unchanged
     */
    public static void write(Path target, byte[] content) throws IOException {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(content, "content");
        Path absolute = target.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        Path name = absolute.getFileName();
        if (dir == null || name == null) {
            throw new IOException("Cannot write " + target + ": not a file path");
        }
        prepareDirectory(target, dir);

        // Not Files.createTempFile: it creates the file with mode 0600, which the rename would
        // carry over to the target and make reports unreadable to other users. CREATE_NEW gives
        // the usual umask-based mode. The dot prefix keeps the file out of casual listings.
        Path tmp = dir.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        boolean moved = false;
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                // Flush before the rename so a crash cannot leave a renamed but empty file.
                ch.force(true);
            }
            Files.move(tmp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("Cannot write " + target + ": the file system does not support atomic rename", e);
        } catch (IOException e) {
            throw new IOException("Cannot write " + target + ": " + describe(e), e);
        } finally {
            if (!moved) {
                deleteQuietly(tmp);
            }
        }
    }

    private static void prepareDirectory(Path target, Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IOException("Cannot write " + target + ": " + dir + " exists and is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            // e.g. an ancestor of dir is a regular file
            throw new IOException("Cannot write " + target + ": cannot create directory " + dir + " (" + describe(e) + ")", e);
        }
    }

    /** NIO exceptions often carry only a path as message; name the kind of failure too. */
    private static String describe(IOException e) {
        String kind = e.getClass().getSimpleName();
        return e.getMessage() == null ? kind : kind + ": " + e.getMessage();
    }

    private static void deleteQuietly(Path tmp) {
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // The original failure is the one worth reporting.
        }
    }
}

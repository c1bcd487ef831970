package io.execplace.core.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes files so that readers never see a half-written result: the content goes to a temporary
 * file in the target's directory, which then replaces the target in one atomic rename. If the
 * callback throws, the temporary file is deleted and the target is left as it was. Every project
 * output (traces, results, charts, reports, checkpoints) goes through here.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes UTF-8 text produced by {@code body} to {@code target}, atomically. */
    public static void write(Path target, IOConsumer<Writer> body) throws IOException {
        writeBytes(target, out -> {
            // Callers may close the writer (CSV printers and JSON generators do); writeBytes must
            // still force and rename the file afterwards, so close only flushes.
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            };
            body.accept(w);
            w.flush();
        });
    }

    /** Replaces {@code target} with {@code content}, atomically. */
    public static void write(Path target, byte[] content) throws IOException {
        writeBytes(target, out -> out.write(content));
    }

    /**
     * Writes the bytes produced by {@code body} to {@code target}, atomically, creating missing
     * parent directories.
     *
     * @throws IOException naming the target and the reason; no temporary file is left behind
     */
    public static void writeBytes(Path target, IOConsumer<OutputStream> body) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path dir = absolute.getParent();
        if (dir == null || absolute.getFileName() == null) {
            throw new IOException("cannot write " + target + ": not a file path");
        }
        if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
            writeInPlace(target, absolute, body);
            return;
        }
        prepareDirectory(target, dir);
        // Same directory as the target, so the final move is a rename on one file system. Not
        // Files.createTempFile: its 0600 mode would carry over to the target; CREATE_NEW gives
        // the usual umask-based mode. The dot prefix keeps the file out of casual listings.
        Path tmp = dir.resolve("." + absolute.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        boolean moved = false;
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                 OutputStream out = Channels.newOutputStream(ch)) {
                body.accept(out);
                out.flush();
                // On disk before the rename, so a crash cannot leave a renamed but empty file.
                ch.force(true);
            }
            move(tmp, absolute);
            moved = true;
        } catch (IOException e) {
            throw new IOException("cannot write " + target + ": " + describe(e), e);
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    /**
     * A target that exists and is no regular file — a device such as {@code /dev/stdout} or
     * {@code /dev/full}, or a named pipe — cannot be replaced by a rename (that would put a regular
     * file where the device was): it is written in place, and every error of the writes, the flush
     * and the close is reported. A directory is refused.
     */
    private static void writeInPlace(Path target, Path absolute, IOConsumer<OutputStream> body) throws IOException {
        if (Files.isDirectory(absolute)) {
            throw new IOException("cannot write " + target + ": it is a directory");
        }
        try (OutputStream out = Files.newOutputStream(absolute, StandardOpenOption.WRITE)) {
            body.accept(out);
            out.flush();
        } catch (IOException e) {
            throw new IOException("cannot write " + target + ": " + describe(e), e);
        }
    }

    private static void prepareDirectory(Path target, Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IOException("cannot write " + target + ": " + dir + " exists and is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IOException("cannot write " + target + ": cannot create directory " + dir + " (" + describe(e) + ")", e);
        }
    }

    private static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // Some file systems (certain network mounts) cannot rename atomically; a plain replace
            // still never exposes a partially written file under the target name.
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** NIO exceptions often carry only a path as message; name the kind of failure too. */
    private static String describe(IOException e) {
        String what = e instanceof NoSuchFileException ? "no such file or directory"
                : e instanceof AccessDeniedException ? "permission denied"
                : e instanceof FileAlreadyExistsException ? "already exists"
                : null;
        String msg = e.getMessage();
        if (what == null) {
            return msg == null ? e.getClass().getSimpleName() : msg;
        }
        return msg == null ? what : what + " (" + msg + ")";
    }
}

package io.execplace.core.io;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes files so that readers never see a half-written result: the content goes to a temporary
 * file in the target's directory, which then replaces the target in one atomic rename. If the
 * callback throws, the temporary file is deleted and the target is left as it was.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes UTF-8 text produced by {@code body} to {@code target}, atomically. */
    public static void write(Path target, IOConsumer<Writer> body) throws IOException {
        writeBytes(target, out -> {
            // Not closed here: writeBytes closes the stream; flushing is enough.
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            body.accept(w);
            w.flush();
        });
    }

    /** Writes the bytes produced by {@code body} to {@code target}, atomically. */
    public static void writeBytes(Path target, IOConsumer<OutputStream> body) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path dir = absolute.getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        // Same directory as the target, so the final move is a rename on one file system.
        Path tmp = Files.createTempFile(dir, "." + absolute.getFileName() + ".", ".tmp");
        boolean moved = false;
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                body.accept(out);
            }
            move(tmp, absolute);
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
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
}

package io.execplace.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;

/**
 * The process's standard output, remembering why a write failed. A {@link PrintWriter} (like
 * {@code System.out}) swallows write errors and only tells that one happened ({@link #checkError});
 * this one keeps the first error's reason ("No space left on device", "Broken pipe") for the line
 * {@link Main} prints then, and fails every later write at once. Encoded as {@code new
 * PrintWriter(System.out)} encodes: in the platform's charset.
 */
final class StandardOutput extends PrintWriter {

    private final Recording stream;

    /** The process's standard output. */
    StandardOutput() {
        this(new FileOutputStream(FileDescriptor.out));
    }

    /** Output to {@code target} (tests give a stream that fails). */
    StandardOutput(OutputStream target) {
        this(new Recording(target));
    }

    private StandardOutput(Recording stream) {
        super(stream, true);
        this.stream = stream;
    }

    /** Why writing failed, or null if nothing failed or the stream gave no reason. */
    String failure() {
        return stream.failure();
    }

    /** The line for output that could not be written: {@code null} if it all was (flushes first). */
    static String failureLine(PrintWriter out) {
        if (!out.checkError()) {
            return null;
        }
        String reason = out instanceof StandardOutput s ? s.failure() : null;
        return "execplace: error: cannot write standard output" + (reason == null ? "" : ": " + reason);
    }

    /** The stream under the writer: passes bytes on, keeps the first failure. */
    private static final class Recording extends OutputStream {
        private final OutputStream out;
        private IOException failure;

        Recording(OutputStream out) {
            this.out = out;
        }

        synchronized String failure() {
            return failure == null ? null : failure.getMessage();
        }

        @Override
        public synchronized void write(int b) throws IOException {
            check();
            try {
                out.write(b);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            check();
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw failed(e);
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            check();
            try {
                out.flush();
            } catch (IOException e) {
                throw failed(e);
            }
        }

        private void check() throws IOException {
            if (failure != null) {
                throw failure;
            }
        }

        private IOException failed(IOException e) {
            failure = e;
            return e;
        }
    }
}

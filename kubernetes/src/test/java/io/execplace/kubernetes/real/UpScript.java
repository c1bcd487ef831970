package io.execplace.kubernetes.real;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one of the repository's server scripts ({@code scripts/kube-apiserver}, {@code scripts/testbed}):
 * {@code up --dir DIR ...}, whose last line is {@code KUBECONFIG=PATH}, and {@code down --dir DIR}.
 */
final class UpScript {

    private UpScript() {
    }

    /**
     * Starts the server in {@code dir}, echoing the script's output to stderr; returns the kubeconfig.
     *
     * @param skipHint how to skip the tests that need it, for the failure message
     */
    static Path up(Path script, Path dir, List<String> arguments, String skipHint) {
        String last = null;
        StringBuilder output = new StringBuilder();
        try {
            List<String> command = new ArrayList<>(List.of(script.toString(), "up", "--dir", dir.toString()));
            command.addAll(arguments);
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            try (var reader = p.inputReader(StandardCharsets.UTF_8)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    output.append(line).append('\n');
                    System.err.println(line);
                    last = line;
                }
            }
            int rc = p.waitFor();
            if (rc != 0 || last == null || !last.startsWith("KUBECONFIG=")) {
                throw new IllegalStateException(script.getFileName() + " up failed (exit " + rc + "): " + output + "(" + skipHint + ")");
            }
            return Path.of(last.substring("KUBECONFIG=".length()));
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + script + " up", e);
        }
    }

    /** Stops the server and removes {@code dir}. */
    static void down(Path script, Path dir) {
        try {
            new ProcessBuilder(script.toString(), "down", "--dir", dir.toString()).inheritIO().start().waitFor();
        } catch (IOException e) {
            System.err.println("could not stop the server in " + dir + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A folder of this JVM's own for a server: on /dev/shm when writable, else the temporary folder. */
    static Path ownDir(String prefix) {
        Path base = java.nio.file.Files.isWritable(Path.of("/dev/shm")) ? Path.of("/dev/shm") : Path.of(System.getProperty("java.io.tmpdir"));
        return base.resolve(prefix + ProcessHandle.current().pid());
    }
}

package io.execplace.spark.profile;

import io.execplace.core.io.BadInputException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A Spark standalone cluster of network hosts on this machine for {@code profile --hosts N}: the
 * repository's {@code scripts/netns-spark.sh} puts N Workers in network namespaces behind a
 * bandwidth-limited bridge, with a spreading and a consolidating Master (docs/profile.md). Closing
 * it (or the JVM ending) tears everything down.
 */
final class NetworkHosts implements AutoCloseable {

    /** The Masters the script starts, and the address the driver must use on the bridge. */
    static final String SPREAD_MASTER = "spark://10.77.0.1:7077";
    static final String CONSOLIDATED_MASTER = "spark://10.77.0.1:7078";
    static final String DRIVER_ADDRESS = "10.77.0.1";

    /** Set when the JVM is being shut down (an interrupt): what fails after it is not a bug. */
    private static volatile boolean shuttingDown;

    private final Path script;
    private final Thread onExit;

    private NetworkHosts(Path script) {
        this.script = script;
        this.onExit = new Thread(() -> {
            shuttingDown = true;
            down(script);
        }, "execplace-netns-down");
        Runtime.getRuntime().addShutdownHook(onExit);
    }

    /**
     * Starts the cluster.
     *
     * @throws BadInputException when namespaces cannot be created here (no privileges, no netem for a
     *                           latency) or the script is missing: one line, nothing left behind
     */
    static NetworkHosts up(int hosts, Integer mbit, Integer latencyMs, PrintWriter err) throws IOException, InterruptedException {
        Path script = Path.of(System.getProperty("execplace.home", "."), "scripts", "netns-spark.sh");
        if (!Files.isRegularFile(script)) {
            throw new BadInputException("--hosts needs " + script + " (run execplace from its repository checkout)");
        }
        List<String> cmd = new ArrayList<>(List.of("bash", script.toString(), "up", Integer.toString(hosts),
                mbit == null ? "" : Integer.toString(mbit), latencyMs == null ? "" : Integer.toString(latencyMs)));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                lines.add(line);
            }
        }
        int code = p.waitFor();
        if (code != 0) {
            String last = lines.isEmpty() ? "exit " + code : lines.get(lines.size() - 1);
            down(script); // what the script made before it failed
            if (code == 2) {
                throw new BadInputException("--hosts: " + last.replaceFirst("^netns-spark: ", ""));
            }
            throw new IOException("--hosts: the network hosts did not start: " + last);
        }
        err.println(lines.stream().filter(l -> l.startsWith("netns-spark: ")).reduce((x, y) -> y)
                .orElse("netns-spark: " + hosts + " hosts up"));
        err.flush();
        return new NetworkHosts(script);
    }

    /** Whether the JVM is shutting down (interrupted), tearing the hosts down. */
    static boolean shuttingDown() {
        return shuttingDown;
    }

    private static void down(Path script) {
        try {
            new ProcessBuilder("bash", script.toString(), "down").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            // Nothing more to do on the way out: the next 'up' tears down what is left first.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        down(script);
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down: the hook runs.
        }
    }
}

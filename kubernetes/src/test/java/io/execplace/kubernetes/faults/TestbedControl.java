package io.execplace.kubernetes.faults;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Kills and revives the testbed's own components ({@code scripts/testbed kill|revive NAME}): a component
 * dies as a crashed process does (SIGKILL) and comes back with the command it was started with.
 */
final class TestbedControl {

    /** The testbed's components, as {@code scripts/testbed} names them. */
    enum Component {
        KUBE_APISERVER("kube-apiserver"), ETCD("etcd"), KARPENTER("karpenter"), KWOK("kwok");

        final String scriptName;

        Component(String scriptName) {
            this.scriptName = scriptName;
        }
    }

    private final Path script;
    private final Path dir;

    TestbedControl(Path script, Path dir) {
        this.script = script;
        this.dir = dir;
    }

    void kill(Component c) {
        run(List.of(script.toString(), "kill", c.scriptName, "--dir", dir.toString()));
    }

    /** Returns once the component is healthy again (the API server: its /readyz answers ok). */
    void revive(Component c) {
        run(List.of(script.toString(), "revive", c.scriptName, "--dir", dir.toString()));
    }

    private static void run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int rc = p.waitFor();
            if (rc != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + rc + "): " + output.strip());
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }
}

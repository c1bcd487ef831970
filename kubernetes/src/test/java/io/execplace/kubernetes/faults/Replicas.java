package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.run.LeaderElection;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Two or three scheduler replicas under leader election, each a JVM of its own ({@link ReplicaMain}), kept
 * alive as a Deployment keeps its pods: a replica that exits (killed, or lost its lease) is started again
 * after a second. Replica i's identity is {@code replica-i_UUID}, so the Lease tells which one leads.
 */
final class Replicas implements AutoCloseable {

    private static final long RESTART_DELAY_MILLIS = 1000;

    private final Path kubeconfig;
    private final Path prices;
    private final String schedulerName;
    private final LeaderElection.Settings lease;
    private final Path logDir;
    private final Process[] processes;
    private final ScheduledExecutorService restarter = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "replica-restarter");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean closing;

    Replicas(Path kubeconfig, Path prices, String schedulerName, LeaderElection.Settings lease, int count, Path logDir) {
        this.kubeconfig = kubeconfig;
        this.prices = prices;
        this.schedulerName = schedulerName;
        this.lease = lease;
        this.logDir = logDir;
        this.processes = new Process[count];
        for (int i = 0; i < count; i++) {
            start(i);
        }
    }

    private synchronized void start(int i) {
        if (closing) {
            return;
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), ReplicaMain.class.getName(), prices.toString(), schedulerName,
                Long.toString(lease.leaseDuration().toMillis()), Long.toString(lease.renewDeadline().toMillis()),
                Long.toString(lease.retryPeriod().toMillis()));
        pb.environment().put("KUBECONFIG", kubeconfig.toString());
        pb.environment().put("HOSTNAME", "replica-" + i);
        pb.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log(i).toFile()));
        try {
            Files.writeString(log(i), "--- started " + Instant.now() + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            Process p = pb.start();
            processes[i] = p;
            p.onExit().thenRun(() -> exited(i));
        } catch (IOException e) {
            throw new IllegalStateException("cannot start scheduler replica " + i + ": " + e.getMessage(), e);
        }
    }

    private void exited(int i) {
        if (!closing) {
            restarter.schedule(() -> start(i), RESTART_DELAY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    Path log(int i) {
        return logDir.resolve("replica-" + i + ".log");
    }

    int count() {
        return processes.length;
    }

    /** The replica the Lease names as holder, if any. */
    Optional<Integer> leader(KubernetesClient admin) {
        Lease l = admin.leases().inNamespace(lease.namespace()).withName(lease.leaseName()).get();
        if (l == null || l.getSpec() == null || l.getSpec().getHolderIdentity() == null) {
            return Optional.empty();
        }
        String holder = l.getSpec().getHolderIdentity();
        for (int i = 0; i < processes.length; i++) {
            if (holder.startsWith("replica-" + i + "_")) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** Kills replica i as a crash would (SIGKILL: no lease release); it is started again a second later. */
    void kill(int i) throws InterruptedException {
        Process p;
        synchronized (this) {
            p = processes[i];
        }
        p.destroyForcibly();
        p.waitFor();
    }

    /**
     * Stops replica i as a rolling update does (SIGTERM: it settles its bindings and releases the Lease), waiting
     * up to 30 s for it to exit before killing it; it is started again a second later.
     *
     * @return whether it exited of itself
     */
    boolean stop(int i) throws InterruptedException {
        Process p;
        synchronized (this) {
            p = processes[i];
        }
        p.destroy();
        if (p.waitFor(30, TimeUnit.SECONDS)) {
            return true;
        }
        p.destroyForcibly();
        p.waitFor();
        return false;
    }

    /** Replica i's resident memory now (VmRSS of /proc), in MiB; NaN when it is not running. */
    double rssMiB(int i) {
        Process p;
        synchronized (this) {
            p = processes[i];
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024.0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Gone meanwhile.
        }
        return Double.NaN;
    }

    /**
     * Replica i's scheduling cycles from its /metrics (the port its log names): the longest of the last two
     * minutes (Micrometer's decaying max) and the mean over its life, in seconds; empty when it cannot be read.
     */
    Optional<double[]> cycleSeconds(int i) {
        try {
            String log = Files.readString(log(i));
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("health and metrics on (http://[0-9.:]+)").matcher(log);
            String url = null;
            while (m.find()) {
                url = m.group(1);
            }
            if (url == null) {
                return Optional.empty();
            }
            java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(url + "/metrics")).timeout(java.time.Duration.ofSeconds(5)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            double max = Double.NaN;
            double sum = 0;
            double count = 0;
            for (String line : r.body().split("\n")) {
                String[] f = line.split(" ");
                if (f.length == 2 && f[0].equals("execplace_scheduling_cycle_duration_seconds_max")) {
                    max = Double.parseDouble(f[1]);
                } else if (f.length == 2 && f[0].equals("execplace_scheduling_cycle_duration_seconds_sum")) {
                    sum = Double.parseDouble(f[1]);
                } else if (f.length == 2 && f[0].equals("execplace_scheduling_cycle_duration_seconds_count")) {
                    count = Double.parseDouble(f[1]);
                }
            }
            return Optional.of(new double[] {max, count == 0 ? Double.NaN : sum / count});
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** Where each replica's log ends now: a mark for {@link #logsSince}. */
    long[] logMarks() {
        long[] marks = new long[processes.length];
        for (int i = 0; i < marks.length; i++) {
            marks[i] = log(i).toFile().length();
        }
        return marks;
    }

    /** What the replicas logged after the marks. */
    String logsSince(long[] marks) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < marks.length; i++) {
            try {
                byte[] all = Files.readAllBytes(log(i));
                text.append(new String(all, (int) Math.min(marks[i], all.length), (int) Math.max(0, all.length - marks[i]),
                        java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                text.append("(cannot read ").append(log(i)).append(": ").append(e.getMessage()).append(")\n");
            }
        }
        return text.toString();
    }

    @Override
    public void close() throws InterruptedException {
        closing = true;
        restarter.shutdownNow();
        Process[] all;
        synchronized (this) {
            all = processes.clone();
        }
        for (Process p : all) {
            if (p != null) {
                p.destroy();
            }
        }
        for (Process p : all) {
            if (p != null && !p.waitFor(20, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }
}

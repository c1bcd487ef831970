package io.execplace.kubernetes.faults;

import ch.qos.logback.classic.Level;
import io.execplace.kubernetes.run.LeaderElection;
import io.execplace.kubernetes.run.SchedulerLauncher;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.execplace.schedulers.heuristics.Gio;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One scheduler replica as a process of its own, so that killing it is a real crash: what
 * {@code execplace k8s-scheduler --scheduler gio --leader-elect} runs ({@link SchedulerLauncher#run}),
 * with the kubeconfig of {@code KUBECONFIG} and the identity prefix of {@code HOSTNAME}, logging at INFO.
 *
 * <p>Arguments: PRICES NAME LEASE_MS RENEW_MS RETRY_MS. Exit codes as the command line's: 1 when the
 * lease was lost, 2 for bad input (a malformed price table).
 */
public final class ReplicaMain {

    private ReplicaMain() {
    }

    public static void main(String[] args) {
        ((ch.qos.logback.classic.Logger) LoggerFactory.getLogger("io.execplace")).setLevel(Level.INFO);
        Path prices = Path.of(args[0]);
        String name = args[1];
        LeaderElection.Settings lease = new LeaderElection.Settings("kube-system", name, Duration.ofMillis(Long.parseLong(args[2])),
                Duration.ofMillis(Long.parseLong(args[3])), Duration.ofMillis(Long.parseLong(args[4])));
        SchedulerSettings settings = SchedulerSettings.builder().schedulerName(name).leaderElection(lease).build();
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        int rc;
        try {
            rc = SchedulerLauncher.run(settings, new Gio(), prices, new SchedulerLauncher.Endpoint("127.0.0.1", 0), out);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("replica: " + e.getMessage());
            rc = 2;
        } catch (RuntimeException e) {
            System.err.println("replica: " + e);
            rc = 1;
        }
        out.flush();
        System.exit(rc);
    }
}

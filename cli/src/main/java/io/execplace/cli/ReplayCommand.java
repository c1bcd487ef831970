package io.execplace.cli;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Workload;
import io.execplace.core.workload.Traces;
import io.execplace.kubernetes.replay.Replay;
import io.execplace.kubernetes.replay.ReplayResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code execplace replay}: a workload's Spark pods on a real cluster (the testbed of scripts/testbed),
 * placed by kube-scheduler or a named scheduler, nodes bought by Karpenter; reports their cost.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Replay a workload trace on a Kubernetes cluster with Karpenter (scripts/testbed):",
                "each application's driver and executor pods are created at its arrival ÷ K and run for its duration ÷ K;",
                "reports node cost from NodeClaim lifetimes × prices, node-hours, makespan, deadlines met. See docs/testbed.md."})
final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--kubeconfig", paramLabel = "FILE", required = true, description = "Kubeconfig of the cluster (scripts/testbed up prints it).")
    Path kubeconfig;

    @Option(names = "--workload", paramLabel = "FILE", required = true, description = "Workload trace file (csv, tpds, hyb or swim).")
    Path workload;

    @Option(names = "--prices", paramLabel = "FILE", required = true,
            description = "Price table the nodes are billed at (the testbed's DIR/prices.yaml).")
    Path prices;

    @Option(names = "--scheduler", paramLabel = "kube-scheduler|NAME", defaultValue = "kube-scheduler",
            description = "Who places the pods: kube-scheduler, or the schedulerName of a scheduler you run (execplace k8s-scheduler --name NAME) (default ${DEFAULT-VALUE}).")
    String scheduler;

    @Option(names = "--time-scale", paramLabel = "K", defaultValue = "60", description = "Workload seconds per real second (default ${DEFAULT-VALUE}).")
    double timeScale;

    @Option(names = "--namespace", paramLabel = "NS", defaultValue = "execplace-replay", description = "Namespace of the pods (created if missing; default ${DEFAULT-VALUE}).")
    String namespace;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "900",
            description = "Real seconds to wait after the last arrival for pods to end and nodes to go (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the figures as JSON.")
    Path json;

    @Override
    public Integer call() throws Exception {
        if (!(timeScale > 0) || !Double.isFinite(timeScale)) {
            throw BadInputException.option("--time-scale", "must be a number > 0, got " + timeScale);
        }
        if (!(timeoutSeconds > 0) || timeoutSeconds > 86_400) {
            throw BadInputException.option("--timeout", "must be a number of seconds from 0 to 86400, got " + timeoutSeconds);
        }
        Workload jobs = Traces.read(workload);
        if (!Files.isReadable(kubeconfig)) {
            throw BadInputException.option("--kubeconfig", "cannot read " + kubeconfig);
        }
        if (json != null && !Files.isDirectory(json.toAbsolutePath().getParent())) {
            throw BadInputException.option("--json", "no directory " + json.toAbsolutePath().getParent());
        }
        String schedulerName = "kube-scheduler".equals(scheduler) ? "default-scheduler" : scheduler;
        ReplayResult result = Replay.run(kubeconfig, prices, new Replay.Settings(namespace, schedulerName, timeScale,
                Duration.ofMillis(Math.round(timeoutSeconds * 1000))), jobs);
        Map<String, Object> summary = result.summary();
        PrintWriter out = spec.commandLine().getOut();
        summary.forEach((k, v) -> out.printf("%-26s %s%n", k, v instanceof Double d ? String.format("%.6g", d) : v));
        out.flush();
        if (json != null) {
            Path tmp = Files.createTempFile(json.toAbsolutePath().getParent(), ".replay", ".json");
            Files.writeString(tmp, json(summary));
            Files.move(tmp, json, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        return result.applications().finished() == result.applications().count() ? 0 : 1;
    }

    /** The figures as one JSON object (NaN, for no value, as null). */
    static String json(Map<String, Object> summary) {
        StringBuilder b = new StringBuilder("{");
        summary.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append('"').append(k).append("\": ")
                .append(v instanceof Double d && !Double.isFinite(d) ? "null" : v));
        return b.append("}\n").toString();
    }
}

package io.execplace.cli.k8s;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Version;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.JsonKeys;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.workload.Traces;
import io.execplace.experiments.study.ReplayReport;
import io.execplace.kubernetes.replay.Prediction;
import io.execplace.kubernetes.replay.Replay;
import io.execplace.kubernetes.replay.ReplayResult;
import io.execplace.kubernetes.replay.ReplaySetup;
import io.execplace.schedulers.elastic.EveryPodProtected;
import io.execplace.schedulers.elastic.RoomWaitModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code execplace replay}: a workload's Spark pods on a real cluster (the testbed of scripts/testbed),
 * placed by kube-scheduler or a named scheduler, nodes bought by Karpenter; reports their cost.
 */
@Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Replay a workload trace on a Kubernetes cluster with Karpenter (scripts/testbed).",
                "Each application's driver and executor pods are created at its arrival ÷ K and run for its duration ÷ K;",
                "reports node cost from NodeClaim lifetimes × prices, node-hours, makespan, deadlines met, and with",
                "--predict the simulator's prediction beside each figure. See docs/testbed.md."})
public final class ReplayCommand extends ContextCommand {

    public ReplayCommand(CommandContext context) {
        super(context);
    }

    @Option(names = "--kubeconfig", paramLabel = "FILE", description = "Kubeconfig of the cluster (scripts/testbed up prints it); "
            + "required unless --predict-only.")
    Path kubeconfig;

    @Option(names = "--workload", paramLabel = "FILE", required = true, description = "Workload trace file (csv, tpds, hyb or swim).")
    Path workload;

    @Mixin
    PriceTableOption prices;

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

    @Option(names = "--json", paramLabel = "FILE",
            description = "Also write the figures as JSON, and as CSV beside it (the same name ending in .csv; execplace report reads the JSON).")
    Path json;

    @Option(names = "--predict", paramLabel = "POLICY",
            description = "Also simulate the same workload on the elastic model of the testbed with this policy "
                    + "(kube-default models kube-scheduler, kube-spot kube-scheduler with executors on spot), its spot pool taken "
                    + "back as the replay takes it, and print each figure beside the replay's with the gap.")
    String predict;

    @Option(names = "--instance-types", paramLabel = "FILE",
            description = "The kwok provider's instance types (default: instance-types.json beside --prices, as scripts/testbed writes it).")
    Path instanceTypes;

    @Option(names = "--launch-seconds", paramLabel = "S", defaultValue = "2",
            description = "For --predict: real seconds from a pending pod to its node being ready (default ${DEFAULT-VALUE}).")
    double launchSeconds;

    @Option(names = "--consolidate-after", paramLabel = "S", defaultValue = "60",
            description = "For --predict: real seconds from a node emptying to its removal (default ${DEFAULT-VALUE}: the testbed's "
                    + "consolidateAfter 10 s, its disruption loop and re-check; docs/testbed.md).")
    double consolidateAfter;

    @Option(names = "--consolidation-policy", paramLabel = "WhenEmpty|WhenEmptyOrUnderutilized", defaultValue = "WhenEmpty",
            description = "For --predict: the NodePools' consolidationPolicy, as given to scripts/testbed up (default ${DEFAULT-VALUE}: "
                    + "only empty nodes removed, the model of the earlier predictions in docs/testbed.md).")
    String consolidationPolicy;

    @Option(names = "--pod-by-pod", description = "For --predict kube-default or kube-most: kube-scheduler modelled pod by pod, "
            + "as the testbed runs it: each pod starts when its own node is ready and ends its own run later, is bound only to a "
            + "ready node, and Karpenter buys for the rest in batches of an application's pods (default: the application's "
            + "executors start together once the last node it bought is ready; docs/testbed.md).")
    boolean podByPod;

    @Option(names = "--karpenter-batch", paramLabel = "IDLE,MAX", split = ",",
            description = "For --pod-by-pod: Karpenter's batch window, real seconds: a pod no ready node holds waits for it to close, "
                    + "IDLE after the last pod that joined it, at most MAX after the first, and takes room that frees meanwhile "
                    + "(Karpenter's defaults: 1,10; default, or IDLE 0: none, Karpenter decides as the pod arrives).")
    List<Double> karpenterBatch = new ArrayList<>();

    @Option(names = "--wait-for-room", paramLabel = "SECONDS",
            description = "For --predict: the policy waits for room as k8s-scheduler --wait-for-room SECONDS does (real seconds, "
                    + "x K in the model): where it would buy a node, an application waits while the running pods' ends free room "
                    + "for it within SECONDS in all from its first wait and its deadline is still met by a node bought then; each "
                    + "driver carries its application's deadline, as the replay's pods do (default: no wait; docs/testbed.md).")
    Double waitForRoom;

    @Option(names = "--backfill", description = "For --predict: later applications may pass one left waiting, as "
            + "k8s-scheduler --backfill; each driver carries its application's deadline, as with --wait-for-room "
            + "(default: a waiting head holds the queue, the simulator's default).")
    boolean backfill;

    @Option(names = "--protect-executors", description = "For --predict: executor pods are never drained by consolidation, "
            + "as k8s-scheduler --protect-executors (karpenter.sh/do-not-disrupt).")
    boolean protectExecutors;

    @Option(names = "--protect-drivers", description = "For --predict: driver pods are never drained by consolidation, "
            + "as k8s-scheduler --protect-drivers.")
    boolean protectDrivers;

    @Option(names = "--predict-only", description = "Only the prediction (needs --predict): no cluster is contacted and "
            + "--kubeconfig is not needed; prints the simulated figures (and writes them with --json).")
    boolean predictOnly;

    @Option(names = "--executors-on-spot", description = "Executors ask for spot nodes and drivers for on-demand ones "
            + "(node selector karpenter.sh/capacity-type), whichever scheduler places them.")
    boolean executorsOnSpot;

    @Option(names = "--spot-interruptions", paramLabel = "T[,T...]", split = ",",
            description = "Workload seconds at which every live spot node gets an interruption notice (a NoSchedule taint), "
                    + "and is deleted --notice seconds later; lost executors are replaced as Spark replaces them.")
    List<Double> spotInterruptions = new ArrayList<>();

    @Option(names = "--spot-interruption-rate", paramLabel = "P", defaultValue = "0",
            description = "The simulator's hazard model instead of (or beside) a trace: each spot node, when it appears, draws its "
                    + "lifetime with probability P of being taken within 30 days (the Spot Instance Advisor's bands: 0.025 for "
                    + "its lowest, under 5 percent a month, 0.25 for its highest), gets the notice --notice seconds before its end and is deleted at its end (default 0: none).")
    double spotInterruptionRate;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the per-node hazard draws (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--notice", paramLabel = "S", defaultValue = "120",
            description = "Workload seconds from a spot interruption notice to the node's deletion (default ${DEFAULT-VALUE}, AWS's).")
    double notice;

    @Override
    public Integer call() throws Exception {
        Replay.Settings settings = ReplaySetup.settings(namespace, scheduler, timeScale, timeoutSeconds);
        Replay.Spot spot = ReplaySetup.spot(executorsOnSpot, spotInterruptions, notice, spotInterruptionRate, seed);
        Workload jobs = Traces.read(workload);
        if (predictOnly && predict == null) {
            throw BadInputException.option("--predict-only", "needs --predict POLICY");
        }
        if (podByPod && !(POD_BY_POD.contains(predict) && !executorsOnSpot)) {
            throw BadInputException.option("--pod-by-pod", "models kube-scheduler only: --predict kube-default or kube-most, "
                    + "without --executors-on-spot" + (predict == null ? "" : "; got --predict " + predict));
        }
        if (!karpenterBatch.isEmpty() && (!podByPod || karpenterBatch.size() != 2 || !(karpenterBatch.get(0) >= 0)
                || !(karpenterBatch.get(1) >= karpenterBatch.get(0)) || karpenterBatch.get(1) > 3600)) {
            throw BadInputException.option("--karpenter-batch", "needs --pod-by-pod and IDLE,MAX real seconds with "
                    + "0 <= IDLE <= MAX <= 3600, got " + karpenterBatch);
        }
        checkSchedulerOptions();
        if (!predictOnly && (kubeconfig == null || !Files.isReadable(kubeconfig))) {
            throw BadInputException.option("--kubeconfig", kubeconfig == null ? "required (unless --predict-only)"
                    : "cannot read " + kubeconfig);
        }
        if (json != null && !Files.isDirectory(json.toAbsolutePath().getParent())) {
            throw BadInputException.option("--json", "no directory " + json.toAbsolutePath().getParent());
        }
        Path types = instanceTypes != null ? instanceTypes : prices.file.toAbsolutePath().resolveSibling("instance-types.json");
        Prediction prediction = null;
        if (predict != null) {
            Options.checked("--predict", () -> context.schedulers().check(predict));
            if (!Files.isReadable(types)) {
                throw BadInputException.option("--instance-types", "cannot read " + types);
            }
            prediction = ReplaySetup.prediction(settings, spot, launchSeconds, consolidateAfter, consolidationPolicy);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (predictOnly) {
            Map<String, Object> predicted = predicted(prediction, jobs, types);
            predicted.forEach((k, v) -> out.printf("%-26s %s%n", k, shown(v)));
            out.flush();
            if (json != null) {
                Map<String, Object> simulated = ReplaySetup.joined(Map.of(), predicted);
                AtomicFiles.write(json, json(simulated).getBytes(StandardCharsets.UTF_8));
                AtomicFiles.write(csvBeside(json), ReplayReport.csv(simulated).getBytes(StandardCharsets.UTF_8));
            }
            return 0;
        }
        ReplayResult result = Replay.run(kubeconfig, prices.file, settings, spot, jobs);
        Map<String, Object> summary = result.summary();
        Map<String, Object> predicted = prediction == null ? Map.of() : predicted(prediction, jobs, types);
        if (predicted.isEmpty()) {
            summary.forEach((k, v) -> out.printf("%-26s %s%n", k, shown(v)));
        } else {
            out.printf("%-26s %14s %14s %8s%n", "", "replay", "simulated", "gap %");
            summary.forEach((k, v) -> {
                Object p = predicted.get(k);
                out.printf("%-26s %14s %14s %8s%n", k, shown(v), p == null ? "" : shown(p), p == null ? "" : gap(v, p));
            });
            summary = ReplaySetup.joined(summary, predicted);
        }
        out.flush();
        if (json != null) {
            AtomicFiles.write(json, json(summary).getBytes(StandardCharsets.UTF_8));
            AtomicFiles.write(csvBeside(json), ReplayReport.csv(summary).getBytes(StandardCharsets.UTF_8));
        }
        return result.applications().finished() == result.applications().count() ? 0 : 1;
    }

    /** The policies {@code --pod-by-pod} models (kube-scheduler's default scoring and MostAllocated). */
    private static final List<String> POD_BY_POD = List.of("kube-default", "kube-most");

    private Map<String, Object> predicted(Prediction prediction, Workload jobs, Path types) throws IOException {
        if (podByPod) {
            return prediction.predictPodByPod(jobs, types, predict.equals("kube-most"),
                    karpenterBatch.isEmpty() ? 0 : karpenterBatch.get(0), karpenterBatch.isEmpty() ? 0 : karpenterBatch.get(1));
        }
        PlacementPolicy policy = context.schedulers().create(predict, 1);
        if (waitForRoom != null) {
            policy = new RoomWaitModel(policy, waitForRoom * timeScale);
        }
        if (protectExecutors || protectDrivers) {
            policy = new EveryPodProtected(policy, job -> Prediction.isDriver(job) ? protectDrivers : protectExecutors);
        }
        return waitForRoom != null || backfill ? prediction.predictScheduled(jobs, types, policy, backfill)
                : prediction.predict(jobs, types, policy, executorsOnSpot);
    }

    /** k8s-scheduler's options modelled by the prediction: they need --predict, and the model of its drivers as jobs of their own. */
    private void checkSchedulerOptions() {
        String given = waitForRoom != null ? "--wait-for-room" : backfill ? "--backfill" : protectExecutors ? "--protect-executors"
                : protectDrivers ? "--protect-drivers" : null;
        if (given == null) {
            return;
        }
        if (predict == null || podByPod || executorsOnSpot) {
            throw BadInputException.option(given, "models execplace's scheduler in the prediction: needs --predict POLICY, "
                    + "without --pod-by-pod or --executors-on-spot");
        }
        if (waitForRoom != null && !(waitForRoom > 0 && waitForRoom <= 3600)) {
            throw BadInputException.option("--wait-for-room", "must be real seconds > 0 and <= 3600, got " + waitForRoom);
        }
    }

    /** The CSV file written beside a JSON file: its name with .csv for .json (or .csv added). */
    public static Path csvBeside(Path json) {
        String name = json.getFileName().toString();
        String base = name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
        return json.resolveSibling(base + ".csv");
    }

    private static String shown(Object v) {
        return v instanceof Double d ? String.format("%.6g", d) : String.valueOf(v);
    }

    /** (simulated − replay) / replay in percent; blank when the replay's figure is 0. */
    private static String gap(Object replay, Object simulated) {
        double r = ((Number) replay).doubleValue();
        double s = ((Number) simulated).doubleValue();
        return r == 0 || !Double.isFinite(r) || !Double.isFinite(s) ? "" : String.format("%+.1f", 100 * (s - r) / r);
    }

    /**
     * The figures as one JSON object (NaN, for no value, as null), their names as JSON keys in camelCase
     * ({@code node_cost} → {@code nodeCost}; the CSV beside keeps the names as printed).
     */
    public static String json(Map<String, Object> summary) {
        StringBuilder b = new StringBuilder("{");
        summary.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append('"').append(JsonKeys.camel(k)).append("\": ")
                .append(v instanceof Double d && !Double.isFinite(d) ? "null" : v));
        return b.append("}\n").toString();
    }
}

package io.execplace.cli.k8s;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.MilpTimeLimit;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Version;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.core.model.Site;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.disruption.DrainSettings;
import io.execplace.kubernetes.disruption.PoolRule;
import io.execplace.kubernetes.provision.InstanceShape;
import io.execplace.kubernetes.provision.ProvisionSettings;
import io.execplace.kubernetes.run.LeaderElection;
import io.execplace.kubernetes.run.SchedulerLauncher;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.execplace.schedulers.spi.SchedulerOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code execplace k8s-scheduler}: a secondary Kubernetes scheduler for Spark executor pods. Only
 * plain values live here; all Kubernetes work is in the {@code kubernetes} module, whose classes
 * (and fabric8's) are loaded only when this command runs.
 */
@Command(name = "k8s-scheduler", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Run as a Kubernetes scheduler for Spark executor pods (spark.kubernetes.scheduler.name).",
                "Binds the pods whose spec.schedulerName is --name, each Spark application all or nothing,",
                "with any execplace placement policy. Connects like kubectl (kubeconfig or in-cluster).",
                "See docs/kubernetes.md."})
public final class K8sSchedulerCommand extends ContextCommand {

    public K8sSchedulerCommand(CommandContext context) {
        super(context);
    }

    @Mixin
    PriceTableOption prices;

    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "gio",
            description = "Placement policy: gio, first-fit, milp, agent:PATH, ... (default ${DEFAULT-VALUE}).")
    String scheduler;

    @Option(names = "--name", paramLabel = "NAME", defaultValue = "execplace",
            description = "Scheduler name: the pods' spec.schedulerName (default ${DEFAULT-VALUE}).")
    String name;

    @Option(names = "--queue", paramLabel = "fcfs|edf", defaultValue = "fcfs",
            description = "Order among waiting applications, as in the simulator (default ${DEFAULT-VALUE}).")
    String queue;

    @Option(names = "--backfill", description = "Let later applications start while the queue head waits.")
    boolean backfill;

    @Option(names = "--namespace", paramLabel = "NS", description = "Only schedule pods of this namespace (default: all).")
    String namespace;

    @Option(names = "--batch-window", paramLabel = "MS", defaultValue = "2000",
            description = "Wait this long after an application's newest executor pod before placing it, "
                    + "unless its driver has the annotation execplace.io/executors (default ${DEFAULT-VALUE}).")
    long batchWindowMillis;

    @Option(names = "--default-duration", paramLabel = "SECONDS", defaultValue = "600",
            description = "Expected run time of an application without the annotation "
                    + "execplace.io/expected-duration-seconds (default ${DEFAULT-VALUE}).")
    double defaultDuration;

    @Option(names = "--site-label", paramLabel = "LABEL", defaultValue = "execplace.io/site",
            description = "Node label whose value is local or cloud (default ${DEFAULT-VALUE}).")
    String siteLabel;

    @Option(names = "--default-site", paramLabel = "local|cloud", defaultValue = "cloud",
            description = "Site of nodes without that label (default ${DEFAULT-VALUE}).")
    String defaultSite;

    @Option(names = "--placement-log", paramLabel = "FILE",
            description = "Append a JSON line per pod bound and per pod ended (pod, node, Spark application and executor, "
                    + "times), the placement log that whatif --pods reads (docs/eventlogs.md).")
    Path placementLog;

    @Option(names = "--dry-run", description = "Read the cluster, print what would be bound, bind nothing, exit.")
    boolean dryRun;

    @Option(names = "--cordon-empty", description = "Cordon nodes that became empty (needs RBAC 'patch nodes').")
    boolean cordonEmpty;

    @Option(names = "--bind-attempts", paramLabel = "N", defaultValue = "3",
            description = "Attempts per binding on 429/5xx answers (default ${DEFAULT-VALUE}).")
    int bindAttempts;

    @Option(names = "--http-address", paramLabel = "HOST", defaultValue = "0.0.0.0",
            description = "Address of the /healthz, /readyz and /metrics endpoint (default ${DEFAULT-VALUE}).")
    String httpAddress;

    @Option(names = "--http-port", paramLabel = "PORT", defaultValue = "8080",
            description = "Port of that endpoint; -1 turns it off (default ${DEFAULT-VALUE}).")
    int httpPort;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of randomised policies (default ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    MilpTimeLimit milpTimeLimit;

    @Option(names = "--single-zone", description = "Place each application's executors within one zone "
            + "(label topology.kubernetes.io/zone): no cross-zone shuffle traffic; the cheapest zone by extra cost wins.")
    boolean singleZone;

    @Option(names = "--capacity-type-label", paramLabel = "LABEL",
            description = "A node label whose value spot (any case) or true marks a spot node, beside karpenter.sh/capacity-type, "
                    + "eks.amazonaws.com/capacityType and cloud.google.com/gke-spot (spot prices, and drivers kept off spot).")
    String capacityTypeLabel;

    @Option(names = "--drivers-on-spot", description = "Let Spark drivers run on spot nodes (by default they are kept off: "
            + "a driver's node taken back fails its whole application).")
    boolean driversOnSpot;

    @Option(names = "--driver-gang", description = "Place a Spark driver only where it and its executors fit now, and hold "
            + "the executors' room until they come (the driver's annotations give their number and size: "
            + "execplace.io/executors and execplace.io/executor-cpu/-memory, or YuniKorn's task groups; docs/kubernetes.md).")
    boolean driverGang;

    @Option(names = "--bind-early", description = "Bind an application's executors as they come, once its whole gang "
            + "(the driver's execplace.io/executors or min-executors) has room, and hold the room of the missing ones "
            + "(YuniKorn's placeholders) instead of waiting for the last executor.")
    boolean bindEarly;

    @Option(names = "--partial-gangs", description = "Place executors as they come, without waiting for the rest of their "
            + "application, and when they do not all fit bind those that fit now and leave only the rest pending, as "
            + "kube-scheduler binds pod by pod: a node provisioner such as Karpenter then buys nodes for exactly the pods "
            + "that fit no existing node (docs/testbed.md).")
    boolean partialGangs;

    @Option(names = "--protect-executors", description = "Bind executor pods with Karpenter's karpenter.sh/do-not-disrupt "
            + "annotation (the duration the policy's placement names, else \"true\"), so consolidation and drift leave their "
            + "nodes alone while they run (docs/kubernetes.md).")
    boolean protectExecutors;

    @Option(names = "--protect-drivers", description = "Bind Spark driver pods with Karpenter's karpenter.sh/do-not-disrupt: "
            + "\"true\": a driver lives as long as its application, and consolidation evicting it loses the whole "
            + "application (its executors are deleted with it; docs/kubernetes.md).")
    boolean protectDrivers;

    @Option(names = "--consolidation-policy", paramLabel = "POLICY", defaultValue = PoolRule.DEFAULT_POLICY,
            description = "With --protect-executors: Karpenter's consolidationPolicy of nodes no NodePool describes "
            + "(WhenEmpty, WhenEmptyOrUnderutilized, Balanced; default ${DEFAULT-VALUE}, Karpenter's).")
    String consolidationPolicy;

    @Option(names = "--consolidate-after", paramLabel = "DURATION", defaultValue = PoolRule.DEFAULT_CONSOLIDATE_AFTER,
            description = "With --protect-executors: Karpenter's consolidateAfter of those nodes (30s, 5m, Never; default ${DEFAULT-VALUE}).")
    String consolidateAfter;

    @Option(names = "--node-launch-seconds", paramLabel = "SECONDS", defaultValue = "90",
            description = "With --protect-executors: seconds a job a drain stopped waits for a new node (default ${DEFAULT-VALUE}).")
    double nodeLaunchSeconds;

    @Option(names = "--ignore-nodepools", description = "With --protect-executors: do not read Karpenter's NodePools; every node "
            + "has the rule of --consolidation-policy and --consolidate-after.")
    boolean ignoreNodePools;
    @Option(names = "--provision", paramLabel = "marks|nodeclaims", defaultValue = "marks",
            description = "How pods no node holds get nodes: marks (PodScheduled=False, Unschedulable: a provisioner such as "
                    + "Karpenter chooses the node) or nodeclaims (execplace chooses the instance type its placement would buy "
                    + "and writes a Karpenter NodeClaim of it; needs --instance-types; docs/testbed.md). Default ${DEFAULT-VALUE}.")
    String provision;

    @Option(names = "--instance-types", paramLabel = "FILE",
            description = "With --provision nodeclaims: the instance types the NodePools may launch, in the format of Karpenter's "
                    + "kwok provider (name, resources.cpu/memory, offerings with capacity type and price).")
    Path instanceTypes;

    @Option(names = "--node-pools", paramLabel = "POOL[,POOL...]", split = ",", defaultValue = "on-demand,spot",
            description = "With --provision nodeclaims: the Karpenter NodePools to claim from, by the capacity type each allows; "
                    + "the first serves pods without a capacity-type node selector (default ${DEFAULT-VALUE}).")
    List<String> nodePools;

    @Option(names = "--launch-timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "With --provision nodeclaims: seconds a claim may take to give a node before its pods are bought "
                    + "for again (default ${DEFAULT-VALUE}).")
    double launchTimeoutSeconds;

    @Option(names = "--claim-batch", paramLabel = "IDLE,MAX", defaultValue = "0,0",
            description = "With --provision nodeclaims: gather the applications waiting for room until IDLE seconds pass "
                    + "without a new one, or MAX seconds from the first, and buy for them together (Karpenter's batcher: 1,10); "
                    + "0,0: each cycle's applications are bought for together (default ${DEFAULT-VALUE}).")
    String claimBatch;

    @Option(names = "--wait-for-room", paramLabel = "SECONDS", defaultValue = "0",
            description = "An application left waiting for room waits up to SECONDS (a node's launch, real seconds) for room the "
                    + "running pods free, by their expected-duration annotation and start time, instead of a node being bought or "
                    + "marked for it, while its deadline allows (finish-together-spot's wait in the elastic model); 0: never "
                    + "(default ${DEFAULT-VALUE}).")
    double waitForRoomSeconds;

    @Option(names = "--hold-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "Seconds held room waits for executors when the driver gives no gang timeout (default ${DEFAULT-VALUE}).")
    double holdTimeoutSeconds;

    @Option(names = "--leader-elect", description = "Run as one of several replicas: only the holder of a Lease schedules "
            + "(as kube-scheduler's --leader-elect; needs the Lease role in deploy/rbac.yaml).")
    boolean leaderElect;

    @Option(names = "--leader-elect-namespace", paramLabel = "NS", defaultValue = "kube-system",
            description = "Namespace of the Lease, named after --name (default ${DEFAULT-VALUE}).")
    String leaderElectNamespace;

    @Option(names = "--leader-elect-lease-duration", paramLabel = "SECONDS", defaultValue = "15",
            description = "Seconds the others wait after the leader's last renewal before taking over (default ${DEFAULT-VALUE}).")
    double leaseDurationSeconds;

    @Option(names = "--leader-elect-renew-deadline", paramLabel = "SECONDS", defaultValue = "10",
            description = "Seconds the leader keeps trying to renew before it stops (default ${DEFAULT-VALUE}).")
    double renewDeadlineSeconds;

    @Option(names = "--leader-elect-retry-period", paramLabel = "SECONDS", defaultValue = "2",
            description = "Seconds between attempts to acquire or renew (default ${DEFAULT-VALUE}).")
    double retryPeriodSeconds;

    private LeaderElection.Settings leaderElection() {
        if (!leaderElect) {
            return null;
        }
        for (double v : new double[] {leaseDurationSeconds, renewDeadlineSeconds, retryPeriodSeconds}) {
            if (!(v > 0) || !Double.isFinite(v)) {
                throw BadInputException.option("--leader-elect-*", "durations must be numbers of seconds > 0, got " + v);
            }
        }
        return Options.checked("--leader-elect-lease-duration", () -> new LeaderElection.Settings(leaderElectNamespace, name,
                Duration.ofMillis(Math.round(leaseDurationSeconds * 1000)), Duration.ofMillis(Math.round(renewDeadlineSeconds * 1000)),
                Duration.ofMillis(Math.round(retryPeriodSeconds * 1000))));
    }

    /** The consolidation options, each bad value named by its option. */
    private DrainSettings drains() {
        DrainSettings d = Options.checked("--node-launch-seconds", () -> DrainSettings.DEFAULTS.withRelaunchSeconds(nodeLaunchSeconds));
        Options.checked("--consolidation-policy", () -> PoolRule.of("options", consolidationPolicy, PoolRule.DEFAULT_CONSOLIDATE_AFTER));
        return Options.checked("--consolidate-after", () -> d.withRule(consolidationPolicy, consolidateAfter).withReadNodePools(!ignoreNodePools));
    }

    private Duration holdTimeout() {
        if (!(holdTimeoutSeconds >= 1) || holdTimeoutSeconds > 86_400) {
            throw BadInputException.option("--hold-timeout", "must be a number of seconds from 1 to 86400, got " + holdTimeoutSeconds);
        }
        return Duration.ofMillis(Math.round(holdTimeoutSeconds * 1000));
    }

    private ProvisionSettings provisioning() {
        if ("marks".equals(provision)) {
            return null;
        }
        if (!"nodeclaims".equals(provision)) {
            throw BadInputException.option("--provision", "must be marks or nodeclaims, got '" + provision + "'");
        }
        if (instanceTypes == null) {
            throw BadInputException.option("--instance-types", "is required with --provision nodeclaims");
        }
        if (!(launchTimeoutSeconds >= 1) || launchTimeoutSeconds > 3600) {
            throw BadInputException.option("--launch-timeout", "must be a number of seconds from 1 to 3600, got " + launchTimeoutSeconds);
        }
        String[] batch = claimBatch.split(",", -1);
        double idle;
        double max;
        try {
            idle = Double.parseDouble(batch[0].trim());
            max = batch.length == 2 ? Double.parseDouble(batch[1].trim()) : Double.NaN;
        } catch (NumberFormatException e) {
            idle = Double.NaN;
            max = Double.NaN;
        }
        if (!(idle >= 0 && max >= idle && max <= 600)) {
            throw BadInputException.option("--claim-batch", "must be IDLE,MAX seconds with 0 <= IDLE <= MAX <= 600, got '" + claimBatch + "'");
        }
        return new ProvisionSettings(InstanceShape.read(instanceTypes), nodePools,
                Duration.ofMillis(Math.round(launchTimeoutSeconds * 1000)), Duration.ofMillis(Math.round(idle * 1000)),
                Duration.ofMillis(Math.round(max * 1000)));
    }

    private Duration roomWait() {
        if (!(waitForRoomSeconds >= 0) || waitForRoomSeconds > 600) {
            throw BadInputException.option("--wait-for-room", "must be a number of seconds from 0 to 600, got " + waitForRoomSeconds);
        }
        return Duration.ofMillis(Math.round(waitForRoomSeconds * 1000));
    }

    @Override
    public Integer call() throws Exception {
        if (httpPort < -1 || httpPort > 65535) {
            throw BadInputException.option("--http-port", "must be -1 (off) or 0..65535, got " + httpPort);
        }
        QueuePolicy order = Options.checked("--queue", () -> QueuePolicy.byName(queue));
        if (order.reordersOverTime()) {
            // The scheduling cycle sorts by the fixed order only; an order that moves with the clock would silently act as another.
            throw BadInputException.option("--queue", "'" + queue + "' re-ranks with the clock, which the Kubernetes scheduler does not; use fcfs or edf");
        }
        SchedulerSettings settings = SchedulerSettings.builder()
                .schedulerName(name).namespace(namespace).queue(order).backfill(backfill)
                .batchWindow(Duration.ofMillis(batchWindowMillis)).defaultDurationSeconds(defaultDuration)
                .siteLabel(siteLabel).defaultSite(Options.checked("--default-site", () -> Site.parse(defaultSite))).dryRun(dryRun).cordonEmpty(cordonEmpty)
                .bindAttempts(bindAttempts).leaderElection(leaderElection()).singleZone(singleZone).driverGang(driverGang).bindEarly(bindEarly).partialGangs(partialGangs)
                .protectExecutors(protectExecutors).protectDrivers(protectDrivers).holdTimeout(holdTimeout()).capacityTypeLabel(capacityTypeLabel).driversOnSpot(driversOnSpot).drains(drains())
                .provisioning(provisioning()).roomWait(roomWait()).build();
        SchedulerOptions options = SchedulerOptions.defaults();
        if (milpTimeLimit.millis != null) {
            options = options.with(io.execplace.schedulers.milp.MilpOptions.defaults().withTimeLimitMillis(milpTimeLimit.millis));
        }
        SchedulerOptions tuned = options;
        PlacementPolicy policy = Options.checked("--scheduler", () -> context.schedulers().create(scheduler, seed, tuned));
        if (placementLog != null) {
            OutputPaths.checkFile("--placement-log", placementLog);
        }
        return SchedulerLauncher.run(settings, policy, prices.file, new SchedulerLauncher.Endpoint(httpAddress, httpPort),
                spec.commandLine().getOut(), placementLog);
    }
}

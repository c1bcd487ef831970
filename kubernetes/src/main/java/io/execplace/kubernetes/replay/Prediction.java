package io.execplace.kubernetes.replay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.execplace.core.io.BadInputException;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ConsolidationPolicy;
import io.execplace.core.model.DriverPod;
import io.execplace.core.model.InstanceType;
import io.execplace.core.model.Interruptions;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.LaunchDelay;
import io.execplace.core.model.NodePool;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.sim.Simulation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's prediction of a replay on the testbed: the same workload on the elastic model of
 * the testbed's Karpenter — its two NodePools (on-demand, weight 10, then spot, whose nodes are taken
 * back as the replay takes them; 1,000 cores each) over
 * the instance types the kwok provider sells (the testbed's {@code instance-types.json}), launch and
 * consolidation delays in real seconds scaled by the time scale K, lifetimes billed exactly — and each
 * application's driver pod as a one-executor job of 1 core and 1 GB arriving with it, as the replay
 * creates it. Nothing of the real run is read.
 *
 * @param timeScale               K, workload seconds per real second
 * @param launchRealSeconds       real seconds from a pending pod to its node being ready (Karpenter's
 *                                batching and the kwok node's start)
 * @param consolidateAfterSeconds seconds, real, from a node emptying to its removal: the NodePools'
 *                                {@code consolidateAfter} plus Karpenter's disruption loop and re-check
 *                                (docs/testbed.md measured about 60 s for {@code consolidateAfter: 10s})
 * @param spotInterruptions       the spot pool's interruptions, as the replay injects them (hazard or trace, workload seconds)
 * @param consolidation           the NodePools' {@code consolidationPolicy} ({@code scripts/testbed up --consolidation-policy});
 *                                the model's under-used path keeps its own 10 s loop and 15 s re-check in workload
 *                                seconds, where Karpenter's are real seconds
 */
public record Prediction(double timeScale, double launchRealSeconds, double consolidateAfterSeconds, Interruptions spotInterruptions,
                         ConsolidationPolicy consolidation) {

    /** No spot capacity taken back; only empty nodes removed. */
    public Prediction(double timeScale, double launchRealSeconds, double consolidateAfterSeconds) {
        this(timeScale, launchRealSeconds, consolidateAfterSeconds, Interruptions.NONE);
    }

    /** Only empty nodes removed (the model of every prediction before the testbed's consolidation policy was an option). */
    public Prediction(double timeScale, double launchRealSeconds, double consolidateAfterSeconds, Interruptions spotInterruptions) {
        this(timeScale, launchRealSeconds, consolidateAfterSeconds, spotInterruptions, ConsolidationPolicy.WHEN_EMPTY);
    }

    /**
     * What the replay reports, predicted: the same keys as {@link ReplayResult#summary()} where they apply.
     *
     * @param policy the execplace policy that models the replay's scheduler ({@code kube-default} for kube-scheduler)
     */
    public Map<String, Object> predict(Workload workload, Path instanceTypes, PlacementPolicy policy) throws IOException {
        return predict(workload, instanceTypes, policy, false);
    }

    /**
     * As {@link #predict(Workload, Path, PlacementPolicy)}; with {@code driverPods} each application's
     * driver is the kernel's driver pod ({@link #DRIVER}: placed with its executors, holding its node until
     * the application ends) instead of a job of its own. That is the model of a replay with
     * {@code --executors-on-spot}: {@code kube-spot} keeps those drivers on on-demand nodes as the
     * replay's node selector does (a driver job of its own would go to spot like any job), and
     * {@code finish-together-spot} keeps them there unless the slack covers losing them.
     */
    public Map<String, Object> predict(Workload workload, Path instanceTypes, PlacementPolicy policy, boolean driverPods)
            throws IOException {
        Cluster cluster = pools(instanceTypes, driverPods ? DRIVER : null);
        Workload simulated = driverPods ? workload : withDrivers(workload, false);
        return predicted(workload, policy, driverPods, cluster, simulated, config(cluster, simulated));
    }

    /**
     * As {@link #predict(Workload, Path, PlacementPolicy)} for execplace's scheduler as it sees the replay's
     * pods: each driver a job of its own that carries its application's deadline (the replay annotates
     * every pod with it; it is still not counted among the deadlines), and later jobs passing one left
     * waiting ({@code k8s-scheduler --backfill}). The model of {@code --wait-for-room} runs here (a
     * {@code RoomWaitModel} as the policy): its deadline guard reads a driver's deadline, as the scheduler's does.
     */
    public Map<String, Object> predictScheduled(Workload workload, Path instanceTypes, PlacementPolicy policy, boolean backfill)
            throws IOException {
        Cluster cluster = pools(instanceTypes, null);
        Workload simulated = withDrivers(workload, true);
        return predicted(workload, policy, false, cluster, simulated, config(cluster, simulated).withBackfilling(backfill));
    }

    private Map<String, Object> predicted(Workload workload, PlacementPolicy policy, boolean driverPods, Cluster cluster,
                                          Workload simulated, SimulationConfig config) {
        RunResult run = Simulation.run(cluster, simulated, policy, config);
        int finished = 0;
        int deadlines = 0;
        int met = 0;
        for (var r : run.jobs()) {
            if (!driverPods && isDriver(r.job())) {
                continue;
            }
            finished += r.completed() ? 1 : 0;
            if (r.job().hasDeadline()) {
                deadlines++;
                met += r.metDeadline() ? 1 : 0;
            }
        }
        return figures(run, new PodJobs.Applications(workload.size(), finished, deadlines, met));
    }

    /**
     * As {@link #predict(Workload, Path, PlacementPolicy)} for kube-scheduler, pod by pod: every pod a
     * job of its own ({@link PodJobs}) that starts when its own node is ready and ends its own run
     * later, kube-scheduler binding each to a ready node and Karpenter buying for the rest in batches
     * of the application's pods ({@link KubePods}) — the testbed's semantics, where {@code kube-default}
     * starts an application's executors together once the last node it bought is ready.
     *
     * @param mostAllocated kube-scheduler with {@code MostAllocated} scoring ({@code kube-most}); false: its default
     */
    public Map<String, Object> predictPodByPod(Workload workload, Path instanceTypes, boolean mostAllocated)
            throws IOException {
        return predictPodByPod(workload, instanceTypes, mostAllocated, 0, 0);
    }

    /**
     * As {@link #predictPodByPod(Workload, Path, boolean)} with Karpenter's batch window ({@link KarpenterBatch}):
     * a pod no ready node holds waits until the window closes, {@code batchIdleRealSeconds} after the last pod
     * that joined it, at most {@code batchMaxRealSeconds} after the first (real seconds, × K; 0, 0: no window).
     * Pods are kube-scheduler's queue, not a line: one that waits does not hold the others back (backfilling).
     */
    public Map<String, Object> predictPodByPod(Workload workload, Path instanceTypes, boolean mostAllocated,
                                               double batchIdleRealSeconds, double batchMaxRealSeconds) throws IOException {
        Cluster cluster = pools(instanceTypes, null);
        PodJobs pods = PodJobs.of(workload);
        KarpenterBatch window = new KarpenterBatch(batchIdleRealSeconds * timeScale, batchMaxRealSeconds * timeScale);
        RunResult run = Simulation.run(cluster, pods.pods(), new KubePods(pods, mostAllocated, window),
                config(cluster, pods.pods()).withBackfilling(true));
        return figures(run, pods.applications(run));
    }

    private static SimulationConfig config(Cluster cluster, Workload simulated) {
        return SimulationConfig.defaults(cluster, simulated)
                .withDurationModel(new DurationModel(false, false, DurationModel.PAPER_PENALTY));
    }

    /** What the replay reports, from a run of the model and its applications' figures. */
    private static Map<String, Object> figures(RunResult run, PodJobs.Applications apps) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("applications", apps.count());
        m.put("applications_finished", apps.finished());
        m.put("makespan_seconds", run.summary().makespan());
        m.put("deadlines", apps.deadlines());
        m.put("deadlines_met", apps.deadlinesMet());
        m.put("node_claims", run.capacity().nodeLaunches());
        m.put("node_hours", run.capacity().nodeHours());
        m.put("node_cost", run.summary().totalCost());
        m.put("spot_nodes_taken", run.capacity().interruptions());
        return m;
    }

    /**
     * The workload with a driver job per application: application {@code k} becomes job {@code 2k + 1}
     * and its driver job {@code 2k}, so that at one instant (a workload orders ties by id) the driver
     * comes first, as the replay creates the driver and then its executors.
     */
    /** The replay's driver pod (SparkPods: 1 CPU, 1 GiB) as the kernel's driver pod. */
    static final DriverPod DRIVER = new DriverPod(1, 1.0);
    /** CPU the kwok provider keeps back on every node (allocatable = capacity − this). */
    static final double RESERVED_CPU = 0.1;
    /** Memory, GiB, the kwok provider keeps back on every node. */
    static final double RESERVED_MEMORY_GIB = 10.0 / 1024;

    static Workload withDrivers(Workload workload) {
        return withDrivers(workload, false);
    }

    /** As {@link #withDrivers(Workload)}; {@code driverDeadlines}: each driver job with its application's deadline. */
    static Workload withDrivers(Workload workload, boolean driverDeadlines) {
        List<Job> jobs = new ArrayList<>();
        for (Job j : workload.jobs()) {
            if (j.id() > Integer.MAX_VALUE / 2 - 1) {
                throw new BadInputException("job id " + j.id() + " is too large for the prediction (at most "
                        + (Integer.MAX_VALUE / 2 - 1) + ")");
            }
            jobs.add(new Job(2 * j.id(), JobType.GENERIC, j.arrival(), 1, 1, 1, j.baseDuration(),
                    driverDeadlines ? j.deadline() : Job.NO_DEADLINE));
            jobs.add(new Job(2 * j.id() + 1, j.type(), j.arrival(), j.executors(), j.coresPerExecutor(),
                    j.memoryGbPerExecutor(), j.baseDuration(), j.deadline()));
        }
        return new Workload(workload.name() + "+drivers", jobs);
    }

    /** Whether a job of the prediction's workload is a driver (its applications are the odd ids). */
    public static boolean isDriver(Job job) {
        return job.id() % 2 == 0;
    }

    /** The testbed's NodePools over the kwok provider's instance types (its instance-types.json). */
    Cluster pools(Path instanceTypes) throws IOException {
        return pools(instanceTypes, null);
    }

    /** As {@link #pools(Path)}, every application running {@code drivers} (null: drivers are jobs of their own). */
    Cluster pools(Path instanceTypes, DriverPod drivers) throws IOException {
        JsonNode types;
        try {
            types = new ObjectMapper().readTree(Files.readString(instanceTypes));
        } catch (IOException e) {
            throw new BadInputException(instanceTypes + ": cannot read the testbed's instance types: " + e.getMessage());
        }
        List<InstanceType> list = new ArrayList<>();
        for (JsonNode t : types) {
            String name = t.path("name").asText();
            // What a node can hold is its allocatable: the kwok provider's nodes keep back 100m of CPU and
            // 10 MiB of memory (its NodeClaims report 15900m and 65526Mi for an m5.4xlarge), so an 8-vCPU
            // node holds 7 whole cores of executors, as kube-scheduler and Karpenter count them.
            int cores = (int) Math.floor(Integer.parseInt(t.path("resources").path("cpu").asText()) - RESERVED_CPU);
            double memoryGb = gib(t.path("resources").path("memory").asText()) - RESERVED_MEMORY_GIB;
            double onDemand = Double.NaN;
            double spot = Double.NaN;
            for (JsonNode o : t.path("offerings")) {
                String capacity = o.path("Requirements").get(0).path("values").get(0).asText();
                if (capacity.equals("spot")) {
                    spot = o.path("Price").asDouble();
                } else {
                    onDemand = o.path("Price").asDouble();
                }
            }
            list.add(InstanceType.perHour(name, cores, memoryGb, onDemand, Double.isNaN(spot) ? onDemand : spot));
        }
        LaunchDelay launch = LaunchDelay.constant(launchRealSeconds * timeScale);
        List<NodePool> pools = new ArrayList<>();
        for (CapacityType c : List.of(CapacityType.ON_DEMAND, CapacityType.SPOT)) {
            pools.add(NodePool.builder(c.key()).capacityType(c).instanceTypes(list).zones(List.of("testbed-zone-a"))
                    .limitCores(1000).launchDelay(launch).billing(0, 0)
                    .consolidateAfter(consolidateAfterSeconds * timeScale).consolidationPolicy(consolidation)
                    .interruptions(spotInterruptions).build());
        }
        return new NodePools("testbed", pools, false, drivers).cluster();
    }

    private static double gib(String quantity) {
        if (quantity.endsWith("Gi")) {
            return Double.parseDouble(quantity.substring(0, quantity.length() - 2));
        }
        throw new BadInputException("instance type memory '" + quantity + "' is not in Gi");
    }
}

package io.execplace.rl.pairs;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.model.Site;
import io.execplace.core.model.Vm;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.rules.Deadlines;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.HjsWeightOrder;

import java.util.List;

/**
 * The observation schema of the size-free agent, and the one place it is written (by
 * {@link PairEnv} in training and {@link PairPolicy} as a scheduler). An observation is the job's
 * context ({@link #CONTEXT}, {@value #CONTEXT_SIZE} values) followed by {@link #VM_FEATURES}
 * ({@value #VM_SIZE} values) for each VM slot; slots beyond the cluster's VMs are zeros (their
 * {@code present} value is 0) and never allowed by the mask.
 *
 * <p>Every value is scale-free, so the same weights apply to any cluster: resources as fractions
 * of the VM's capacity or of the largest VM's, prices relative to the cluster's mean, times
 * relative to the job's own duration. The cluster's queue is not visible through the scheduler
 * interface, so the context says how long this job has waited and how loaded the cluster is.
 * {@link #SCHEMA} names this exact list and normalisation; an agent file records it and is refused
 * by a build whose schema differs. A {@link PairSchema} with deadlines appends its deadline features
 * to the context and to each VM's; one for elastic pools appends the {@link NodeFeatures} after them,
 * read from the cluster view by {@link #readNodes} once per decision.
 */
public final class PairObservation {

    /** Per-VM values, in order. */
    public static final List<String> VM_FEATURES = List.of(
            "present",        // 1 for a VM of the cluster, 0 for an unused slot
            "freeCores",      // free cores / VM cores
            "freeMemory",     // free memory / VM memory
            "fitShare",       // executors of the job that fit now / executors left (at most 1)
            "vmPrice",        // price / mean VM price of the cluster
            "corePrice",      // price per core / mean price per core of the cluster
            "local",          // 1 on a local (on-premises) VM
            "busyRatio",      // remaining busy time / job duration on this VM, at most 3, divided by 3
            "extraCost",      // max(0, duration - remaining busy) / duration x vmPrice; 0 where the job is already
            "jobHere",        // executors of this job already on the VM / its executors
            "layoutBreak");   // 1 when one more executor here breaks the job type's layout (spread / consolidate)

    /** Job and cluster values, in order. */
    public static final List<String> CONTEXT = List.of(
            "jobCores",       // cores per executor / largest VM's cores
            "jobMemory",      // memory per executor / largest VM's memory
            "executorsLeft",  // executors still to place / executors
            "executors",      // executors / 32, at most 1
            "spread",         // 1 for a job whose type wants its executors on different VMs
            "consolidate",    // 1 for a job whose type wants them on one VM
            "duration",       // ln(1 + base duration / 60 s) / 5
            "waited",         // (now - arrival) / base duration, at most 4, divided by 4
            "busyCores",      // 1 - free cores / cores, over the cluster
            "activeVms",      // share of VMs billed now (remaining busy time > 0)
            "fittingVms",     // share of VMs where one more executor fits
            "minExtraCost",   // the smallest extraCost among the VMs where an executor fits
            "hybridPenalty"); // 1 when cloud VMs slow this cluster's jobs (local and cloud VMs, hybrid penalty on)

    public static final int VM_SIZE = 11;
    public static final int CONTEXT_SIZE = 13;

    /** Names this schema (feature lists and normalisation); change it whenever either changes. */
    public static final String SCHEMA = "pairs-1";

    private final PairSchema schema;
    private final Cluster cluster;
    private final DurationModel durationModel;
    private final int vms;
    private final int slots;
    private final double[] relativeVmPrice;
    private final double[] relativeCorePrice;
    private final ClusterScale scale;
    private final NodeFeatures nodes;

    /**
     * @param cluster       the cluster whose VMs fill the first slots
     * @param durationModel the cluster's duration model (how long the job runs on a VM)
     * @param slots         VM slots of the observation, at least the cluster's VMs
     */
    public PairObservation(Cluster cluster, DurationModel durationModel, int slots) {
        this(PairSchema.PLACEMENT, cluster, durationModel, slots);
    }

    /**
     * @param schema        the features written
     * @param cluster       the cluster whose VMs fill the first slots
     * @param durationModel the cluster's duration model (how long the job runs on a VM)
     * @param slots         VM slots of the observation, at least the cluster's VMs
     */
    public PairObservation(PairSchema schema, Cluster cluster, DurationModel durationModel, int slots) {
        if (slots < cluster.size()) {
            throw new IllegalArgumentException(slots + " VM slots cannot hold cluster '" + cluster.name() + "' of "
                    + cluster.size() + " VMs");
        }
        this.schema = schema;
        this.cluster = cluster;
        this.durationModel = durationModel;
        this.vms = cluster.size();
        this.slots = slots;
        relativeVmPrice = new double[vms];
        relativeCorePrice = new double[vms];
        scale = ClusterScale.of(cluster, durationModel);
        double meanPrice = scale.meanPrice();
        double corePriceSum = 0;
        for (Vm vm : cluster.vms()) {
            corePriceSum += vm.pricePerSecond() / vm.cores();
        }
        double meanCorePrice = corePriceSum / vms;
        for (int i = 0; i < vms; i++) {
            Vm vm = cluster.vm(i);
            relativeVmPrice[i] = meanPrice > 0 ? vm.pricePerSecond() / meanPrice : 1;
            relativeCorePrice[i] = meanCorePrice > 0 ? vm.pricePerSecond() / vm.cores() / meanCorePrice : 1;
        }
        nodes = schema.elastic() ? new NodeFeatures(cluster) : null;
    }

    /**
     * Reads the node state the elastic schema observes (bought, launch, pool open); call at the first
     * executor of every decision, before {@link #write}. Does nothing for the other schemas.
     */
    public void readNodes(ClusterView view) {
        if (nodes != null) {
            nodes.read(view);
        }
    }

    /** Values of an observation with {@code slots} VM slots. */
    public static int size(int slots) {
        return CONTEXT_SIZE + slots * VM_SIZE;
    }

    /** Values of this observation. */
    public int size() {
        return schema.size(slots);
    }

    public PairSchema schema() {
        return schema;
    }

    public int slots() {
        return slots;
    }

    public Cluster cluster() {
        return cluster;
    }

    /**
     * Writes the whole observation for one decision: executor {@code placed + 1} of {@code job}.
     *
     * @param obs        the observation ({@link #size()} values)
     * @param job        the job being placed
     * @param placed     its executors placed so far in this decision
     * @param here       per VM, its executors placed there so far
     * @param freeCores  per VM, free cores now (after the executors placed so far)
     * @param freeMemory per VM, free memory now
     * @param busy       per VM, remaining busy time (seconds; 0 when idle)
     * @param now        the clock (seconds)
     */
    public void write(double[] obs, Job job, int placed, int[] here, int[] freeCores, double[] freeMemory,
                      double[] busy, double now) {
        int left = job.executors() - placed;
        PlacementPreference pref = job.type().preference();
        boolean multi = job.executors() > 1;
        double base = job.baseDuration();
        double freeSum = 0;
        int active = 0;
        int fitting = 0;
        double minExtra = Double.POSITIVE_INFINITY;
        int contextSize = schema.contextSize();
        int vmSize = schema.vmSize();
        for (int vm = 0; vm < vms; vm++) {
            Vm v = cluster.vm(vm);
            int o = contextSize + vm * vmSize;
            int fit = Capacity.executorsThatFit(freeCores[vm], freeMemory[vm], job.coresPerExecutor(),
                    job.memoryGbPerExecutor());
            double duration = durationModel.duration(job, true, v.site() == Site.LOCAL);
            double ratio = duration > 0 ? Math.min(busy[vm] / duration, 3) / 3 : 1;
            double extraCost = here[vm] > 0 || duration <= 0 ? 0
                    : Math.max(0, duration - busy[vm]) / duration * relativeVmPrice[vm];
            boolean breaks = multi && ((pref == PlacementPreference.SPREAD && here[vm] > 0)
                    || (pref == PlacementPreference.CONSOLIDATE && placed > 0 && here[vm] == 0));
            obs[o] = 1;
            obs[o + 1] = freeCores[vm] / (double) v.cores();
            obs[o + 2] = freeMemory[vm] / v.memoryGb();
            obs[o + 3] = left > 0 ? Math.min(fit, left) / (double) left : 0;
            obs[o + 4] = relativeVmPrice[vm];
            obs[o + 5] = relativeCorePrice[vm];
            obs[o + 6] = v.site() == Site.LOCAL ? 1 : 0;
            obs[o + 7] = ratio;
            obs[o + 8] = extraCost;
            obs[o + 9] = here[vm] / (double) job.executors();
            obs[o + 10] = breaks ? 1 : 0;
            if (schema.deadlines()) {
                double there = durationModel.duration(job, !breaks, v.site() == Site.LOCAL);
                obs[o + VM_SIZE] = job.hasDeadline() && Deadlines.missed(job, now + there) ? 1 : 0;
                if (nodes != null) {
                    nodes.writeVm(obs, o + VM_SIZE + PairSchema.DEADLINE_VM.size(), vm, job, duration, there, now);
                }
            }
            freeSum += freeCores[vm];
            active += busy[vm] > 0 ? 1 : 0;
            if (fit > 0) {
                fitting++;
                minExtra = Math.min(minExtra, extraCost);
            }
        }
        java.util.Arrays.fill(obs, contextSize + vms * vmSize, contextSize + slots * vmSize, 0);
        obs[0] = job.coresPerExecutor() / scale.maxCores();
        obs[1] = job.memoryGbPerExecutor() / scale.maxMemory();
        obs[2] = left / (double) job.executors();
        obs[3] = Math.min(job.executors(), 32) / 32.0;
        obs[4] = multi && pref == PlacementPreference.SPREAD ? 1 : 0;
        obs[5] = multi && pref == PlacementPreference.CONSOLIDATE ? 1 : 0;
        obs[6] = Math.log1p(Math.max(0, base) / 60) / 5;
        obs[7] = base > 0 ? Math.min(Math.max(0, now - job.arrival()) / base, 4) / 4 : 0;
        obs[8] = 1 - freeSum / scale.totalCores();
        obs[9] = active / (double) vms;
        obs[10] = fitting / (double) vms;
        obs[11] = fitting > 0 ? minExtra : 0;
        obs[12] = scale.hybridPenalty() ? 1 : 0;
        if (schema.deadlines()) {
            writeDeadline(obs, job, now);
        }
        if (nodes != null) {
            nodes.writeContext(obs, CONTEXT_SIZE + PairSchema.DEADLINE_CONTEXT.size(), job, left, freeCores, freeMemory);
        }
    }

    /** The deadline context ({@link PairSchema#DEADLINE_CONTEXT}) after the base context. */
    private static void writeDeadline(double[] obs, Job job, double now) {
        int o = CONTEXT_SIZE;
        if (!job.hasDeadline()) {
            java.util.Arrays.fill(obs, o, o + PairSchema.DEADLINE_CONTEXT.size(), 0);
            return;
        }
        double base = Math.max(job.baseDuration(), 1e-9);
        double window = job.deadline() - job.arrival();
        obs[o] = 1;
        obs[o + 1] = (Math.max(-1, Math.min(2, (job.deadline() - now - base) / base)) + 1) / 3;
        obs[o + 2] = window > 0 ? Math.max(0, Math.min(1, (job.deadline() - now) / window)) : 0;
        obs[o + 3] = HjsWeightOrder.urgency(job, now);
    }

    /** The schema as an agent file records it. */
    public static String describe() {
        return describe(PairSchema.PLACEMENT);
    }

    /** {@code schema} as an agent file records it. */
    public static String describe(PairSchema schema) {
        return schema.name() + ": context " + schema.context() + ", then per VM slot " + schema.vmFeatures()
                + "; resources relative to the VM's capacity or the largest VM's, prices to the cluster's mean,"
                + " times to the job's duration";
    }
}

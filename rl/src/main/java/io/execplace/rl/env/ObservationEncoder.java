package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes the TPDS observation (TPDS §4): for every VM its free cores and free memory
 * ({@code [vm1.cores, vm1.mem, ..., vmN.cores, vmN.mem]}), then the current job's type, cores and
 * memory per executor and executors still to place. The type is the reference code's number
 * (1 WordCount, 2 Sort, 3 PageRank, 0 untyped), not a job id. With the busy-time option (an
 * execplace extension, off in the paper's environment) every VM's remaining busy time follows:
 * how long it stays billed whatever the agent does, the quantity gio and milp price placements by.
 *
 * <p>Normalised, each VM value is divided by the VM's capacity, the type by 3, the job's cores and
 * memory by the largest VM's, the executors left by {@link Scales#executors()} (the largest executor
 * count of the training workloads) and busy times by {@link Scales#busySeconds()} (the longest
 * possible job duration of the training workloads). The environment and a trained agent running as
 * a placement policy share this class, so both see the same numbers.
 */
public final class ObservationEncoder {

    /** Number of job values after the VM values. */
    public static final int JOB_FEATURES = 4;
    private static final double TYPE_COUNT = 3;

    /**
     * What normalised observations divide by.
     *
     * @param executors   the largest executor count expected, at least 1
     * @param busySeconds the longest busy time expected (seconds), positive
     */
    public record Scales(int executors, double busySeconds) {
        public Scales {
            if (executors < 1) {
                throw new IllegalArgumentException("executor scale must be at least 1, got " + executors);
            }
            if (!(busySeconds > 0) || !Double.isFinite(busySeconds)) {
                throw new IllegalArgumentException("busy-time scale must be a positive number, got " + busySeconds);
            }
        }
    }

    private final Cluster cluster;
    private final int vms;
    private final boolean normalised;
    private final boolean busyTime;
    private final Scales scales;
    private final double busyFactor;
    private final double[] coreScale;
    private final double[] memoryScale;
    private final double[] capacityCores;
    private final double[] capacityMemory;
    private final double jobCoreScale;
    private final double jobMemoryScale;
    private final double typeScale;
    private final double executorFactor;
    private final double maxVmCores;
    private final double maxVmMemory;
    /** This encoder without normalisation (itself when raw): one per encoder, so environments sharing it share that too. */
    private final ObservationEncoder raw;

    /**
     * @param cluster    the cluster whose VMs are described
     * @param normalised divide by capacities and maxima
     * @param busyTime   append every VM's remaining busy time
     * @param scales     what normalised observations divide by
     */
    public ObservationEncoder(Cluster cluster, boolean normalised, boolean busyTime, Scales scales) {
        this.cluster = cluster;
        this.vms = cluster.size();
        this.normalised = normalised;
        this.busyTime = busyTime;
        this.scales = scales;
        int executorScale = scales.executors();
        this.busyFactor = normalised ? 1 / scales.busySeconds() : 1;
        coreScale = new double[vms];
        memoryScale = new double[vms];
        capacityCores = new double[vms];
        capacityMemory = new double[vms];
        double maxCores = 0;
        double maxMemory = 0;
        for (int i = 0; i < vms; i++) {
            capacityCores[i] = cluster.vm(i).cores();
            capacityMemory[i] = cluster.vm(i).memoryGb();
            coreScale[i] = normalised ? 1 / capacityCores[i] : 1;
            memoryScale[i] = normalised ? 1 / capacityMemory[i] : 1;
            maxCores = Math.max(maxCores, capacityCores[i]);
            maxMemory = Math.max(maxMemory, capacityMemory[i]);
        }
        maxVmCores = maxCores;
        maxVmMemory = maxMemory;
        jobCoreScale = normalised ? 1 / maxCores : 1;
        jobMemoryScale = normalised ? 1 / maxMemory : 1;
        typeScale = normalised ? 1 / TYPE_COUNT : 1;
        executorFactor = normalised ? 1.0 / executorScale : 1;
        raw = normalised ? new ObservationEncoder(cluster, false, busyTime, scales) : this;
    }

    /** Number of observation values: two per VM, {@value #JOB_FEATURES}, and one per VM with busy times. */
    public int size() {
        return size(vms, busyTime);
    }

    /** Number of observation values for a cluster of {@code vms} VMs. */
    public static int size(int vms, boolean busyTime) {
        return 2 * vms + JOB_FEATURES + (busyTime ? vms : 0);
    }

    public int vmCount() {
        return vms;
    }

    public boolean normalised() {
        return normalised;
    }

    public Scales scales() {
        return scales;
    }

    /** Writes one VM's remaining busy time (seconds); ignored unless the busy-time option is on. */
    public void writeBusyTime(double[] obs, int vm, double seconds) {
        if (busyTime) {
            obs[2 * vms + JOB_FEATURES + vm] = seconds * busyFactor;
        }
    }

    /** Writes one VM's free resources. */
    public void writeVm(double[] obs, int vm, int freeCores, double freeMemoryGb) {
        obs[2 * vm] = freeCores * coreScale[vm];
        obs[2 * vm + 1] = freeMemoryGb * memoryScale[vm];
    }

    /** Writes the current job's request and the executors it still needs placed. */
    public void writeJob(double[] obs, Job job, int executorsLeft) {
        int base = 2 * vms;
        obs[base] = typeCode(job.type()) * typeScale;
        obs[base + 1] = job.coresPerExecutor() * jobCoreScale;
        obs[base + 2] = job.memoryGbPerExecutor() * jobMemoryScale;
        obs[base + 3] = executorsLeft * executorFactor;
    }

    /** Rewrites only the executors-left value. */
    public void writeExecutorsLeft(double[] obs, int executorsLeft) {
        obs[2 * vms + 3] = executorsLeft * executorFactor;
    }

    /** Writes the terminal observation after the last job: the VMs as they are, zeros for the job. */
    public void clearJob(double[] obs) {
        int base = 2 * vms;
        for (int i = 0; i < JOB_FEATURES; i++) {
            obs[base + i] = 0;
        }
    }

    /** The reference code's type number: 1 WordCount, 2 Sort, 3 PageRank, 0 untyped. */
    public static int typeCode(JobType type) {
        return type.referenceCode();
    }

    /**
     * What this encoder multiplies each raw value by (all 1 unless normalised): a raw encoder's
     * observation times these factors is, to the bit, this encoder's observation, since a raw value
     * is written as {@code value × 1}.
     */
    public double[] factors() {
        double[] f = new double[size()];
        for (int i = 0; i < vms; i++) {
            f[2 * i] = coreScale[i];
            f[2 * i + 1] = memoryScale[i];
        }
        int base = 2 * vms;
        f[base] = typeScale;
        f[base + 1] = jobCoreScale;
        f[base + 2] = jobMemoryScale;
        f[base + 3] = executorFactor;
        for (int i = 0; busyTime && i < vms; i++) {
            f[base + JOB_FEATURES + i] = busyFactor;
        }
        return f;
    }

    /** The same observation without normalisation. */
    public ObservationEncoder raw() {
        return raw;
    }

    /** Bounds and names of every value. */
    public BoxSpace space() {
        int n = size();
        double[] low = new double[n];
        double[] high = new double[n];
        List<String> labels = new ArrayList<>(n);
        for (int i = 0; i < vms; i++) {
            high[2 * i] = normalised ? 1 : capacityCores[i];
            high[2 * i + 1] = normalised ? 1 : capacityMemory[i];
            labels.add("vm" + (i + 1) + ".freeCores");
            labels.add("vm" + (i + 1) + ".freeMemoryGb");
        }
        int base = 2 * vms;
        high[base] = normalised ? 1 : TYPE_COUNT;
        // A job the environment accepts fits some VM, so its request is at most the largest VM's.
        high[base + 1] = normalised ? 1 : maxVmCores;
        high[base + 2] = normalised ? 1 : maxVmMemory;
        // Executors left can exceed the training maximum on another workload; the bound says so.
        high[base + 3] = Double.POSITIVE_INFINITY;
        labels.add("job.type");
        labels.add("job.coresPerExecutor");
        labels.add("job.memoryGbPerExecutor");
        labels.add("job.executorsLeft");
        for (int i = 0; busyTime && i < vms; i++) {
            // At most the longest job's duration, which another workload may exceed.
            high[base + JOB_FEATURES + i] = Double.POSITIVE_INFINITY;
            labels.add("vm" + (i + 1) + ".busySeconds");
        }
        return new BoxSpace(low, high, labels);
    }
}

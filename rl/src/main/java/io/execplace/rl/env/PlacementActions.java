package io.execplace.rl.env;

import java.util.List;

import java.util.ArrayList;

import io.execplace.core.model.Cluster;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;

/**
 * The one definition of the TPDS environment's observation and action mask, shared by {@link TpdsEnv}
 * and by a trained agent running as a placement policy ({@code AgentPolicy}), so that an agent sees
 * in a simulation exactly what it saw in training.
 *
 * <p>It keeps, for the job being placed, how many more of its executors fit on each VM and their sum.
 * Allowed: a wait when nothing of the job is placed yet and some job runs (its completion will free
 * room); a placement on a VM with room, provided the VMs together still hold every executor the job
 * needs. Placing one identical executor lowers the fit count of its VM by exactly one, so the whole
 * job stays placeable after any allowed placement and a masked agent never meets a penalty. Does not
 * allocate.
 */
public final class PlacementActions {

    private final ObservationEncoder encoder;
    private final int vms;
    private final int[] fit;
    private int fitTotal;

    /** @param encoder writes the observation values */
    /**
     * The action space of an executor-at-a-time environment: action 0 ({@code noPlacement}, e.g.
     * "wait" or "skip"), then action {@code k} = place one executor on VM {@code k}, named
     * "place on {@code vmWord}k (type)".
     */
    public static DiscreteSpace actionSpace(Cluster cluster, String noPlacement, String vmWord) {
        List<String> names = new ArrayList<>(cluster.size() + 1);
        names.add(noPlacement);
        for (int i = 0; i < cluster.size(); i++) {
            names.add("place on " + vmWord + (i + 1) + " (" + cluster.vm(i).type().name() + ")");
        }
        return new DiscreteSpace(names);
    }

    /** Refuses an action outside {@code 0..vms} of such an environment. */
    public static void checkAction(int action, int vms) {
        if (action < 0 || action > vms) {
            throw new IllegalArgumentException("action must be in 0.." + vms + ", got " + action);
        }
    }

    public PlacementActions(ObservationEncoder encoder) {
        this.encoder = encoder;
        this.vms = encoder.vmCount();
        this.fit = new int[vms];
    }

    /** The observation encoder. */
    public ObservationEncoder encoder() {
        return encoder;
    }

    /**
     * Rewrites the whole observation for {@code job}, with {@code executorsLeft} executors still to
     * place, from the cluster view, and recounts where its executors fit.
     */
    public void observe(double[] observation, ClusterView view, Job job, int executorsLeft) {
        int cores = job.coresPerExecutor();
        double memory = job.memoryGbPerExecutor();
        int total = 0;
        for (int vm = 0; vm < vms; vm++) {
            int freeCores = view.freeCores(vm);
            double freeMemory = view.freeMemoryGb(vm);
            encoder.writeVm(observation, vm, freeCores, freeMemory);
            encoder.writeBusyTime(observation, vm, view.remainingBusyTime(vm));
            int f = Capacity.executorsThatFit(freeCores, freeMemory, cores, memory);
            fit[vm] = f;
            total += f;
        }
        fitTotal = total;
        encoder.writeJob(observation, job, executorsLeft);
    }

    /**
     * Updates the observation and the fit counts after one executor of {@code job} went to {@code vm},
     * leaving {@code executorsLeft} to place. On an elastic cluster a purchase also changes what the
     * pool may still buy, so everything is recounted; there the mask does not promise that the rest of
     * the job stays placeable (buying a small node can use up the pool's limit).
     */
    public void placed(double[] observation, ClusterView view, Job job, int vm, int executorsLeft) {
        if (view.cluster().isElastic()) {
            observe(observation, view, job, executorsLeft);
        } else {
            placed(observation, job, vm, view.freeCores(vm), view.freeMemoryGb(vm), executorsLeft);
        }
    }

    /**
     * Updates the observation and the fit counts after one executor of {@code job} went to {@code vm},
     * which now has the given free resources (a fixed cluster, or a policy's own tentative count),
     * leaving {@code executorsLeft} to place.
     */
    public void placed(double[] observation, Job job, int vm, int freeCores, double freeMemoryGb, int executorsLeft) {
        encoder.writeVm(observation, vm, freeCores, freeMemoryGb);
        int before = fit[vm];
        fit[vm] = Capacity.executorsThatFit(freeCores, freeMemoryGb, job.coresPerExecutor(), job.memoryGbPerExecutor());
        fitTotal += fit[vm] - before;
        encoder.writeExecutorsLeft(observation, executorsLeft);
    }

    /**
     * The TPDS reference code's look-ahead check: the free resources, counted fractionally per VM as
     * {@code min(freeCores / cores, freeMemory / memory)}, must add up to the executors still needed.
     */
    public static boolean lookAheadHolds(ClusterView view, Job next, int needed) {
        double possible = 0;
        for (int vm = 0; vm < view.vmCount(); vm++) {
            possible += Math.min((double) view.freeCores(vm) / next.coresPerExecutor(),
                    view.freeMemoryGb(vm) / next.memoryGbPerExecutor());
        }
        return possible >= needed;
    }

    /** Executors of the current job that fit the VMs now, summed over VMs. */
    public int fitTotal() {
        return fitTotal;
    }

    /**
     * Writes the action mask ({@code mask[0]} wait, {@code mask[k]} place on VM {@code k}).
     *
     * @param executorsLeft executors of the job still to place
     * @param anyPlaced     some executor of the job is placed already (a wait would be penalised)
     * @param jobsRunning   some job runs, so a completion will come
     */
    public void mask(boolean[] mask, int executorsLeft, boolean anyPlaced, boolean jobsRunning) {
        boolean placeable = fitTotal >= executorsLeft;
        boolean any = false;
        for (int vm = 0; vm < vms; vm++) {
            boolean ok = placeable & fit[vm] > 0; // no branch: which VMs have room is not predictable
            mask[vm + 1] = ok;
            any |= ok;
        }
        mask[0] = !anyPlaced && jobsRunning;
        if (!any && !mask[0]) {
            // Only reachable without the mask's guidance (e.g. after the look-ahead variant's
            // choices): every action is penalised, so let the agent wait and take the penalty.
            mask[0] = true;
        }
    }

    /**
     * {@link #mask} as bytes ({@code rows[base + a]}, 1 where allowed) with the allowed actions listed
     * in ascending order in {@code allowed}, in one pass and without a branch per VM.
     *
     * @return how many actions are allowed
     */
    public int writeMask(byte[] rows, int base, int[] allowed, int executorsLeft, boolean anyPlaced,
                         boolean jobsRunning) {
        int placeable = fitTotal >= executorsLeft ? 1 : 0;
        int count = !anyPlaced && jobsRunning ? 1 : 0;
        rows[base] = (byte) count;
        allowed[0] = 0;
        for (int vm = 0; vm < vms; vm++) {
            int may = placeable & (fit[vm] > 0 ? 1 : 0);
            rows[base + 1 + vm] = (byte) may;
            allowed[count] = vm + 1; // kept only when allowed: the next allowed action overwrites it otherwise
            count += may;
        }
        if (count == 0) {
            // As in mask: nothing is allowed, so the wait is, and takes its penalty.
            rows[base] = 1;
            allowed[0] = 0;
            count = 1;
        }
        return count;
    }
}

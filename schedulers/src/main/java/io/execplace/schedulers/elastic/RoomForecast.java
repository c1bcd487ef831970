package io.execplace.schedulers.elastic;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.RunningJob;

import java.util.List;
import java.util.Optional;

/**
 * When the bought nodes of one capacity type will hold all of a job's executors, from the running
 * jobs' finish times: the wait for room that a new node's launch can be weighed against.
 */
final class RoomForecast {

    // Scratch, reused between decisions (a decision on a 1,000-node pool must stay cheap).
    /** Positions in the running list of the jobs that end within the horizon, by finish. */
    private int[] order = new int[16];
    /** Per node touched by this call: its room as the ends free it (cores kept as a double, as added up). */
    private double[] cores = new double[0];
    private double[] memory = new double[0];
    private boolean[] touched = new boolean[0];
    private int[] touchedVms = new int[0];

    /**
     * Seconds from now until the bought nodes of the placement's capacity type hold the job's executors
     * as the running jobs end (ignoring what other waiting jobs take); infinite when the view does not
     * know its running jobs or their ends make no room within {@code horizonSeconds} (only the ends
     * before it are read).
     *
     * @param placement a placement that fills the bought nodes of one capacity type before it buys
     *                  (as {@link FinishTogether}'s): its executors on bought nodes are all the room
     *                  those nodes have for the job now
     */
    double secondsUntilRoom(Job job, ClusterView view, Placement placement, double horizonSeconds) {
        // Where the executors run and when they end: the layout list, not remade as protections' time left moves.
        Optional<List<RunningJob>> running = view.runningLayout();
        if (running.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        List<RunningJob> jobs = running.get();
        int count = byFinish(jobs, view.now(), horizonSeconds);
        int n = view.vmCount();
        if (touched.length < n) {
            cores = new double[n];
            memory = new double[n];
            touched = new boolean[n];
            touchedVms = new int[n];
        }
        NodePools pools = view.cluster().pools();
        CapacityType only = pools.capacityType(placement.vm(0));
        int holds = 0;
        for (int e = 0; e < placement.executors(); e++) {
            holds += view.isProvisioned(placement.vm(e)) ? 1 : 0;
        }
        int touchedCount = 0;
        double seconds = Double.POSITIVE_INFINITY;
        // A job's executors all end at its finish: walking the jobs by finish, each one's executors in
        // order, is walking the executors by end.
        walk:
        for (int k = 0; k < count; k++) {
            RunningJob r = jobs.get(order[k]);
            for (int e = 0; e < r.placement().executors(); e++) {
                int vm = r.placement().vm(e);
                if (pools.capacityType(vm) != only || !view.isProvisioned(vm)) {
                    continue;
                }
                if (!touched[vm]) {
                    touched[vm] = true;
                    touchedVms[touchedCount++] = vm;
                    cores[vm] = view.freeCores(vm);
                    memory[vm] = view.freeMemoryGb(vm);
                }
                int before = fits(vm, job);
                cores[vm] += r.job().coresPerExecutor();
                memory[vm] += r.job().memoryGbPerExecutor();
                holds += fits(vm, job) - before;
                if (holds >= job.executors()) {
                    seconds = Math.max(0, r.finish() - view.now());
                    break walk;
                }
            }
        }
        for (int k = 0; k < touchedCount; k++) {
            touched[touchedVms[k]] = false;
        }
        return seconds;
    }

    /**
     * Writes into {@link #order} the positions of the jobs ending within {@code horizonSeconds} of
     * {@code now}, by finish, ties in list order (an insertion sort: few jobs end within a launch's
     * wait); returns how many.
     */
    private int byFinish(List<RunningJob> jobs, double now, double horizonSeconds) {
        if (order.length < jobs.size()) {
            order = new int[jobs.size()];
        }
        int count = 0;
        for (int i = 0; i < jobs.size(); i++) {
            double finish = jobs.get(i).finish();
            if (finish - now >= horizonSeconds) {
                continue;
            }
            int at = count++;
            while (at > 0 && Double.compare(jobs.get(order[at - 1]).finish(), finish) > 0) {
                order[at] = order[at - 1];
                at--;
            }
            order[at] = i;
        }
        return count;
    }

    private int fits(int vm, Job job) {
        return Capacity.executorsThatFit((int) cores[vm], memory[vm], job.coresPerExecutor(), job.memoryGbPerExecutor());
    }
}

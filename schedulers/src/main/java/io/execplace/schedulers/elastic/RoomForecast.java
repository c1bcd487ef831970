package io.execplace.schedulers.elastic;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.CapacityType;
import io.execplace.core.model.Job;
import io.execplace.core.model.NodePools;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.RunningJob;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * When the bought nodes of one capacity type will hold all of a job's executors, from the running
 * jobs' finish times: the wait for room that a new node's launch can be weighed against.
 */
final class RoomForecast {

    private RoomForecast() {
    }

    /**
     * Seconds from now until the bought nodes of the placement's capacity type hold the job's executors
     * as the running jobs end (ignoring what other waiting jobs take); infinite when the view does not
     * know its running jobs or their ends make no room within {@code horizonSeconds} (only the ends
     * before it are read: a decision on a 1,000-node pool must stay cheap).
     *
     * @param placement a placement that fills the bought nodes of one capacity type before it buys
     *                  (as {@link FinishTogether}'s): its executors on bought nodes are all the room
     *                  those nodes have for the job now
     */
    static double secondsUntilRoom(Job job, ClusterView view, Placement placement, double horizonSeconds) {
        Optional<List<RunningJob>> running = view.runningJobs();
        if (running.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        NodePools pools = view.cluster().pools();
        CapacityType only = pools.capacityType(placement.vm(0));
        List<double[]> frees = new ArrayList<>(); // finish, vm, cores, memory
        for (RunningJob r : running.get()) {
            if (r.finish() - view.now() >= horizonSeconds) {
                continue;
            }
            for (int e = 0; e < r.placement().executors(); e++) {
                int vm = r.placement().vm(e);
                if (pools.capacityType(vm) == only && view.isProvisioned(vm)) {
                    frees.add(new double[] {r.finish(), vm, r.job().coresPerExecutor(), r.job().memoryGbPerExecutor()});
                }
            }
        }
        if (frees.isEmpty()) {
            return Double.POSITIVE_INFINITY;
        }
        frees.sort((a, b) -> Double.compare(a[0], b[0]));
        Map<Integer, double[]> free = new HashMap<>(); // vm -> cores, memory
        int holds = 0;
        for (int e = 0; e < placement.executors(); e++) {
            holds += view.isProvisioned(placement.vm(e)) ? 1 : 0;
        }
        for (double[] f : frees) {
            int vm = (int) f[1];
            double[] room = free.computeIfAbsent(vm, v -> new double[] {view.freeCores(v), view.freeMemoryGb(v)});
            int before = fits(room, job);
            room[0] += f[2];
            room[1] += f[3];
            holds += fits(room, job) - before;
            if (holds >= job.executors()) {
                return Math.max(0, f[0] - view.now());
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    private static int fits(double[] room, Job job) {
        return Capacity.executorsThatFit((int) room[0], room[1], job.coresPerExecutor(), job.memoryGbPerExecutor());
    }
}

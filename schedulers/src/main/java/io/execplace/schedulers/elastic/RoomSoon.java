package io.execplace.schedulers.elastic;

import io.execplace.core.model.Capacity;
import io.execplace.core.model.Job;
import io.execplace.core.policy.ClusterView;
import io.execplace.core.policy.RunningJob;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * When the nodes already bought will have room for a job: its executors fit the live nodes now, or
 * after the running jobs that free room there finish (their executors' resources come back at their
 * finish). Buying a node takes a launch delay; when bought nodes free room sooner than that, waiting
 * starts the job no later and buys nothing — a choice kube-scheduler cannot make, since a pending pod
 * makes Karpenter launch at once.
 */
final class RoomSoon {

    private RoomSoon() {
    }

    /**
     * The earliest time at which {@code executors} executors of {@code job} fit the bought nodes, or
     * +infinity when they would not even after every running job finished.
     */
    static double fitsAt(Job job, int executors, ClusterView view, TentativeRoom room) {
        int[] freeCores = new int[view.vmCount()];
        double[] freeMemory = new double[view.vmCount()];
        int fit = 0;
        for (int k = 0; k < room.liveCount; k++) {
            int vm = room.live[k];
            freeCores[vm] = room.freeCores[vm];
            freeMemory[vm] = room.freeMemory[vm];
            fit += room.holds(vm, job);
        }
        if (fit >= executors) {
            return view.now();
        }
        List<RunningJob> running = new ArrayList<>(view.runningJobs().orElse(List.of()));
        running.sort(Comparator.comparingDouble(RunningJob::finish));
        for (int i = 0; i < running.size(); i++) {
            RunningJob r = running.get(i);
            for (int e = 0; e < r.placement().executors(); e++) {
                int vm = r.placement().vm(e);
                if (room.bought[vm]) {
                    freeCores[vm] += r.job().coresPerExecutor();
                    freeMemory[vm] += r.job().memoryGbPerExecutor();
                }
            }
            if (i + 1 < running.size() && running.get(i + 1).finish() == r.finish()) {
                continue;
            }
            fit = 0;
            for (int k = 0; k < room.liveCount; k++) {
                int vm = room.live[k];
                fit += Capacity.executorsThatFit(freeCores[vm], freeMemory[vm], job.coresPerExecutor(),
                        job.memoryGbPerExecutor());
            }
            if (fit >= executors) {
                return r.finish();
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    /** How long a node bought now would take to be ready: the least of the absent slots' ({@code readyIn}). */
    static double launchWait(ClusterView view, TentativeRoom room) {
        double wait = Double.POSITIVE_INFINITY;
        for (int vm = 0; vm < view.vmCount(); vm++) {
            if (!room.bought[vm]) {
                wait = Math.min(wait, view.readyIn(vm));
            }
        }
        return wait;
    }
}

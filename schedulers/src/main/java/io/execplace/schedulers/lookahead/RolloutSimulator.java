package io.execplace.schedulers.lookahead;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.ClusterState;
import io.execplace.core.sim.CompletionQueue;
import io.execplace.core.rules.Deadlines;
import io.execplace.core.rules.DurationModel;

import java.util.ArrayList;
import java.util.List;

/**
 * A small copy of the simulator's rules for rollouts: starts from the jobs running now, applies one
 * candidate decision for the current job, then lets the rollout policy place the current job (if
 * it waited) and the sampled future jobs, FCFS with head-of-line blocking, until everything has
 * finished. Returns the cost billed from now on (infinite if the current job never ran). Reuses its arrays between rollouts.
 */
final class RolloutSimulator {

    private final Cluster cluster;
    private final DurationModel model;
    private final ClusterState state;
    private final CompletionQueue completions = new CompletionQueue();
    private final List<Job> jobs = new ArrayList<>();
    private final List<Placement> placements = new ArrayList<>();
    private final List<Integer> waiting = new ArrayList<>();
    /** Finish time of each job started in the rollout, by index. */
    private double[] finishOf = new double[16];

    RolloutSimulator(Cluster cluster, DurationModel model) {
        this.cluster = cluster;
        this.model = model;
        this.state = new ClusterState(cluster, model);
    }

    /**
     * @param running  jobs running now, with their placements and finish times
     * @param current  the job being decided
     * @param decision its candidate placement, or none to wait for the next event
     * @param future   sampled jobs arriving later, in arrival order
     */
    double cost(double now, List<Running> running, Job current, Placement decision, List<Job> future,
                PlacementPolicy rollout) {
        return cost(now, running, current, decision, future, rollout, 0);
    }

    /**
     * As {@link #cost(double, List, Job, Placement, List, PlacementPolicy)} plus {@code missPenalty}
     * for every job placed or arriving in the rollout (not those running already) that has a
     * deadline and does not finish by it, a job that never starts included.
     */
    double cost(double now, List<Running> running, Job current, Placement decision, List<Job> future,
                PlacementPolicy rollout, double missPenalty) {
        state.reset();
        state.advanceTo(now);
        completions.clear();
        jobs.clear();
        placements.clear();
        waiting.clear();
        for (Running r : running) {
            int index = add(r.job(), r.placement());
            state.start(r.job(), r.placement(), r.finish());
            completions.add(index, r.finish());
        }
        int currentIndex = add(current, null);
        if (decision.isNone()) {
            waiting.add(currentIndex);
        } else {
            start(currentIndex, decision, now);
        }
        int next = 0;
        while (true) {
            double tArrival = next < future.size() ? future.get(next).arrival() : Double.POSITIVE_INFINITY;
            double tDone = completions.isEmpty() ? Double.POSITIVE_INFINITY : completions.peekFinish();
            double t = Math.min(tArrival, tDone);
            if (t == Double.POSITIVE_INFINITY) {
                break;
            }
            state.advanceTo(Math.max(t, state.now()));
            while (!completions.isEmpty() && completions.peekFinish() <= t) {
                int j = completions.poll();
                state.finish(jobs.get(j), placements.get(j));
            }
            while (next < future.size() && future.get(next).arrival() <= t) {
                waiting.add(add(future.get(next++), null));
            }
            schedule(rollout);
        }
        // A decision after which the job itself never runs is no saving.
        if (placements.get(currentIndex) == null) {
            return Double.POSITIVE_INFINITY;
        }
        double score = state.costSoFar();
        if (missPenalty > 0) {
            for (int j = currentIndex; j < jobs.size(); j++) {
                Job job = jobs.get(j);
                if (job.hasDeadline() && (placements.get(j) == null || Deadlines.missed(job, finishOf[j]))) {
                    score += missPenalty;
                }
            }
        }
        return score;
    }

    private int add(Job job, Placement p) {
        jobs.add(job);
        placements.add(p);
        return jobs.size() - 1;
    }

    private void start(int index, Placement p, double now) {
        Job job = jobs.get(index);
        double finish = now + model.duration(job, p, cluster);
        if (finishOf.length <= index) {
            finishOf = java.util.Arrays.copyOf(finishOf, Math.max(2 * finishOf.length, index + 1));
        }
        finishOf[index] = finish;
        placements.set(index, p);
        state.start(job, p, finish);
        completions.add(index, finish);
    }

    private void schedule(PlacementPolicy rollout) {
        while (!waiting.isEmpty()) {
            int j = waiting.get(0);
            Job job = jobs.get(j);
            if (cluster.executorCapacityWhenEmpty(job.coresPerExecutor(), job.memoryGbPerExecutor()) < job.executors()) {
                waiting.remove(0);
                continue;
            }
            Placement p = rollout.place(job, state);
            if (p == null || p.isNone() || state.validate(job, p) != null) {
                if (state.idle()) {
                    waiting.remove(0); // the simulator drops it
                    continue;
                }
                return;
            }
            waiting.remove(0);
            start(j, p, state.now());
        }
    }

    /** A job running now. */
    record Running(Job job, Placement placement, double finish) {
    }
}

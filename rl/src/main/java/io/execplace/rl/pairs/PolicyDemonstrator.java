package io.execplace.rl.pairs;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.rl.agent.Demonstrator;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnv;

import java.util.List;
import java.util.function.Consumer;

/**
 * Any scheduler (e.g. {@code milp}) as a teacher in a {@link PairEnv}: at a job's first executor it
 * asks the scheduler for the whole job's placement and then gives its VMs executor by executor; a
 * job the scheduler will not place now is a wait. When the executors placed so far are not the
 * plan's (another policy acted, as in DAgger), it asks the scheduler again for the executors still
 * to place, as a job of their own on the cluster as it is now. Where its choice is not allowed it
 * takes the first allowed action instead.
 *
 * <p>A plan is a multiset of VMs: the order in which a job's executors go to them does not change
 * the schedule. Without a preference the plan is given in the scheduler's order. With one (the
 * learner's own greedy action, {@link #action(Env, int)}) any VM the plan still has room for is a
 * right answer, so the preferred one is the label when the plan has room on it: labels then differ
 * from the learner only where the schedules differ, not in the order of equivalent steps.
 */
public final class PolicyDemonstrator implements Demonstrator {

    private final PlacementPolicy teacher;
    /** The plan: VM of each executor from {@link #planFrom} on; null for "wait". */
    private int[] plan;
    private int planFrom;
    /** Executors of the job on each VM when the plan was made. */
    private int[] before = new int[0];
    /** Per VM, the plan's executors not placed yet (valid after {@link #followed}). */
    private int[] remaining = new int[0];

    /** Told each new episode's jobs, or null. */
    private final Consumer<List<Job>> onEpisode;
    /** Places the rest of a job the teacher would hold once its placement has begun, or null. */
    private final PlacementPolicy placer;
    private List<Job> episode;

    public PolicyDemonstrator(PlacementPolicy teacher) {
        this(teacher, null, null);
    }

    /**
     * @param onEpisode told the jobs of every new episode before the teacher's first decision in it
     *                  (e.g. to make a clairvoyant teacher know them), or null
     * @param placer    when another policy has begun placing a job and the teacher would now hold
     *                  the rest (waiting is no longer allowed then), the policy whose placement of
     *                  the rest is the label (e.g. {@code milp}); null: the first allowed action,
     *                  which is no advice at all
     */
    public PolicyDemonstrator(PlacementPolicy teacher, Consumer<List<Job>> onEpisode, PlacementPolicy placer) {
        this.teacher = teacher;
        this.onEpisode = onEpisode;
        this.placer = placer;
    }

    @Override
    public int action(Env env) {
        return action(env, -1);
    }

    @Override
    public int action(Env env, int preferred) {
        PairEnv pairs = (PairEnv) env;
        TpdsEnv e = pairs.current();
        if (onEpisode != null && e.episodeJobs() != episode) {
            episode = e.episodeJobs();
            onEpisode.accept(episode);
        }
        boolean[] mask = env.actionMask();
        int placed = e.executorsPlaced();
        boolean ordered = preferred < 0;
        if (placed == 0 || plan == null || !(ordered ? followedInOrder(pairs, placed) : followed(pairs, placed))) {
            Job job = e.currentJob();
            Job rest = placed == 0 ? job : new Job(job.id(), job.type(), job.arrival(), job.executors() - placed,
                    job.coresPerExecutor(), job.memoryGbPerExecutor(), job.baseDuration(), job.deadline());
            Placement p = teacher.place(rest, e.clusterView());
            if (p.isNone() && placed > 0 && placer != null) {
                p = placer.place(rest, e.clusterView());
            }
            plan = p.isNone() ? null : vms(p);
            planFrom = placed;
            before = new int[e.cluster().size()];
            for (int vm = 0; vm < before.length; vm++) {
                before[vm] = pairs.executorsHere(vm);
            }
            if (!ordered && plan != null) {
                followed(pairs, placed);
            }
        }
        int action = planned(placed, preferred);
        if (action < mask.length && mask[action]) {
            return action;
        }
        for (int a = 0; a < mask.length; a++) {
            if (mask[a]) {
                return a;
            }
        }
        return 0;
    }

    /** The plan's action now: the preferred one when the plan has room on its VM, else the plan's next. */
    private int planned(int placed, int preferred) {
        if (plan == null) {
            return 0;
        }
        if (preferred < 0) {
            return plan[placed - planFrom] + 1;
        }
        if (preferred >= 1 && preferred - 1 < remaining.length && remaining[preferred - 1] > 0) {
            return preferred;
        }
        for (int vm : plan) {
            if (remaining[vm] > 0) {
                return vm + 1;
            }
        }
        return 0;
    }

    /** True when the executors placed since the plan was made are the plan's first ones, VM for VM (as counts). */
    private boolean followedInOrder(PairEnv env, int placed) {
        if (placed - planFrom > plan.length || placed < planFrom) {
            return false;
        }
        int vms = env.current().cluster().size();
        int[] planned = new int[vms];
        for (int i = 0; i < placed - planFrom; i++) {
            planned[plan[i]]++;
        }
        // Executors placed before the plan was made are on the VMs too; compare what came after.
        for (int vm = 0; vm < vms; vm++) {
            if (env.executorsHere(vm) - before[vm] != planned[vm]) {
                return false;
            }
        }
        return true;
    }

    /** True when the executors placed since the plan was made fit in the plan, in any order; fills {@link #remaining}. */
    private boolean followed(PairEnv env, int placed) {
        if (placed - planFrom > plan.length || placed < planFrom) {
            return false;
        }
        int vms = env.current().cluster().size();
        if (remaining.length != vms) {
            remaining = new int[vms];
        }
        java.util.Arrays.fill(remaining, 0);
        for (int vm : plan) {
            remaining[vm]++;
        }
        for (int vm = 0; vm < vms; vm++) {
            remaining[vm] -= env.executorsHere(vm) - before[vm];
            if (remaining[vm] < 0) {
                return false;
            }
        }
        return true;
    }

    private static int[] vms(Placement p) {
        int[] v = new int[p.executors()];
        for (int i = 0; i < v.length; i++) {
            v[i] = p.vm(i);
        }
        return v;
    }
}

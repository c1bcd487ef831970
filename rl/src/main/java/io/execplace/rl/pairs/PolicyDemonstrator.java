package io.execplace.rl.pairs;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.rl.agent.Demonstrator;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnv;

import java.util.Arrays;
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
 * the schedule, so executors placed in another order still follow it. Without a preference the
 * plan is given in the scheduler's order. With one (the learner's own greedy action,
 * {@link #action(Env, int)}) any VM the plan still has room for is a right answer, so the preferred one is the label when the plan has room on it: labels then differ
 * from the learner only where the schedules differ, not in the order of equivalent steps.
 */
public final class PolicyDemonstrator implements Demonstrator {

    private final PlacementPolicy teacher;
    /** Told each new episode's jobs, or null. */
    private final Consumer<List<Job>> onEpisode;
    /** Places the rest of a job the teacher would hold once its placement has begun, or null. */
    private final PlacementPolicy placer;
    private List<Job> episode;
    /** The plan: VM of each executor from {@link #planFrom} on; null for "wait". */
    private int[] plan;
    private int planFrom;
    /** Executors of the job on each VM when the plan was made. */
    private int[] before = new int[0];
    /** Per VM, the plan's executors not placed yet (valid after {@link #followed}). */
    private int[] remaining = new int[0];
    /** Per VM, executors placed since the plan was made (valid after {@link #followed}); scratch of {@link #next}. */
    private int[] since = new int[0];

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
        if (placed == 0 || plan == null || !followed(pairs, placed)) {
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
            if (plan != null) {
                followed(pairs, placed);
            }
        }
        int action;
        if (plan == null) {
            action = 0;
        } else if (preferred >= 1 && preferred - 1 < remaining.length && remaining[preferred - 1] > 0) {
            action = preferred;
        } else {
            action = next();
        }
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

    /**
     * The plan's next action in the scheduler's order: its first executor not matched by one placed
     * since (so a plan followed in order gives its executors one after the other).
     */
    private int next() {
        for (int vm : plan) {
            if (since[vm] > 0) {
                since[vm]--; // matched (followed() refills the counts before the next use)
            } else {
                return vm + 1;
            }
        }
        return 0;
    }

    /**
     * True when the executors placed since the plan was made fit in the plan, in any order; fills
     * {@link #remaining} and {@link #since}.
     */
    private boolean followed(PairEnv env, int placed) {
        if (placed - planFrom > plan.length || placed < planFrom) {
            return false;
        }
        int vms = env.current().cluster().size();
        if (remaining.length != vms) {
            remaining = new int[vms];
            since = new int[vms];
        }
        Arrays.fill(remaining, 0);
        for (int vm : plan) {
            remaining[vm]++;
        }
        for (int vm = 0; vm < vms; vm++) {
            since[vm] = env.executorsHere(vm) - before[vm];
            remaining[vm] -= since[vm];
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

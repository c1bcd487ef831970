package io.execplace.rl.pairs;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.rl.agent.Demonstrator;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnv;

/**
 * Any scheduler (e.g. {@code milp}) as a teacher in a {@link PairEnv}: at a job's first executor it
 * asks the scheduler for the whole job's placement and then gives its VMs executor by executor; a
 * job the scheduler will not place now is a wait. When the executors placed so far are not the
 * plan's (another policy acted, as in DAgger), it asks the scheduler again for the executors still
 * to place, as a job of their own on the cluster as it is now. Where its choice is not allowed it
 * takes the first allowed action instead.
 */
public final class PolicyDemonstrator implements Demonstrator {

    private final PlacementPolicy teacher;
    /** The plan: VM of each executor from {@link #planFrom} on; null for "wait". */
    private int[] plan;
    private int planFrom;
    /** Executors of the job on each VM when the plan was made. */
    public PolicyDemonstrator(PlacementPolicy teacher) {
        this.teacher = teacher;
    }

    @Override
    public int action(Env env) {
        PairEnv pairs = (PairEnv) env;
        TpdsEnv e = pairs.current();
        boolean[] mask = env.actionMask();
        int placed = e.executorsPlaced();
        if (placed == 0 || plan == null || !followed(pairs, placed)) {
            Job job = e.currentJob();
            Job rest = placed == 0 ? job : new Job(job.id(), job.type(), job.arrival(), job.executors() - placed,
                    job.coresPerExecutor(), job.memoryGbPerExecutor(), job.baseDuration(), job.deadline());
            Placement p = teacher.place(rest, e.clusterView());
            plan = p.isNone() ? null : vms(p);
            planFrom = placed;
            before = new int[e.cluster().size()];
            for (int vm = 0; vm < before.length; vm++) {
                before[vm] = pairs.executorsHere(vm);
            }
        }
        int action = plan == null ? 0 : plan[placed - planFrom] + 1;
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

    /** True when the executors placed since the plan was made are the plan's, VM for VM (as counts). */
    private boolean followed(PairEnv env, int placed) {
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

    private int[] before = new int[0];

    private int[] vms(Placement p) {
        int[] v = new int[p.executors()];
        for (int i = 0; i < v.length; i++) {
            v[i] = p.vm(i);
        }
        return v;
    }
}

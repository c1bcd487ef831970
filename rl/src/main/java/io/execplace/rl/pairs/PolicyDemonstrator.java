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
 * job the scheduler will not place now is a wait. Where its choice is not allowed (a placement
 * that no longer fits, a wait while nothing runs) it takes the first allowed action instead.
 */
public final class PolicyDemonstrator implements Demonstrator {

    private final PlacementPolicy teacher;
    private Placement pending;

    public PolicyDemonstrator(PlacementPolicy teacher) {
        this.teacher = teacher;
    }

    @Override
    public int action(Env env) {
        PairEnv pairs = (PairEnv) env;
        TpdsEnv e = pairs.current();
        boolean[] mask = env.actionMask();
        int placed = e.executorsPlaced();
        if (placed == 0) {
            Job job = e.currentJob();
            Placement p = teacher.place(job, e.clusterView());
            pending = p.isNone() ? null : p;
        }
        int action = pending == null ? 0 : pending.vm(placed) + 1;
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
}

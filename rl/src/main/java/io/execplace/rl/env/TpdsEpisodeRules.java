package io.execplace.rl.env;

import io.execplace.core.rules.QueuePolicy;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * How a TPDS episode pays and ends (TPDS §4, Table 3, Eq. 14) and the order its jobs are offered in:
 * everything of {@link TpdsEnv} that is not what the agent observes ({@link ObservationSettings}).
 * The size-free pair environment runs the TPDS environment under these rules with its own
 * observation, so it takes this record alone.
 *
 * @param beta            weight of cost against mean duration in {@code R_epi} (Eq. 14), in [0, 1]
 * @param fixedReward     {@code R_fixed} of Eq. 14 (10,000)
 * @param rewards         the immediate rewards of Table 3
 * @param partialWaitEnds a wait after part of the job was placed ends the episode (paper and
 *                        reference code); when false the episode goes on, the placed executors keep
 *                        their VMs and the clock moves to the next completion
 * @param lookAhead       the reference code's capacity check after each placement: the episode ends
 *                        when the free resources, counted fractionally as {@code min(freeCores/cores,
 *                        freeMemory/memory)} summed over VMs, cannot hold the rest of the current job
 *                        (or, after a job's last executor, the whole next job)
 * @param perJobReward    pay {@code R_epi} as it accrues (an execplace extension): each step earns
 *                        {@code −R_fixed·β·ΔCost/Cost_max} for the cost it commits, and a step that
 *                        starts job j {@code R_fixed/n − R_fixed·(1−β)·(T_j − T_min^j)/(n·(Avg_Tmax −
 *                        Avg_Tmin))}; the last step gets the rest of {@code R_epi}. A completed
 *                        episode's undiscounted return is unchanged; with γ &lt; 1 a decision's cost
 *                        reaches it instead of being discounted away over hundreds of steps
 * @param queue           the waiting queue's order ({@link QueuePolicy#byName}): {@code fcfs} (TPDS; files
 *                        written before the option read as it), {@code edf} or {@code hjs-weight[:λ]}. With
 *                        an order other than FCFS a wait moves the clock to the next event (an arrival may
 *                        now come first), not straight to the next completion, as the simulator does
 * @param targetReward    pay HJS's Target (Eq. 5) instead of {@code R_epi} (an execplace extension): each
 *                        step earns {@code −100·ΔCost/C_max} for the cost it commits and {@code 100/D_num}
 *                        when it starts a deadline job that will finish by its deadline (its duration is
 *                        fixed at its start); the last step gets the rest, so a completed episode returns
 *                        its Target plus Table 3's wait reward (−1) per wait: as HJS Table 1 charges a
 *                        skip, holding jobs back is not free (Target has no term for regular jobs'
 *                        waiting). Table 3's place reward is 0 then; penalties stay
 */
public record TpdsEpisodeRules(double beta, double fixedReward, Rewards rewards, boolean partialWaitEnds,
                               boolean lookAhead, boolean perJobReward, String queue, boolean targetReward) {

    /** {@code R_fixed} of TPDS Table 5. */
    public static final double PAPER_FIXED_REWARD = 10_000;

    /**
     * The immediate rewards (TPDS Table 3).
     *
     * @param place       a valid placement (+1)
     * @param waitReward  a wait with nothing of the current job placed while jobs run (−1)
     * @param invalid     a placement on a VM without room (−200)
     * @param idleWait    a wait while nothing runs (−200)
     * @param partialWait a wait after part of the current job was placed (−200; reference code −50)
     * @param lookAhead   the reference code's failed capacity check (−200)
     */
    public record Rewards(double place, double waitReward, double invalid, double idleWait, double partialWait,
                          double lookAhead) {

        /** TPDS Table 3. */
        public static final Rewards PAPER = new Rewards(1, -1, -200, -200, -200, -200);

        /** The reference code (RM_DeepRL): −50 for a wait after a partial placement. */
        public static final Rewards REFERENCE = new Rewards(1, -1, -200, -200, -50, -200);

        public Rewards {
            for (double r : new double[]{place, waitReward, invalid, idleWait, partialWait, lookAhead}) {
                if (!Double.isFinite(r)) {
                    throw new IllegalArgumentException("rewards must be finite numbers, got " + r);
                }
            }
        }

        /** The same with {@code reward} for a wait after a partial placement (the one reward the options change). */
        public Rewards withPartialWait(double reward) {
            return new Rewards(place, waitReward, invalid, idleWait, reward, lookAhead);
        }
    }

    public TpdsEpisodeRules {
        if (!(beta >= 0 && beta <= 1)) {
            throw new IllegalArgumentException("beta must be in [0, 1], got " + beta);
        }
        if (!(fixedReward > 0) || !Double.isFinite(fixedReward)) {
            throw new IllegalArgumentException("R_fixed must be a positive number, got " + fixedReward);
        }
        if (rewards == null) {
            throw new IllegalArgumentException("rewards are required");
        }
        queue = queue == null ? QueuePolicy.FCFS.name() : QueuePolicy.byName(queue).name();
        if (perJobReward && targetReward) {
            throw new IllegalArgumentException("the per-job reward (R_epi) and the Target reward exclude each other");
        }
    }

    /** The paper's rules: Table 3 rewards, no look-ahead, FCFS. */
    public static TpdsEpisodeRules paper(double beta) {
        return new TpdsEpisodeRules(beta, PAPER_FIXED_REWARD, Rewards.PAPER, true, false, false, null, false);
    }

    /** The reference code's rules: −50 for a partial wait, the capacity look-ahead check. */
    public static TpdsEpisodeRules reference(double beta) {
        return new TpdsEpisodeRules(beta, PAPER_FIXED_REWARD, Rewards.REFERENCE, true, true, false, null, false);
    }

    /** {@code paper} or {@code reference}, ignoring case. */
    public static TpdsEpisodeRules variant(String name, double beta) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "paper" -> paper(beta);
            case "reference" -> reference(beta);
            default -> throw new IllegalArgumentException("unknown environment variant '" + name
                    + "' (expected paper or reference)");
        };
    }

    /** The queue order as the kernel takes it. */
    public QueuePolicy queuePolicy() {
        return QueuePolicy.byName(queue);
    }

    public TpdsEpisodeRules withBeta(double b) {
        return with(d -> d.beta = b);
    }

    public TpdsEpisodeRules withFixedReward(double r) {
        return with(d -> d.fixedReward = r);
    }

    public TpdsEpisodeRules withRewards(Rewards r) {
        return with(d -> d.rewards = r);
    }

    public TpdsEpisodeRules withPartialWaitEnds(boolean on) {
        return with(d -> d.partialWaitEnds = on);
    }

    public TpdsEpisodeRules withLookAhead(boolean on) {
        return with(d -> d.lookAhead = on);
    }

    public TpdsEpisodeRules withPerJobReward(boolean on) {
        return with(d -> d.perJobReward = on);
    }

    public TpdsEpisodeRules withQueue(String order) {
        return with(d -> d.queue = order);
    }

    public TpdsEpisodeRules withTargetReward(boolean on) {
        return with(d -> d.targetReward = on);
    }

    /** A copy with one change: every {@code withX} goes through here, so a new rule is added in one place. */
    private TpdsEpisodeRules with(Consumer<Draft> change) {
        Draft d = new Draft(this);
        change.accept(d);
        return new TpdsEpisodeRules(d.beta, d.fixedReward, d.rewards, d.partialWaitEnds, d.lookAhead, d.perJobReward,
                d.queue, d.targetReward);
    }

    /** The mutable working copy behind {@link #with}. */
    private static final class Draft {
        double beta;
        double fixedReward;
        Rewards rewards;
        boolean partialWaitEnds;
        boolean lookAhead;
        boolean perJobReward;
        String queue;
        boolean targetReward;

        Draft(TpdsEpisodeRules r) {
            beta = r.beta;
            fixedReward = r.fixedReward;
            rewards = r.rewards;
            partialWaitEnds = r.partialWaitEnds;
            lookAhead = r.lookAhead;
            perJobReward = r.perJobReward;
            queue = r.queue;
            targetReward = r.targetReward;
        }
    }
}

package io.execplace.rl.env;

import io.execplace.core.rules.QueuePolicy;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * The options of the TPDS executor-placement environment (TPDS §4, Table 3).
 *
 * @param beta            weight of cost against mean duration in {@code R_epi} (Eq. 14), in [0, 1]
 * @param fixedReward     {@code R_fixed} of Eq. 14 (10,000)
 * @param rewards         the immediate rewards of Table 3
 * @param normalised      divide observations by capacities and maxima (values in [0, 1])
 * @param masking         expose an action mask that allows only actions no rule penalises; when
 *                        off every action is allowed and the agent must learn the constraints
 * @param partialWaitEnds a wait after part of the job was placed ends the episode (paper and
 *                        reference code); when false the episode goes on, the placed executors keep
 *                        their VMs and the clock moves to the next completion
 * @param lookAhead       the reference code's capacity check after each placement: the episode ends
 *                        when the free resources, counted fractionally as {@code min(freeCores/cores,
 *                        freeMemory/memory)} summed over VMs, cannot hold the rest of the current job
 *                        (or, after a job's last executor, the whole next job)
 * @param maxSteps        truncate an episode after this many steps; 0 for no limit (an episode is
 *                        finite anyway: every wait finishes a job)
 * @param busyTime        append every VM's remaining busy time to the observation (an execplace
 *                        extension; the paper's observation has free resources only)
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
public record TpdsEnvConfig(double beta, double fixedReward, Rewards rewards, boolean normalised, boolean masking,
                            boolean partialWaitEnds, boolean lookAhead, int maxSteps, boolean busyTime,
                            boolean perJobReward, String queue, boolean targetReward) {

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
    }

    public TpdsEnvConfig {
        if (!(beta >= 0 && beta <= 1)) {
            throw new IllegalArgumentException("beta must be in [0, 1], got " + beta);
        }
        if (!(fixedReward > 0) || !Double.isFinite(fixedReward)) {
            throw new IllegalArgumentException("R_fixed must be a positive number, got " + fixedReward);
        }
        if (rewards == null) {
            throw new IllegalArgumentException("rewards are required");
        }
        if (maxSteps < 0) {
            throw new IllegalArgumentException("maxSteps must be >= 0 (0 = no limit), got " + maxSteps);
        }
        queue = queue == null ? QueuePolicy.FCFS.name() : QueuePolicy.byName(queue).name();
        if (perJobReward && targetReward) {
            throw new IllegalArgumentException("the per-job reward (R_epi) and the Target reward exclude each other");
        }
    }

    /** The queue order as the kernel takes it. */
    public QueuePolicy queuePolicy() {
        return QueuePolicy.byName(queue);
    }

    /** {@code R_fixed} of TPDS Table 5. */
    public static final double PAPER_FIXED_REWARD = 10_000;

    /** The paper's environment: Table 3 rewards, raw observations, no mask, no look-ahead. */
    public static TpdsEnvConfig paper(double beta) {
        return new TpdsEnvConfig(beta, PAPER_FIXED_REWARD, Rewards.PAPER, false, false, true, false, 0, false, false,
                null, false);
    }

    /** The reference code's environment: −50 for a partial wait, the capacity look-ahead check. */
    public static TpdsEnvConfig reference(double beta) {
        return new TpdsEnvConfig(beta, PAPER_FIXED_REWARD, Rewards.REFERENCE, false, false, true, true, 0, false, false,
                null, false);
    }

    /** {@code paper} or {@code reference}, ignoring case. */
    public static TpdsEnvConfig variant(String name, double beta) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "paper" -> paper(beta);
            case "reference" -> reference(beta);
            default -> throw new IllegalArgumentException("unknown environment variant '" + name
                    + "' (expected paper or reference)");
        };
    }

    public TpdsEnvConfig withBeta(double b) {
        return with(d -> d.beta = b);
    }

    public TpdsEnvConfig withFixedReward(double r) {
        return with(d -> d.fixedReward = r);
    }

    public TpdsEnvConfig withRewards(Rewards r) {
        return with(d -> d.rewards = r);
    }

    public TpdsEnvConfig withNormalised(boolean on) {
        return with(d -> d.normalised = on);
    }

    public TpdsEnvConfig withMasking(boolean on) {
        return with(d -> d.masking = on);
    }

    public TpdsEnvConfig withPartialWaitEnds(boolean on) {
        return with(d -> d.partialWaitEnds = on);
    }

    public TpdsEnvConfig withLookAhead(boolean on) {
        return with(d -> d.lookAhead = on);
    }

    public TpdsEnvConfig withMaxSteps(int n) {
        return with(d -> d.maxSteps = n);
    }

    public TpdsEnvConfig withBusyTime(boolean on) {
        return with(d -> d.busyTime = on);
    }

    public TpdsEnvConfig withPerJobReward(boolean on) {
        return with(d -> d.perJobReward = on);
    }

    public TpdsEnvConfig withQueue(String order) {
        return with(d -> d.queue = order);
    }

    public TpdsEnvConfig withTargetReward(boolean on) {
        return with(d -> d.targetReward = on);
    }

    /** A copy with one change: every {@code withX} goes through here, so a new option is added in one place. */
    private TpdsEnvConfig with(Consumer<Draft> change) {
        Draft d = new Draft(this);
        change.accept(d);
        return new TpdsEnvConfig(d.beta, d.fixedReward, d.rewards, d.normalised, d.masking, d.partialWaitEnds,
                d.lookAhead, d.maxSteps, d.busyTime, d.perJobReward, d.queue, d.targetReward);
    }

    /** The mutable working copy behind {@link #with}. */
    private static final class Draft {
        double beta;
        double fixedReward;
        Rewards rewards;
        boolean normalised;
        boolean masking;
        boolean partialWaitEnds;
        boolean lookAhead;
        int maxSteps;
        boolean busyTime;
        boolean perJobReward;
        String queue;
        boolean targetReward;

        Draft(TpdsEnvConfig c) {
            beta = c.beta;
            fixedReward = c.fixedReward;
            rewards = c.rewards;
            normalised = c.normalised;
            masking = c.masking;
            partialWaitEnds = c.partialWaitEnds;
            lookAhead = c.lookAhead;
            maxSteps = c.maxSteps;
            busyTime = c.busyTime;
            perJobReward = c.perJobReward;
            queue = c.queue;
            targetReward = c.targetReward;
        }
    }
}

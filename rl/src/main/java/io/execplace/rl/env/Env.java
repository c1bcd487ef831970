package io.execplace.rl.env;

/**
 * A reinforcement-learning environment with a Gymnasium-style API: {@link #reset(long, long)} starts an
 * episode, {@link #step(int)} applies one discrete action and reports the reward and whether the
 * episode ended, {@link #actionMask()} says which actions are allowed now.
 *
 * <p>For speed the observation array, the mask array and the {@link StepResult} are owned by the
 * environment and reused: they are valid until the next call of {@code reset} or {@code step}.
 * Copy them to keep them. An environment is not thread-safe.
 *
 * <p>Behaviour every environment may want is a wrapper ({@link EnvWrapper}), not an option of the
 * environment: {@link TimeLimit} truncates episodes, {@link EpisodeStatistics} records their return
 * and length. {@link EnvChecker} checks that an environment keeps this contract.
 */
public interface Env {

    /** The shape, bounds and names of the observation vector. */
    BoxSpace observationSpace();

    /** The discrete actions {@code 0 .. n-1} and their names. */
    DiscreteSpace actionSpace();

    /**
     * Starts episode number {@code episode}, with {@code seed} seeding whatever is random within it.
     * The choice of episode is the same kind of thing in every environment: a number that names one
     * episode, the same episode every time. The TPDS and HJS environments run workload
     * {@code floorMod(episode, workloads)}; the pair environment variant {@code floorMod(episode,
     * variants)}, episode {@code floorDiv(episode, variants)} of it; LIU the workload generated from
     * {@code episode}. No environment here draws random numbers within an episode (the kernel's
     * physics is deterministic), so today {@code seed} changes nothing; it is part of the contract
     * so that a stochastic environment, and Gymnasium's {@code reset(seed=...)}, have a place for it.
     *
     * @return the first observation (reused array)
     */
    double[] reset(long seed, long episode);

    /**
     * Starts episode number {@code seed}: {@code reset(seed, seed)}. The convenience mapping every
     * training, evaluation and golden file of execplace uses (they pass an episode number as "the
     * seed"), kept so that they replay bit for bit.
     *
     * @return the first observation (reused array)
     */
    default double[] reset(long seed) {
        return reset(seed, seed);
    }

    /**
     * Applies an action.
     *
     * @throws IllegalArgumentException when the action is outside the action space
     * @throws IllegalStateException    when no episode is running (call {@link #reset} first)
     */
    StepResult step(int action);

    /**
     * Which actions are allowed now: {@code mask[a]} is true when {@code a} may be taken. When the
     * environment does not mask, every entry is true. Reused array.
     */
    boolean[] actionMask();

    /**
     * {@link #actionMask()} as bytes, for a batch's buffers: {@code rows[base + a]} is 1 where action
     * {@code a} is allowed now, else 0, and the allowed actions are listed in ascending order in
     * {@code allowed[0 .. count)}. An environment may write it without its boolean mask (the
     * executor-placement environments do, from their fit counts, in one pass).
     *
     * @param allowed room for every action
     * @return how many actions are allowed ({@code count})
     */
    default int writeActionMask(byte[] rows, int base, int[] allowed) {
        boolean[] mask = actionMask();
        int count = 0;
        for (int a = 0; a < mask.length; a++) {
            byte may = mask[a] ? (byte) 1 : 0;
            rows[base + a] = may;
            allowed[count] = a; // kept only when allowed: the next allowed action overwrites it otherwise
            count += may;
        }
        return count;
    }

    /**
     * What the current episode has achieved so far, in the cluster's terms (cost, durations,
     * deadlines, good placements, drops); complete once the episode has ended. Training, evaluation
     * and benchmarks read results here, so that they work with any environment. Returns a new object.
     *
     * @throws IllegalStateException before the first {@link #reset}
     */
    EpisodeOutcome outcome();

    /** Convenience: the number of observation values. */
    default int observationSize() {
        return observationSpace().size();
    }

    /** Convenience: the number of actions. */
    default int actionCount() {
        return actionSpace().size();
    }
}

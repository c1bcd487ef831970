package io.execplace.rl.env;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.LongBuffer;
import java.util.List;

/**
 * Several environments of one shape stepped together, for callers across a bridge (Python through
 * JPype): one call steps every environment, reading their actions from, and writing observations,
 * rewards, end flags and action masks into, direct buffers in native byte order that the caller maps
 * once (NumPy views them without copying element by element). An environment whose episode ends is
 * reset at once to its next episode ("same-step" auto-reset): its observation and mask are then the
 * new episode's, and its flags say how the old one ended.
 *
 * <p>Actions are longs, so that the caller can write its whole numbers without narrowing them; the
 * batch checks every action before it steps any environment.
 *
 * <p>Episodes: {@link #reset(long)} starts environment {@code i} on episode {@code first + i}; an
 * environment that finishes episode {@code e} goes on with {@code e + count}, so the environments
 * never run the same episode.
 *
 * <p>An ended episode's last observation and outcome stay readable until the environment's next
 * episode ends ({@link #finalObservations()}, {@link #endedOutcome(int)}), for callers that report
 * them (Gymnasium's {@code final_obs}, Stable-Baselines3's {@code terminal_observation}).
 *
 * <p>{@link #single} is one environment behind the same buffers without auto-reset, for Python's
 * one-environment {@code ExecplaceEnv}: one bridge crossing per step instead of six.
 *
 * <p>Threads (opt-in, {@link #BatchedEnvs(List, int)}): with two, a second thread steps the upper
 * half of the environments while the caller steps the lower half. The environments are independent
 * and each writes only its own rows of the buffers, so the results are the same, bit for bit, as on
 * one thread. {@link #close()} ends the second thread.
 */
public final class BatchedEnvs implements AutoCloseable {

    /** Flag bit: the episode ended by the rules. */
    public static final int TERMINATED = 1;
    /** Flag bit: the episode was cut by a step limit. */
    public static final int TRUNCATED = 2;

    private final Env[] envs;
    private final int observationSize;
    private final int actionCount;
    private final ByteBuffer actions;
    private final ByteBuffer observations;
    private final DoubleBuffer observationValues;
    private final ByteBuffer finalObservations;
    private final DoubleBuffer finalObservationValues;
    private final EpisodeOutcome[] outcomes;
    private final ByteBuffer outcomeRows;
    private final DoubleBuffer outcomeValues;
    private final long[] episodes;
    private final LongBuffer actionValues;
    private final long[] stepActions;
    /** What a step writes per environment (rewards, flags, events, masks), put into the buffers in bulk. */
    private final StepRows rows;
    private final boolean autoReset;
    private boolean started;
    /** Steps the upper half on a second thread; null on one thread. */
    private final HalfStepper upperHalf;
    private final int half;
    /** Draws random allowed actions once {@link #sampleAllowed()} turns it on. */
    private final AllowedActionSampler sampler;

    /**
     * @param envs fresh environments with the same observation and action sizes
     * @throws IllegalArgumentException when there are none or their sizes differ
     */
    public BatchedEnvs(List<? extends Env> envs) {
        this(envs, true, 1);
    }

    /**
     * @param envs    fresh environments with the same observation and action sizes, independent of
     *                each other (no shared mutable state)
     * @param threads 1, or 2 to step the two halves of the batch at once (at least two environments)
     * @throws IllegalArgumentException when there are none, their sizes differ, or threads is not 1 or 2
     */
    public BatchedEnvs(List<? extends Env> envs, int threads) {
        this(envs, true, threads);
    }

    /**
     * One environment behind the buffers, without auto-reset: an ended episode stays ended (its
     * {@link Env#outcome()} readable) until {@link #reset(int, long, long)}; a step after it is
     * refused by the environment.
     */
    public static BatchedEnvs single(Env env) {
        return new BatchedEnvs(List.of(env), false, 1);
    }

    private BatchedEnvs(List<? extends Env> envs, boolean autoReset, int threads) {
        if (envs.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one environment");
        }
        if (threads != 1 && (threads != 2 || envs.size() < 2)) {
            throw new IllegalArgumentException("threads must be 1, or 2 with at least two environments; got "
                    + threads + " for " + envs.size());
        }
        this.envs = envs.toArray(new Env[0]);
        this.observationSize = envs.get(0).observationSize();
        this.actionCount = envs.get(0).actionCount();
        for (Env e : envs) {
            if (e.observationSize() != observationSize || e.actionCount() != actionCount) {
                throw new IllegalArgumentException("every environment of a batch must have " + observationSize
                        + " observation values and " + actionCount + " actions");
            }
        }
        int n = envs.size();
        actions = direct(8 * n);
        observations = direct(8 * n * observationSize);
        finalObservations = direct(8 * n * observationSize);
        finalObservationValues = finalObservations.asDoubleBuffer();
        outcomes = new EpisodeOutcome[n];
        outcomeRows = direct(8 * n * OutcomeValues.COLUMNS.size());
        outcomeValues = outcomeRows.asDoubleBuffer();
        this.autoReset = autoReset;
        observationValues = observations.asDoubleBuffer();
        episodes = new long[n];
        actionValues = actions.asLongBuffer();
        stepActions = new long[n];
        rows = new StepRows(n, actionCount);
        half = threads == 2 ? n / 2 : n;
        sampler = new AllowedActionSampler(n, actionCount, half);
        upperHalf = threads == 2 ? new HalfStepper(() -> stepRange(half, n), "execplace-batch-upper-half") : null;
    }

    /** The threads stepping the batch: 1 or 2. */
    public int threads() {
        return upperHalf == null ? 1 : 2;
    }

    /** Ends the second thread, if any; a step after it is refused. Idempotent. */
    @Override
    public void close() {
        if (upperHalf != null) {
            upperHalf.close();
        }
    }

    static ByteBuffer direct(int bytes) {
        return ByteBuffer.allocateDirect(Math.max(bytes, 1)).order(ByteOrder.nativeOrder());
    }

    public int count() {
        return envs.length;
    }

    public int observationSize() {
        return observationSize;
    }

    public int actionCount() {
        return actionCount;
    }

    /** The actions of the next {@link #step()}: one native-order long per environment, written by the caller. */
    public ByteBuffer actions() {
        return actions;
    }

    /** Observations, {@code count × observationSize} native-order doubles, row per environment. */
    public ByteBuffer observations() {
        return observations;
    }

    /** The last step's rewards, one native-order double per environment. */
    public ByteBuffer rewards() {
        return rows.rewards();
    }

    /** The last step's end flags per environment: {@link #TERMINATED}, {@link #TRUNCATED} bits. */
    public ByteBuffer flags() {
        return rows.flags();
    }

    /** The last step's {@code terminated} per environment: 1 when its episode ended by the rules, else 0. */
    public ByteBuffer terminated() {
        return rows.terminated();
    }

    /** The last step's {@code truncated} per environment: 1 when its episode was cut by a step limit, else 0. */
    public ByteBuffer truncated() {
        return rows.truncated();
    }

    /** Action masks, {@code count × actionCount} bytes, 1 where the action is allowed now. */
    public ByteBuffer masks() {
        return rows.masks();
    }

    /** The last step's event per environment: its {@link StepEvent} ordinal, or -1 for none. */
    public ByteBuffer events() {
        return rows.events();
    }

    /**
     * The last observation of each environment whose episode the last {@link #step()} ended
     * ({@code count × observationSize} native-order doubles; rows of the others are stale): with
     * auto-reset, {@link #observations()} already holds the next episode's first one.
     */
    public ByteBuffer finalObservations() {
        return finalObservations;
    }

    /**
     * The outcome of the episode environment {@code env} ended last (read before the auto-reset
     * replaced it), or null when none has ended yet.
     */
    public EpisodeOutcome endedOutcome(int env) {
        return outcomes[env];
    }

    /**
     * The outcome of the episode each environment ended last, as {@link OutcomeValues} rows ({@code
     * count × OutcomeValues.COLUMNS.size()} native-order doubles; rows of environments that have not
     * ended an episode are zero), written when the episode ends, before any auto-reset.
     */
    public ByteBuffer outcomeValues() {
        return outcomeRows;
    }

    /** The episode each environment runs now. */
    public long episode(int env) {
        return episodes[env];
    }

    /**
     * Turns on random allowed actions (idempotent): from now on, whenever an environment's state is
     * written, a uniformly random allowed action for it is drawn into the returned buffer (native-order
     * longs, one per environment; -1 where no action is allowed), from a generator per environment
     * reseeded at each episode's start from the episode's seed (for the episodes running now, from
     * their episode numbers). Same seeds and calls, same actions.
     */
    public ByteBuffer sampleAllowed() {
        return sampler.turnOn(episodes, rows.stepMasks());
    }

    /**
     * {@link #step()} with the random allowed actions of {@link #sampleAllowed()}, which are also
     * written into {@link #actions()} (so that the caller reads what was taken).
     *
     * @throws IllegalStateException before {@link #sampleAllowed()}
     */
    public int stepSampled() {
        sampler.copyTo(actionValues);
        return step();
    }

    /** Starts environment {@code i} on episode {@code firstEpisode + i} (seed = episode). */
    public void reset(long firstEpisode) {
        for (int i = 0; i < envs.length; i++) {
            episodes[i] = firstEpisode + i;
            sampler.startEpisode(i, episodes[i]);
            write(i, envs[i].reset(episodes[i], episodes[i]));
            rows.clearEnd(i);
        }
        started = true;
    }

    /** Starts environment {@code i} on {@code episode} with the random seed {@code seed} ({@link Env#reset(long, long)}). */
    public void reset(int i, long seed, long episode) {
        episodes[i] = episode;
        sampler.startEpisode(i, seed);
        write(i, envs[i].reset(seed, episode));
        rows.clearEnd(i);
        started = true;
    }

    /**
     * Steps every environment with its action from {@link #actions()}; an episode that ends is
     * followed at once by the environment's next one.
     *
     * @return how many episodes ended
     * @throws IllegalStateException    before the first {@link #reset}
     * @throws IllegalArgumentException for an action outside {@code 0..actionCount-1}, before any
     *                                  environment is stepped, or one an environment refuses (naming the environment)
     */
    public int step() {
        if (!started) {
            throw new IllegalStateException("no episodes are running: call reset first");
        }
        int n = envs.length;
        actionValues.get(0, stepActions);
        for (int i = 0; i < n; i++) {
            long action = stepActions[i];
            if (action < 0 || action >= actionCount) {
                throw new IllegalArgumentException((n == 1 ? "" : "environment " + i + ": ") + "action " + action
                        + " is not an action of this environment (0.." + (actionCount - 1) + ")");
            }
        }
        if (upperHalf == null) {
            return stepRange(0, n);
        }
        upperHalf.start();
        int lower;
        try {
            lower = stepRange(0, half);
        } catch (RuntimeException | Error e) {
            try {
                upperHalf.await(); // never leave the other half running
            } catch (RuntimeException | Error ignored) {
                // the lower environment's error is the one reported, as on one thread
            }
            throw e;
        }
        return lower + upperHalf.await();
    }

    /** Steps environments {@code from} (inclusive) to {@code to}: each writes only its own rows. */
    private int stepRange(int from, int to) {
        int n = envs.length;
        int ended = 0;
        int i = from;
        try {
            for (; i < to; i++) {
                Env env = envs[i];
                StepResult r;
                try {
                    r = env.step((int) stepActions[i]);
                } catch (IllegalArgumentException e) {
                    throw n == 1 ? e : new IllegalArgumentException("environment " + i + ": " + e.getMessage(), e);
                }
                boolean terminal = r.terminated();
                boolean truncation = r.truncated();
                rows.record(i, r.reward(), terminal, truncation, r.event());
                if (terminal || truncation) {
                    ended++;
                    outcomes[i] = env.outcome();
                    OutcomeValues.write(outcomes[i], outcomeValues, i * OutcomeValues.COLUMNS.size());
                    if (autoReset) {
                        finalObservationValues.put(i * observationSize, r.observation(), 0, observationSize);
                        episodes[i] += n;
                        sampler.startEpisode(i, episodes[i]);
                        observe(i, env, env.reset(episodes[i], episodes[i]));
                        continue;
                    }
                }
                observe(i, env, r.observation());
            }
        } finally {
            flush(from, i);
        }
        return ended;
    }

    /** Copies rows {@code from} (inclusive) to {@code to} of the step's heap arrays into the buffers. */
    private void flush(int from, int to) {
        if (to <= from) {
            return;
        }
        rows.flush(from, to);
        sampler.flush(from, to);
    }

    /** Writes environment {@code i}'s observation into the buffer and its mask into the step's mask rows. */
    private void observe(int i, Env env, double[] observation) {
        observationValues.put(i * observationSize, observation, 0, observationSize);
        sampler.writeMaskAndDraw(i, env, rows.stepMasks(), i * actionCount);
    }

    /**
     * {@link #step()} for a batch of one, returning what Python reads first after a step, so that it
     * does not read two more buffers: environment 0's flags, plus its event's ordinal + 1 times 4
     * ({@code flags | (event + 1) << 2}; 0 in the upper bits for no event).
     */
    public int stepOne() {
        step();
        return rows.firstFlagsAndEvent();
    }

    private void write(int i, double[] observation) {
        observe(i, envs[i], observation);
        rows.flushMask(i);
        sampler.flush(i, i + 1);
    }
}

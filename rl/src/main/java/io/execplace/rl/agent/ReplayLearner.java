package io.execplace.rl.agent;

import io.execplace.rl.env.Env;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.nn.ArrayBundle;
import org.apache.commons.rng.RestorableUniformRandomProvider;

/**
 * What the off-policy learners (DQN and SAC) share: a replay buffer filled step by step (after a
 * warm-up of uniformly random allowed steps), one gradient step on a uniform batch per iteration,
 * the counters, and saving and restoring all of it. Subclasses choose actions and make the update;
 * this constructor draws nothing from the generator, so subclasses' networks are initialised as
 * before the split.
 */
abstract class ReplayLearner implements Learner {

    protected final Env env;
    protected final EpisodeCursor cursor;
    protected final RestorableUniformRandomProvider rng;
    protected final int observationSize;
    protected final int actions;
    protected final ReplayBuffer replay;
    /** The sampled batch: replay indices, states and next states (row-major). */
    protected final int[] sample;
    protected final double[] batchStates;
    protected final double[] batchNext;
    protected long updates;

    private final int batchSize;
    private final int collectSteps;
    private final int warmupSteps;
    private final double rewardScale;
    private final double[] previous;
    private final boolean[] previousMask;
    private long steps;
    private long episodes;
    private boolean warmedUp;

    protected ReplayLearner(Env env, long seed, int replayCapacity, boolean keepStateMasks, int batchSize,
                            int collectSteps, int warmupSteps, double rewardScale) {
        this.env = env;
        this.cursor = new EpisodeCursor(env);
        this.rng = Rngs.create(seed);
        this.observationSize = env.observationSize();
        this.actions = env.actionCount();
        this.replay = new ReplayBuffer(replayCapacity, observationSize, actions, keepStateMasks);
        this.batchSize = batchSize;
        this.collectSteps = collectSteps;
        this.warmupSteps = warmupSteps;
        this.rewardScale = rewardScale;
        this.sample = new int[batchSize];
        this.batchStates = new double[batchSize * observationSize];
        this.batchNext = new double[batchSize * observationSize];
        this.previous = new double[observationSize];
        this.previousMask = new boolean[actions];
    }

    /** The collect policy's action in state {@code s} with the allowed actions {@code mask}. */
    protected abstract int chooseAction(double[] s, boolean[] mask);

    /** One gradient step on the batch {@link #sampleBatch()} fills; returns its mean loss. */
    protected abstract double update();

    @Override
    public long totalSteps() {
        return steps;
    }

    @Override
    public long totalEpisodes() {
        return episodes;
    }

    @Override
    public IterationStats iterate() {
        int finished = 0;
        double returns = 0;
        int taken = 0;
        if (!warmedUp) {
            for (int i = 0; i < warmupSteps; i++) {
                if (collect(true)) {
                    finished++;
                    returns += cursor.episodeReturn();
                }
            }
            taken += warmupSteps;
            warmedUp = true;
        }
        for (int i = 0; i < collectSteps; i++) {
            if (collect(false)) {
                finished++;
                returns += cursor.episodeReturn();
            }
        }
        taken += collectSteps;
        double loss = replay.size() >= batchSize ? update() : Double.NaN;
        // DQN's loss is its Q-network's TD error: the value loss. SAC reports none (its loss mixes actor and critics).
        Diagnostics d = algorithm() == Algorithm.DQN ? Diagnostics.NONE.withValueLoss(loss) : Diagnostics.NONE;
        return new IterationStats(taken, finished, finished == 0 ? Double.NaN : returns / finished, loss, d);
    }

    /** One environment step into the replay buffer; true when it ended an episode. */
    private boolean collect(boolean random) {
        if (!cursor.active()) {
            cursor.begin();
        }
        double[] s = cursor.observation();
        System.arraycopy(s, 0, previous, 0, observationSize);
        System.arraycopy(env.actionMask(), 0, previousMask, 0, actions);
        int a = random ? Sampling.uniform(previousMask, actions, rng) : chooseAction(s, previousMask);
        StepResult r = cursor.step(a);
        steps++;
        replay.add(previous, previousMask, a, r.reward() * rewardScale, r.observation(), r.terminated(),
                env.actionMask());
        if (r.done()) {
            episodes++;
            return true;
        }
        return false;
    }

    /** Fills {@link #sample}, {@link #batchStates} and {@link #batchNext} with a uniform batch (with replacement). */
    protected void sampleBatch() {
        int n = observationSize;
        for (int i = 0; i < batchSize; i++) {
            int k = rng.nextInt(replay.size());
            sample[i] = k;
            System.arraycopy(replay.states, k * n, batchStates, i * n, n);
            System.arraycopy(replay.nextStates, k * n, batchNext, i * n, n);
        }
    }

    /** Saves the counters (followed by {@code extra}), the generator, the replay buffer and the running episode. */
    protected void saveShared(ArrayBundle b, String prefix, long... extra) {
        long[] counters = new long[4 + extra.length];
        counters[0] = steps;
        counters[1] = episodes;
        counters[2] = updates;
        counters[3] = warmedUp ? 1 : 0;
        System.arraycopy(extra, 0, counters, 4, extra.length);
        b.put(prefix + "counters", counters);
        b.put(prefix + "rng", Rngs.save(rng));
        replay.save(b, prefix);
        cursor.save(b, prefix);
    }

    /**
     * Restores what {@link #saveShared} wrote and returns the counters (the extra ones from index 4).
     * Call it last: the generator is restored after the running episode is replayed.
     */
    protected long[] restoreShared(ArrayBundle b, String prefix) {
        long[] c = b.longs(prefix + "counters");
        steps = c[0];
        episodes = c[1];
        updates = c[2];
        warmedUp = c[3] == 1;
        replay.restore(b, prefix);
        cursor.restore(b, prefix);
        Rngs.restore(rng, b.bytes(prefix + "rng"));
        return c;
    }
}

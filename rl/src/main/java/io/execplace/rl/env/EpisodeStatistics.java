package io.execplace.rl.env;

/**
 * Records the return and length of every episode (Gymnasium's {@code RecordEpisodeStatistics}) and,
 * when an episode ends, pairs them with the environment's {@link EpisodeOutcome} in
 * {@link #lastEpisode()}.
 */
public final class EpisodeStatistics extends EnvWrapper {

    private int steps;
    private double totalReward;
    private EpisodeStats lastEpisode;

    public EpisodeStatistics(Env env) {
        super(env);
    }

    /** {@code env} itself when it already records statistics outermost, else {@code env} wrapped. */
    public static EpisodeStatistics of(Env env) {
        return env instanceof EpisodeStatistics s ? s : new EpisodeStatistics(env);
    }

    @Override
    public double[] reset(long seed, long episode) {
        steps = 0;
        totalReward = 0;
        return env.reset(seed, episode);
    }

    @Override
    public StepResult step(int action) {
        StepResult r = env.step(action);
        steps++;
        totalReward += r.reward();
        if (r.done()) {
            lastEpisode = new EpisodeStats(steps, totalReward, env.outcome());
        }
        return r;
    }

    /** Steps of the current (or last) episode. */
    public int steps() {
        return steps;
    }

    /** Undiscounted return of the current (or last) episode so far. */
    public double totalReward() {
        return totalReward;
    }

    /** The last finished episode, or null before the first one ends. */
    public EpisodeStats lastEpisode() {
        return lastEpisode;
    }
}

package io.execplace.rl.env;

/**
 * Truncates episodes after a number of steps (Gymnasium's {@code TimeLimit}): the step that reaches
 * the limit, unless it terminated the episode anyway, is reported as truncated — the state after it
 * still has a value, so learners bootstrap from it. Another step before {@link #reset} is refused.
 */
public final class TimeLimit extends EnvWrapper {

    private final int maxSteps;
    private int steps;
    private boolean over = true;

    /** @param maxSteps the step limit, at least 1 */
    public TimeLimit(Env env, int maxSteps) {
        super(env);
        if (maxSteps < 1) {
            throw new IllegalArgumentException("step limit must be at least 1, got " + maxSteps);
        }
        this.maxSteps = maxSteps;
    }

    /** Wraps {@code env} in a step limit when {@code maxSteps > 0}; returns it unchanged otherwise. */
    public static Env ifLimited(Env env, int maxSteps) {
        return maxSteps > 0 ? new TimeLimit(env, maxSteps) : env;
    }

    public int maxSteps() {
        return maxSteps;
    }

    @Override
    public double[] reset(long seed, long episode) {
        steps = 0;
        over = false;
        return env.reset(seed, episode);
    }

    @Override
    public StepResult step(int action) {
        if (over) {
            throw new IllegalStateException("no episode is running: call reset first");
        }
        StepResult r = env.step(action);
        steps++;
        if (!r.terminated() && steps >= maxSteps) {
            r.set(r.observation(), r.reward(), false, true, r.event());
        }
        over = r.done();
        return r;
    }
}

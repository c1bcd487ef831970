package io.execplace.rl.env;

/**
 * An environment around another one (Gymnasium's {@code Wrapper}): every call goes to the inner
 * environment unless a subclass changes it. Wrappers add behaviour that any environment may want —
 * a step limit ({@link TimeLimit}), episode return and length ({@link EpisodeStatistics}) — so that
 * environments keep only their own dynamics.
 */
public abstract class EnvWrapper implements Env {

    /** The wrapped environment. */
    protected final Env env;

    protected EnvWrapper(Env env) {
        this.env = env;
    }

    /** The wrapped environment. */
    public Env inner() {
        return env;
    }

    /** The innermost environment, under every wrapper. */
    public Env unwrapped() {
        Env e = env;
        while (e instanceof EnvWrapper w) {
            e = w.env;
        }
        return e;
    }

    @Override
    public BoxSpace observationSpace() {
        return env.observationSpace();
    }

    @Override
    public DiscreteSpace actionSpace() {
        return env.actionSpace();
    }

    @Override
    public double[] reset(long seed, long episode) {
        return env.reset(seed, episode);
    }

    @Override
    public StepResult step(int action) {
        return env.step(action);
    }

    @Override
    public boolean[] actionMask() {
        return env.actionMask();
    }

    @Override
    public int writeActionMask(byte[] rows, int base, int[] allowed) {
        return env.writeActionMask(rows, base, allowed);
    }

    @Override
    public EpisodeOutcome outcome() {
        return env.outcome();
    }
}

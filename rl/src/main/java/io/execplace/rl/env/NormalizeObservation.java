package io.execplace.rl.env;

/**
 * Scales every observation value by a fixed factor (a Gymnasium-style observation wrapper): the TPDS
 * environment's normalised observation (free resources over capacity, job request over the largest
 * VM, executors left and busy times over the training workloads' maxima) is its raw observation
 * times the {@linkplain ObservationEncoder#factors() factors} of a normalised
 * {@link ObservationEncoder} — to the bit the numbers a trained agent sees as a scheduler. The wrapper
 * owns its observation array; a step allocates nothing.
 */
public final class NormalizeObservation extends EnvWrapper {

    private final double[] factors;
    private final BoxSpace space;
    private final double[] observation;

    /**
     * @param env        an environment whose observation is {@code encoder}'s without normalisation
     * @param normalised the normalised encoder whose factors and bounds apply
     */
    public NormalizeObservation(Env env, ObservationEncoder normalised) {
        super(env);
        if (!normalised.normalised() || normalised.size() != env.observationSize()) {
            throw new IllegalArgumentException("needs a normalised encoder of the environment's observation size");
        }
        this.factors = normalised.factors();
        this.space = normalised.space();
        this.observation = new double[factors.length];
    }

    @Override
    public BoxSpace observationSpace() {
        return space;
    }

    @Override
    public double[] reset(long seed, long episode) {
        return scale(env.reset(seed, episode));
    }

    @Override
    public StepResult step(int action) {
        StepResult r = env.step(action);
        r.set(scale(r.observation()), r.reward(), r.terminated(), r.truncated(), r.event());
        return r;
    }

    private double[] scale(double[] raw) {
        for (int i = 0; i < factors.length; i++) {
            observation[i] = raw[i] * factors[i];
        }
        return observation;
    }
}

package io.execplace.rl.env;

/**
 * What the kernel environments ({@link TpdsEnv}, {@link HjsEnv}) show the agent, and how long an
 * episode may run before it is truncated. Both environments encode the cluster the same way
 * ({@link ObservationEncoder}) and offer the same kind of action mask, so one record serves both;
 * each environment's own rules are in {@link TpdsEpisodeRules} and {@link HjsEnvConfig}.
 *
 * @param normalised divide observations by capacities and maxima (values in [0, 1])
 * @param masking    expose an action mask that allows only actions no rule penalises; when off every
 *                   action is allowed and the agent must learn the constraints (the papers' setting)
 * @param maxSteps   truncate an episode after this many steps; 0 for no limit (an episode is finite
 *                   anyway: every wait or skip moves the clock to a later event)
 */
public record ObservationSettings(boolean normalised, boolean masking, int maxSteps) {

    /** Raw observations, no mask, no step limit: the TPDS paper's environment. */
    public static final ObservationSettings RAW = new ObservationSettings(false, false, 0);

    public ObservationSettings {
        if (maxSteps < 0) {
            throw new IllegalArgumentException("maxSteps must be >= 0 (0 = no limit), got " + maxSteps);
        }
    }
}

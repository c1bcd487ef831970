package io.execplace.rl.agent;

import io.execplace.rl.env.Env;

/** Builds a learner from its algorithm's hyper-parameter record. */
public final class Learners {

    private Learners() {
    }

    /** A learner for the algorithm of {@code config}, training in {@code env}, seeded by {@code seed}. */
    public static Learner create(AgentConfig config, Env env, long seed) {
        if (config instanceof DqnConfig c) {
            return new DqnLearner(c, env, seed);
        }
        if (config instanceof ReinforceConfig c) {
            return new ReinforceLearner(c, env, seed);
        }
        if (config instanceof SacConfig c) {
            return new SacLearner(c, env, seed);
        }
        return new PpoLearner((PpoConfig) config, env, seed);
    }

    /** The record type holding an algorithm's hyper-parameters. */
    public static Class<? extends AgentConfig> configType(Algorithm algorithm) {
        return switch (algorithm) {
            case DQN -> DqnConfig.class;
            case REINFORCE -> ReinforceConfig.class;
            case PPO -> PpoConfig.class;
            case SAC -> SacConfig.class;
        };
    }

    /** TPDS Table 5's values (PPO, SAC: Table 5's shared values and their usual ones). */
    public static AgentConfig defaults(Algorithm algorithm) {
        return switch (algorithm) {
            case DQN -> DqnConfig.paper();
            case REINFORCE -> ReinforceConfig.paper();
            case PPO -> PpoConfig.defaults();
            case SAC -> SacConfig.defaults();
        };
    }
}

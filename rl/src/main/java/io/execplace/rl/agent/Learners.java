package io.execplace.rl.agent;

import io.execplace.rl.env.Env;

/** Builds a learner from its algorithm's hyper-parameter record. */
public final class Learners {

    private Learners() {
    }

    /** A learner for the algorithm of {@code config}, training in {@code env}, seeded by {@code seed}. */
    public static Learner create(AgentConfig config, Env env, long seed) {
        if (env instanceof NetworkFactory.Source && (config instanceof DqnConfig || config instanceof SacConfig)) {
            // Their Q-networks and critics are fixed-size MLPs over the whole observation.
            throw new IllegalArgumentException(config.algorithm().label() + " cannot train on an environment with its "
                    + "own network shape (the size-free pair observation); use ppo or reinforce");
        }
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

    /** Adam keeps the parameters, their gradients and two moment estimates: four arrays per network. */
    private static final int ARRAYS_PER_NETWORK = 4;

    /**
     * A lower estimate of the memory a learner of {@code config} needs for an environment with
     * {@code inputs} observation values and {@code actions} actions: 8 bytes per weight, four arrays
     * per network (weights, gradients, Adam's two moments) times the networks of the algorithm, plus
     * the replay buffer of the off-policy learners. Saturates at {@link Long#MAX_VALUE}, so widths
     * that overflow an {@code int} are caught before any array is made.
     */
    public static long estimatedBytes(AgentConfig config, int inputs, int actions) {
        long weights = 0;
        long previous = inputs;
        for (int width : config.hidden()) {
            weights = saturatedAdd(weights, saturatedMultiply(previous + 1, width));
            previous = width;
        }
        weights = saturatedAdd(weights, saturatedMultiply(previous + 1, actions));
        int networks = switch (config.algorithm()) {
            case DQN -> 2; // online and target
            case REINFORCE -> 2; // policy and (optional) baseline
            case PPO -> 2; // actor and critic
            case SAC -> 5; // actor, two critics, two target critics
        };
        long bytes = saturatedMultiply(saturatedMultiply(weights, 8L * ARRAYS_PER_NETWORK), networks);
        int replay = config instanceof DqnConfig d ? d.replayCapacity() : config instanceof SacConfig c ? c.replayCapacity() : 0;
        // each transition: observation, next observation and mask (8 bytes each), action, reward
        long perTransition = 8L * (2L * inputs + actions + 2);
        return saturatedAdd(bytes, saturatedMultiply(replay, perTransition));
    }

    private static long saturatedMultiply(long a, long b) {
        long r = a * b;
        return a != 0 && (r / a != b || r < 0) ? Long.MAX_VALUE : r;
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return r < 0 ? Long.MAX_VALUE : r;
    }
}

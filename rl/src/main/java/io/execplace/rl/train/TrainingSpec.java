package io.execplace.rl.train;

import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.env.TpdsEnvConfig;

/**
 * What to train and how long. Made by name, never positionally outside this file (four of its
 * numbers are ints): {@code TrainingSpec.of(agent, environment, iterations, seed)} with Table 5's
 * schedule, then {@code withEvalInterval}, {@code withEvalEpisodes}, {@code withCheckpointInterval}.
 *
 * @param agent              the algorithm's hyper-parameters
 * @param environment        the environment's rewards and options
 * @param iterations         training iterations (TPDS: 10,000 normal, 20,000 burst)
 * @param evalInterval       iterations between evaluations (1,000)
 * @param evalEpisodes       greedy episodes per evaluation (10)
 * @param checkpointInterval iterations between checkpoints; the last iteration is always saved
 * @param seed               seeds the networks and every random choice of training
 */
public record TrainingSpec(AgentConfig agent, TpdsEnvConfig environment, int iterations, int evalInterval,
                           int evalEpisodes, int checkpointInterval, long seed) {

    public TrainingSpec {
        if (agent == null || environment == null) {
            throw new IllegalArgumentException("an agent and an environment configuration are required");
        }
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be at least 1, got " + iterations);
        }
        if (evalInterval < 1) {
            throw new IllegalArgumentException("evaluation interval must be at least 1, got " + evalInterval);
        }
        if (evalEpisodes < 1) {
            throw new IllegalArgumentException("evaluation episodes must be at least 1, got " + evalEpisodes);
        }
        if (checkpointInterval < 1) {
            throw new IllegalArgumentException("checkpoint interval must be at least 1, got " + checkpointInterval);
        }
    }

    /** TPDS Table 5's schedule: evaluate every 1,000 iterations with 10 episodes, checkpoint at each evaluation. */
    public static TrainingSpec of(AgentConfig agent, TpdsEnvConfig environment, int iterations, long seed) {
        return new TrainingSpec(agent, environment, iterations, 1000, 10, 1000, seed);
    }

    public TrainingSpec withIterations(int n) {
        return new TrainingSpec(agent, environment, n, evalInterval, evalEpisodes, checkpointInterval, seed);
    }

    /** The same with an evaluation every {@code interval} iterations. */
    public TrainingSpec withEvalInterval(int interval) {
        return new TrainingSpec(agent, environment, iterations, interval, evalEpisodes, checkpointInterval, seed);
    }

    /** The same with {@code episodes} greedy episodes per evaluation. */
    public TrainingSpec withEvalEpisodes(int episodes) {
        return new TrainingSpec(agent, environment, iterations, evalInterval, episodes, checkpointInterval, seed);
    }

    public TrainingSpec withCheckpointInterval(int n) {
        return new TrainingSpec(agent, environment, iterations, evalInterval, evalEpisodes, n, seed);
    }
}

package io.execplace.rl.agent;

import io.execplace.rl.nn.ArrayBundle;
import io.execplace.rl.nn.Network;

/**
 * A learning agent bound to its training environment. {@link #iterate()} performs one training
 * iteration as TPDS Table 5 counts them (DQN: collect steps, then one gradient step; REINFORCE and
 * PPO: collect episodes, then update). Everything random comes from the learner's own seeded
 * generator, so the same seed gives the same learning curve bit for bit.
 */
public interface Learner {

    Algorithm algorithm();

    /** One training iteration. */
    IterationStats iterate();

    /**
     * The network whose largest output among the allowed actions is the greedy action (Q-values for
     * DQN, logits for REINFORCE and PPO). Live: it changes as the learner trains.
     */
    Network policyNetwork();

    /** Environment steps taken so far. */
    long totalSteps();

    /** Training episodes finished so far. */
    long totalEpisodes();

    /** Adds the complete training state (networks, optimisers, buffers, generator) to the bundle. */
    void save(ArrayBundle bundle);

    /** Restores the state {@link #save} wrote; the learner must have been built with the same settings. */
    void restore(ArrayBundle bundle);
}

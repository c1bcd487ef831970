package io.execplace.rl.agent;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.List;

/** The hyper-parameters of one learning algorithm. */
public sealed interface AgentConfig permits DqnConfig, ReinforceConfig, PpoConfig, SacConfig {

    /** The algorithm these hyper-parameters are for. */
    @JsonIgnore
    Algorithm algorithm();

    /** Widths of the hidden layers of the policy (or Q-) network. */
    List<Integer> hidden();

    /** Adam step size. */
    double learningRate();

    /** Discount factor. */
    double gamma();

    /** Global gradient norm limit, 0 for none. */
    double gradientClip();

    /** Rewards are multiplied by this before learning. */
    double rewardScale();
}

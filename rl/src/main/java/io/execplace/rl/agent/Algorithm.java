package io.execplace.rl.agent;

import io.execplace.core.io.Choices;

/** The learning algorithms execplace trains. */
public enum Algorithm {
    /** Deep Q-learning with replay and a target network (TPDS §5.1). */
    DQN("dqn"),
    /** Monte-Carlo policy gradient (TPDS §5.2). */
    REINFORCE("reinforce"),
    /** Proximal policy optimisation with the clipped objective and GAE (ZH report). */
    PPO("ppo"),
    /** Off-policy actor-critic with twin critics: discrete soft actor-critic, for DDPG/TD3's role in the ZH report. */
    SAC("sac");

    private final String label;

    Algorithm(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Parses {@code dqn}, {@code reinforce}, {@code ppo} or {@code sac}, ignoring case. */
    public static Algorithm parse(String text) {
        return Choices.parse(values(), Algorithm::label, text, "agent");
    }
}

package io.execplace.rl.agent;

import java.util.Locale;

/** The learning algorithms execplace trains. */
public enum Algorithm {
    /** Deep Q-learning with replay and a target network (TPDS §5.1). */
    DQN("dqn"),
    /** Monte-Carlo policy gradient (TPDS §5.2). */
    REINFORCE("reinforce"),
    /** Proximal policy optimisation with the clipped objective and GAE (ZH report). */
    PPO("ppo");

    private final String label;

    Algorithm(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Parses {@code dqn}, {@code reinforce} or {@code ppo}, ignoring case. */
    public static Algorithm parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (Algorithm a : values()) {
            if (a.label.equals(t)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown agent '" + text + "' (expected dqn, reinforce or ppo)");
    }
}

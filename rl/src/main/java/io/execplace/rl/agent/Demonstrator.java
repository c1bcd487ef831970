package io.execplace.rl.agent;

import io.execplace.rl.env.Env;

/**
 * A teacher for behaviour cloning: the action it would take in the environment's current state
 * (always an allowed one). Called once per step of the episode it demonstrates, in order.
 */
public interface Demonstrator {

    /** The teacher's action now; {@code env} has just been reset or stepped. */
    int action(Env env);
}

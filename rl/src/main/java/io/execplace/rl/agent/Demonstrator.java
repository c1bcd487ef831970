package io.execplace.rl.agent;

import io.execplace.rl.env.Env;

/**
 * A teacher for behaviour cloning: the action it would take in the environment's current state
 * (always an allowed one). Called once per step of the episode it demonstrates, in order.
 */
public interface Demonstrator {

    /** The teacher's action now; {@code env} has just been reset or stepped. */
    int action(Env env);

    /**
     * The teacher's action now, given the learner's own choice: a teacher to which several actions
     * are equally right (e.g. the order of a job's executors) returns {@code preferred} when it is
     * one of them. By default the preference is ignored.
     *
     * @param preferred the learner's greedy action, or -1 for none
     */
    default int action(Env env, int preferred) {
        return action(env);
    }
}

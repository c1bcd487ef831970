package io.execplace.rl.env;

/**
 * What one {@link Env#step} returns: the next observation, the reward, whether the episode ended
 * (terminated: by the rules; truncated: by a step limit) and what happened. The environment reuses
 * one instance, so the values are valid until its next {@code reset} or {@code step}.
 */
public final class StepResult {

    private double[] observation;
    private double reward;
    private boolean terminated;
    private boolean truncated;
    private StepEvent event;

    /**
     * Sets every value (for environments and wrappers, which reuse one instance). A reference is
     * stored only when it changes: the observation array and the event are mostly the last step's,
     * and every reference store into an object that has lived a while costs the garbage collector's
     * write barrier (G1's includes a memory fence), once per environment and step.
     */
    public void set(double[] observation, double reward, boolean terminated, boolean truncated, StepEvent event) {
        if (this.observation != observation) {
            this.observation = observation;
        }
        this.reward = reward;
        this.terminated = terminated;
        this.truncated = truncated;
        if (this.event != event) {
            this.event = event;
        }
    }

    /** The observation after the step (the environment's reused array). */
    public double[] observation() {
        return observation;
    }

    public double reward() {
        return reward;
    }

    /** The episode ended by the rules (success or a violation): do not bootstrap past it. */
    public boolean terminated() {
        return terminated;
    }

    /** The episode was cut by the step limit; the state after it still has a value. */
    public boolean truncated() {
        return truncated;
    }

    /** True when the episode is over either way. */
    public boolean done() {
        return terminated || truncated;
    }

    /** What the action did (the "info" of Gymnasium). */
    public StepEvent event() {
        return event;
    }

    @Override
    public String toString() {
        return "StepResult[reward=" + reward + ", terminated=" + terminated + ", truncated=" + truncated
                + ", event=" + event + "]";
    }
}

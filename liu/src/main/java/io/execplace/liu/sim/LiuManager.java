package io.execplace.liu.sim;

/**
 * A global resource manager: at each decision it picks one waiting application and the cluster
 * it is sent to. Baselines and trained agents are both managers.
 */
public interface LiuManager {

    /** Called before each episode; {@code seed} seeds any randomness the manager has. */
    default void startEpisode(long seed) {
    }

    /** The decision at a slice with at least one waiting application. */
    Dispatch decide(LiuView view);

    /** Short name for reports. */
    String name();

    /**
     * Dispatch waiting application {@code waiting} (index in the pool) to {@code cluster}.
     */
    record Dispatch(int waiting, int cluster) {
    }
}

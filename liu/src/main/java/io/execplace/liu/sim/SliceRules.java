package io.execplace.liu.sim;

import io.execplace.liu.model.LiuApp;

/**
 * The slot model's rules that the simulation, the outlook and the run log share: when a run starts
 * (the stretch rule's minimum share), how long it takes on a partial grant, and when it misses its
 * deadline. See {@link LiuSimulation}'s class comment for the model.
 */
final class SliceRules {

    private SliceRules() {
    }

    /**
     * The stretch rule's start condition: a run wanting {@code want} executors starts when
     * {@code ceil(minShare · min(want, capacity))} are free; a run wanting more than the whole
     * cluster is judged against the cluster's size.
     */
    static boolean startsNow(double minShare, int want, int free, int capacity) {
        return free >= (int) Math.ceil(minShare * Math.min(want, capacity) - 1e-9);
    }

    /** Slices a run takes on {@code granted} of the {@code want} executors it wanted: its work is conserved. */
    static int stretchedLength(int occupation, int want, int granted) {
        long work = (long) occupation * want;
        return (int) ((work + granted - 1) / granted);
    }

    /**
     * Whether a run of {@code app} released at {@code release} and finished at {@code finish} missed
     * its deadline: a time-critical run counts from the application's arrival, a streaming batch from
     * its release; a regular run has none.
     */
    static boolean missed(LiuApp app, int release, int finish) {
        return switch (app.category()) {
            case REGULAR -> false;
            case TIME_CRITICAL -> finish - app.arrival() > app.deadline();
            case STREAMING -> finish - release > app.deadline();
        };
    }
}

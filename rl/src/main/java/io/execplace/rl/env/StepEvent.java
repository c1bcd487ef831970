package io.execplace.rl.env;

/** What an action did in the TPDS environment (the rows of TPDS Table 3, plus the reference code's variants). */
public enum StepEvent {
    /** Table 3 row 3: one executor placed on a VM that had room (+1). */
    PLACED(false),
    /** Table 3 row 2: waited with nothing of the current job placed; the clock moved to the next completion (−1). */
    WAITED(false),
    /** Table 3 row 5: the last executor of the last job was placed ({@code R_epi}, Eq. 14). */
    COMPLETED(true),
    /** Table 3 row 4: the chosen VM could not hold the executor (−200, episode ends). */
    INVALID_PLACEMENT(true),
    /** Table 3 row 1: waited after part of the current job was placed (−200, or the reference code's −50). */
    PARTIAL_WAIT(true),
    /** Waited while nothing was running, so nothing could ever free resources (−200, episode ends). */
    IDLE_WAIT(true),
    /** Reference code variant: after a placement the cluster cannot hold the rest of the current job (−200, ends). */
    LOOKAHEAD_FAILED(true);

    private final boolean terminal;

    StepEvent(boolean terminal) {
        this.terminal = terminal;
    }

    /** True when the event is a penalty for a move the rules forbid (what an action mask must prevent). */
    public boolean penalised() {
        return this != PLACED && this != WAITED && this != COMPLETED;
    }

    /** True when the event always ends the episode (partial waits may be configured not to). */
    public boolean terminal() {
        return terminal;
    }
}

package io.execplace.core.model;

/** How a job type wants its executors laid out (TPDS §7.1): spread out, consolidated, or indifferent. */
public enum PlacementPreference {
    /** Every executor on a different VM (CPU- and memory-bound jobs). */
    SPREAD,
    /** All executors on one VM (network-bound jobs). */
    CONSOLIDATE,
    /** No preference: any layout runs at the base duration. */
    ANY
}

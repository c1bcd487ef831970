package io.execplace.core.profile;

/**
 * The measured runs of one profile cell.
 *
 * @param cell         what ran
 * @param durations    job durations of the runs
 * @param stages       Spark stages of one run
 * @param shuffleBytes shuffle bytes written by one run (mean over the runs)
 */
public record Measurement(ProfileCell cell, DurationStats durations, int stages, long shuffleBytes) {

    public Measurement {
        if (cell == null || durations == null) {
            throw new IllegalArgumentException("a measurement needs a cell and durations");
        }
        if (stages < 0 || shuffleBytes < 0) {
            throw new IllegalArgumentException("stages and shuffle bytes must be >= 0, got " + stages + " and " + shuffleBytes);
        }
    }
}

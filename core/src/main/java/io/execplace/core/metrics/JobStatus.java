package io.execplace.core.metrics;

/** What became of a job in a run. */
public enum JobStatus {
    COMPLETED,
    DROPPED;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

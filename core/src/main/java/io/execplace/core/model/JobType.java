package io.execplace.core.model;

import io.execplace.core.io.Choices;

/**
 * The kind of Spark application a job runs. TPDS uses three BigDataBench applications; HYB jobs
 * carry no type ({@link #GENERIC}).
 */
public enum JobType {
    WORDCOUNT("wordcount", PlacementPreference.SPREAD, 1),
    SORT("sort", PlacementPreference.SPREAD, 2),
    PAGERANK("pagerank", PlacementPreference.CONSOLIDATE, 3),
    GENERIC("generic", PlacementPreference.ANY, 0);

    private final String label;
    private final PlacementPreference preference;
    private final int referenceCode;

    JobType(String label, PlacementPreference preference, int referenceCode) {
        this.label = label;
        this.preference = preference;
        this.referenceCode = referenceCode;
    }

    /** Lower-case name used in files ({@code wordcount}, {@code sort}, {@code pagerank}, {@code generic}). */
    public String label() {
        return label;
    }

    public PlacementPreference preference() {
        return preference;
    }

    /** The type number of the TPDS reference code's traces (1 WordCount, 2 Sort, 3 PageRank; 0 none). */
    public int referenceCode() {
        return referenceCode;
    }

    /** The type with the given TPDS reference-code number (1–3). */
    public static JobType fromReferenceCode(int code) {
        for (JobType t : values()) {
            if (t.referenceCode == code && t != GENERIC) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown job type number " + code + " (expected 1, 2 or 3)");
    }

    /** Parses a label, ignoring case ({@code WordCount}, {@code sort}, ...). */
    public static JobType parse(String text) {
        return Choices.parse(values(), JobType::label, text, "job type");
    }
}

package io.execplace.core.workload;

import io.execplace.core.io.Choices;

/** The trace file formats execplace reads and writes; see {@link Traces} for their layouts. */
public enum TraceFormat {
    /** execplace's own CSV: every job field, with a header. */
    EXECPLACE_CSV("csv", "execplace CSV: job,type,arrival,cores,memoryGb,executors,baseDuration,deadline"),
    /** The TPDS reference code's traces: no header, arrival,id,type 1-3,cores,GB,executors,duration. */
    TPDS("tpds", "TPDS reference code: arrival,job,type(1-3),cores,GB,executors,duration; no header"),
    /** The HYB reference simulator's traces: header job-id,C,M,E,T_A,T_est,T_D. */
    HYB("hyb", "HYB reference simulator: job-id,C,M,E,T_A,T_est,T_D"),
    /** A SWIM workload (tab-separated); only submit times are used, the rest is generated. */
    SWIM("swim", "SWIM TSV: jobN, submit s, gap s, 3 byte counts; job fields generated from a seed");

    private final String key;
    private final String description;

    TraceFormat(String key, String description) {
        this.key = key;
        this.description = description;
    }

    /** The name used on the command line: {@code csv}, {@code tpds}, {@code hyb} or {@code swim}. */
    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /** Parses a key ({@code csv}, {@code tpds}, {@code hyb}, {@code swim}) or constant name, ignoring case. */
    public static TraceFormat parse(String text) {
        return Choices.parse(values(), TraceFormat::key, text, "trace format");
    }
}

package io.execplace.schedulers.spi;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings that tune schedulers for one run: at most one options record per family, keyed by
 * its type (for example {@code milp}'s {@code MilpOptions}, {@code lookahead}'s {@code
 * LookaheadOptions}). Each family owns its record, its defaults and its checks; this container knows
 * no family. A family whose record is absent uses its defaults. Immutable: {@link #with} returns a
 * new value.
 */
public final class SchedulerOptions {

    private static final SchedulerOptions DEFAULTS = new SchedulerOptions(Map.of());

    private final Map<Class<? extends Record>, Record> byType;

    private SchedulerOptions(Map<Class<? extends Record>, Record> byType) {
        this.byType = byType;
    }

    /** No family's record: every scheduler runs with its defaults. */
    public static SchedulerOptions defaults() {
        return DEFAULTS;
    }

    /** The family record of {@code type}, or {@code fallback} (the family's defaults) when absent. */
    public <T extends Record> T get(Class<T> type, T fallback) {
        Record r = byType.get(type);
        return r == null ? fallback : type.cast(r);
    }

    /** These options with {@code options} as its family's record (replacing an earlier one). */
    public SchedulerOptions with(Record options) {
        if (options == null) {
            throw new IllegalArgumentException("scheduler options are missing");
        }
        Map<Class<? extends Record>, Record> next = new LinkedHashMap<>(byType);
        next.put(options.getClass(), options);
        return new SchedulerOptions(Map.copyOf(next));
    }

    /** The records set, in no particular order. */
    public List<Record> records() {
        return List.copyOf(byType.values());
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SchedulerOptions other && byType.equals(other.byType);
    }

    @Override
    public int hashCode() {
        return byType.hashCode();
    }

    @Override
    public String toString() {
        return "SchedulerOptions" + byType.values();
    }
}

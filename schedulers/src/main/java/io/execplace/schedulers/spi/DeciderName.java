package io.execplace.schedulers.spi;

import io.execplace.core.rules.QueuePolicy;

/**
 * A decider's name as a user writes it — a scheduler, a LIU manager or a trained agent — parsed once
 * for every registry: {@code NAME}, or {@code PREFIX:ARGUMENT} for a family such as {@code agent:PATH},
 * either optionally ending in {@code @QUEUE} to run with that waiting-queue order ({@code milp@edf},
 * {@code round-robin@hjs-weight:0.3}). The queue suffix is split at the last {@code '@'}, the family
 * at the first {@code ':'} of what is left, so a queue's own argument never reads as a family.
 *
 * @param written the name as written, trimmed
 * @param base    the name without its {@code @QUEUE} suffix: what a registry resolves
 * @param queue   the suffix's queue order, {@link QueuePolicy#FCFS} without one
 */
public record DeciderName(String written, String base, QueuePolicy queue) {

    /**
     * @throws IllegalArgumentException for a blank name or an unknown queue order
     */
    public static DeciderName parse(String written) {
        if (written == null || written.isBlank()) {
            throw new IllegalArgumentException("a scheduler or manager name must be non-empty, got '" + written + "'");
        }
        String name = written.trim();
        int at = name.lastIndexOf('@');
        if (at <= 0) {
            return new DeciderName(name, name, QueuePolicy.FCFS);
        }
        return new DeciderName(name, name.substring(0, at).trim(), QueuePolicy.byName(name.substring(at + 1)));
    }

    /** The family prefix of {@code PREFIX:ARGUMENT} as written (e.g. {@code agent}), or null for a fixed name. */
    public String family() {
        return familyOf(base);
    }

    /** The text after the family prefix's {@code ':'}, trimmed (possibly empty), or null for a fixed name. */
    public String argument() {
        return argumentOf(base);
    }

    /** {@link #family()} of a name without {@code @QUEUE}. */
    public static String familyOf(String base) {
        int colon = base.indexOf(':');
        return colon > 0 ? base.substring(0, colon).trim() : null;
    }

    /** {@link #argument()} of a name without {@code @QUEUE}. */
    public static String argumentOf(String base) {
        int colon = base.indexOf(':');
        return colon > 0 ? base.substring(colon + 1).trim() : null;
    }

    /** The {@code @QUEUE} suffix that runs a decider with {@code queue}: none for FCFS, the default. */
    public static String queueSuffix(String queue) {
        return QueuePolicy.FCFS.name().equals(queue) ? "" : "@" + queue;
    }
}

package io.execplace.core.io;

import java.util.Locale;

/**
 * The one style of the keys of execplace's JSON output: camelCase ({@code totalCost}, {@code heldOut},
 * {@code nodeHours}), as results.json, heldout.json, scenario files and agent setups have them
 * (docs/formats.md). CSV columns keep their own names; the few JSON writers that once wrote
 * snake_case keys convert them here, and their readers accept both.
 */
public final class JsonKeys {

    private JsonKeys() {
    }

    /** {@code node_cost} → {@code nodeCost}, {@code bind_latency_p50_seconds} → {@code bindLatencyP50Seconds}. */
    public static String camel(String snake) {
        StringBuilder b = new StringBuilder(snake.length());
        boolean upper = false;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                upper = b.length() > 0;
            } else {
                b.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return b.toString();
    }

    /**
     * The snake_case name of a camelCase key ({@code nodeCost} → {@code node_cost}); a snake_case key,
     * as files written before the keys were camelCase have it, stays as it is.
     */
    public static String snake(String camel) {
        StringBuilder b = new StringBuilder(camel.length() + 4);
        for (char c : camel.toCharArray()) {
            if (Character.isUpperCase(c)) {
                b.append('_').append(Character.toLowerCase(c));
            } else {
                b.append(c);
            }
        }
        return b.toString().toLowerCase(Locale.ROOT);
    }
}

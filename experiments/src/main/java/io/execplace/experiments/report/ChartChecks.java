package io.execplace.experiments.report;

import java.util.HashSet;
import java.util.List;
import java.util.function.Function;

/** The check every chart spec makes of what it draws: at least one item, each named once (the legend's entries). */
final class ChartChecks {

    private ChartChecks() {
    }

    /**
     * An unmodifiable copy of {@code items}.
     *
     * @param chart the chart's kind and title, e.g. {@code "line chart 'Cost'"}, for the messages
     * @param kind  what the items are, e.g. {@code "series"} or {@code "points"}
     * @throws IllegalArgumentException when there is no item or two share a name
     */
    static <T> List<T> named(String chart, String kind, List<T> items, Function<T, String> name) {
        List<T> copy = List.copyOf(items);
        if (copy.isEmpty()) {
            throw new IllegalArgumentException(chart + " has no " + kind);
        }
        var names = new HashSet<String>();
        for (T item : copy) {
            if (!names.add(name.apply(item))) {
                throw new IllegalArgumentException(chart + " has two " + kind + " named '" + name.apply(item) + "'");
            }
        }
        return copy;
    }
}

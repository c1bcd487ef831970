package io.execplace.kubernetes.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark's rounds side by side: a stream's latency varies by a third between runs on a
 * shared 2-core machine, so schedulers are compared over interleaved rounds, by the median and the
 * range of each measure.
 */
final class RoundSummary {

    /** One stream of one scheduler in one round. */
    record Measure(double podsPerSecond, double p50Millis, double p99Millis) {
    }

    private final Map<String, List<Measure>> byRow = new LinkedHashMap<>();

    void add(String scheduler, String stream, Measure m) {
        byRow.computeIfAbsent(String.format(Locale.ROOT, "%-36s %-7s", scheduler, stream), k -> new ArrayList<>()).add(m);
    }

    void print() {
        System.out.println("over the rounds: median (min - max)");
        System.out.printf(Locale.ROOT, "%-36s %-7s %6s %-26s %-26s %-26s%n", "scheduler", "stream", "rounds", "pods/s", "p50 ms", "p99 ms");
        for (Map.Entry<String, List<Measure>> e : byRow.entrySet()) {
            List<Measure> ms = e.getValue();
            System.out.printf(Locale.ROOT, "%s %6d %-26s %-26s %-26s%n", e.getKey(), ms.size(),
                    spread(ms.stream().mapToDouble(Measure::podsPerSecond).toArray()),
                    spread(ms.stream().mapToDouble(Measure::p50Millis).toArray()),
                    spread(ms.stream().mapToDouble(Measure::p99Millis).toArray()));
        }
    }

    private static String spread(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        return String.format(Locale.ROOT, "%.1f (%.1f - %.1f)", median, v[0], v[v.length - 1]);
    }
}

package io.execplace.kubernetes.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The scheduler's own view of one benchmark stream: the change in its Prometheus metrics between two scrapes. */
final class MetricsDelta {

    private MetricsDelta() {
    }

    /**
     * With {@code -Dk8s.bench.cycles=true}: the scheduler's cycles and its own view of a pod's latency
     * (first seen pending to bound: the SLI histogram's buckets) over one stream, from its metrics.
     */
    static void print(String before, String after) {
        if (after.isEmpty()) {
            return;
        }
        Map<String, Double> start = metricValues(before);
        Map<String, Double> end = metricValues(after);
        java.util.function.Function<String, Double> delta = k -> end.getOrDefault(k, 0.0) - start.getOrDefault(k, 0.0);
        double cycles = delta.apply("execplace_scheduling_cycle_duration_seconds_count");
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "  %d cycles, %.2f ms each on average; first-seen-to-bound",
                (long) cycles, delta.apply("execplace_scheduling_cycle_duration_seconds_sum") / cycles * 1000));
        b.append(quantiles("scheduler_pod_scheduling_sli_duration_seconds_bucket", end, delta));
        b.append("; cycles").append(quantiles("execplace_scheduling_cycle_duration_seconds_bucket", end, delta));
        b.append("; attempts (planning and binding)").append(quantiles("scheduler_scheduling_attempt_duration_seconds_bucket{profile=\"execplace\",result=\"scheduled\"", end, delta));
        System.out.println(b);
    }

    /** p50 and p99 (bucket bounds) of a histogram's samples between two scrapes. */
    private static String quantiles(String prefix, Map<String, Double> end, java.util.function.Function<String, Double> delta) {
        List<Map.Entry<Double, Double>> buckets = new ArrayList<>();
        for (String k : end.keySet()) {
            if (k.startsWith(prefix)) {
                int at = k.indexOf(",le=\"") >= 0 ? k.indexOf(",le=\"") + 5 : k.indexOf("{le=\"") + 5;
                String le = k.substring(at, k.indexOf('"', at));
                buckets.add(Map.entry(le.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(le), delta.apply(k)));
            }
        }
        buckets.sort(Map.Entry.comparingByKey());
        double total = buckets.isEmpty() ? 0 : buckets.get(buckets.size() - 1).getValue();
        StringBuilder b = new StringBuilder();
        for (double q : new double[] {0.5, 0.99}) {
            double le = buckets.stream().filter(x -> x.getValue() >= q * total).findFirst().map(Map.Entry::getKey).orElse(Double.NaN);
            b.append(String.format(Locale.ROOT, " p%.0f <= %.1f ms", q * 100, le * 1000));
        }
        return b.toString();
    }

    private static Map<String, Double> metricValues(String scrape) {
        Map<String, Double> values = new java.util.HashMap<>();
        scrape.lines().filter(l -> !l.startsWith("#") && l.contains(" ")).forEach(l -> {
            try {
                values.put(l.substring(0, l.lastIndexOf(' ')), Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)));
            } catch (NumberFormatException e) {
                // not a sample line
            }
        });
        return values;
    }

}

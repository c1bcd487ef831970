package io.execplace.eventlogs;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one executor (or the driver) of an application held on its node, from the application's
 * recorded configuration, as Spark's resource managers size their containers and pods: the JVM's
 * {@code spark.executor.memory} plus, on YARN and Kubernetes, the memory overhead
 * ({@code spark.executor.memoryOverhead}, else {@code spark.executor.memoryOverheadFactor} (default
 * 0.10) of the memory, at least 384 MiB), the off-heap size when off-heap is enabled and
 * {@code spark.executor.pyspark.memory} (Spark's configuration docs, "Application Properties" and
 * "Memory Management"). A standalone worker gives an executor its JVM memory only.
 */
final class ExecutorSizing {

    private static final Pattern LOCAL = Pattern.compile("local(?:-cluster)?\\[(\\d+|\\*)(?:,.*)?]");
    private static final Pattern BYTES = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)b?", Pattern.CASE_INSENSITIVE);
    private static final double MIN_OVERHEAD_MB = 384;
    private static final double DEFAULT_OVERHEAD_FACTOR = 0.10;

    private ExecutorSizing() {
    }

    /** The cores most of its executors had; local mode: N of {@code local[N]}; else {@code spark.executor.cores}, else 1. */
    static int coresPerExecutor(SparkApplication a, ImportReport report) {
        if (!a.executors().isEmpty()) {
            Map<Integer, Integer> counts = new HashMap<>();
            for (SparkApplication.Executor e : a.executors()) {
                counts.merge(e.cores(), 1, Integer::sum);
            }
            if (counts.size() > 1) {
                report.assumed("an application whose executors had different numbers of cores is, as one job, booked with "
                        + "the cores most of them had (--unit executors and whatif keep each executor's own)");
            }
            return counts.entrySet().stream().max(Map.Entry.<Integer, Integer>comparingByValue()
                    .thenComparing(Map.Entry.comparingByKey())).orElseThrow().getKey();
        }
        String master = a.property("spark.master");
        Matcher m = master == null ? null : LOCAL.matcher(master.trim());
        if (m != null && m.matches() && !m.group(1).equals("*")) {
            report.assumed("a local-mode application (no executor events) is one executor with the cores of local[N]");
            return Math.max(1, Integer.parseInt(m.group(1)));
        }
        String cores = a.property("spark.executor.cores");
        if (cores != null && cores.trim().matches("\\d+")) {
            return Math.max(1, Integer.parseInt(cores.trim()));
        }
        report.assumed("an application without executor events whose cores the log does not give (local[*]) has 1 core");
        return 1;
    }

    /** GB an executor held: {@code spark.executor.memory} (default 1 GB) and, on YARN and Kubernetes, the overhead. */
    static double executorMemoryGb(SparkApplication a, ImportReport report) {
        return memoryGb(a, "executor", report);
    }

    /** Cores of the driver: {@code spark.driver.cores} (Spark's default 1). */
    static int driverCores(SparkApplication a) {
        String cores = a.property("spark.driver.cores");
        return cores != null && cores.trim().matches("\\d+") ? Math.max(1, Integer.parseInt(cores.trim())) : 1;
    }

    /** GB the driver held: {@code spark.driver.memory} (default 1 GB) and, on YARN and Kubernetes, its overhead. */
    static double driverMemoryGb(SparkApplication a, ImportReport report) {
        return memoryGb(a, "driver", report);
    }

    private static double memoryGb(SparkApplication a, String role, ImportReport report) {
        String key = "spark." + role + ".memory";
        Double heapMb = megabytes(a, key, 1, report);
        if (heapMb == null) {
            report.assumed("memory per " + role + " is " + key + ", Spark's default 1 GB where the log does not set it");
            heapMb = 1024.0;
        }
        if (!containerised(a)) {
            return Math.max(1.0 / 1024, heapMb / 1024);
        }
        report.assumed("on YARN and Kubernetes " + (role.equals("driver") ? "the driver" : "an executor") + " holds its memory plus the overhead its container or pod "
                + "gets (spark." + role + ".memoryOverhead, else the overhead factor of the memory (0.10 unless the log sets "
                + "it), at least 384 MiB), the off-heap size and the PySpark memory");
        Double overhead = megabytes(a, "spark." + role + ".memoryOverhead", 1, report);
        if (overhead == null) {
            overhead = megabytes(a, "spark.yarn." + role + ".memoryOverhead", 1, report); // Spark before 2.3
        }
        if (overhead == null) {
            double factor = factor(a, "spark." + role + ".memoryOverheadFactor", report);
            overhead = Math.max(MIN_OVERHEAD_MB, factor * heapMb);
        }
        double extra = 0;
        if ("true".equalsIgnoreCase(String.valueOf(a.property("spark.memory.offHeap.enabled")).trim())) {
            Double offHeap = megabytes(a, "spark.memory.offHeap.size", 1.0 / (1024 * 1024), report);
            extra += offHeap == null ? 0 : offHeap;
        }
        if (role.equals("executor")) {
            Double pyspark = megabytes(a, "spark.executor.pyspark.memory", 1, report);
            extra += pyspark == null ? 0 : pyspark;
        }
        return (heapMb + overhead + extra) / 1024;
    }

    /** Whether YARN or Kubernetes sized the application's containers or pods (memory overhead added). */
    static boolean containerised(SparkApplication a) {
        String master = String.valueOf(a.property("spark.master")).trim();
        return master.startsWith("yarn") || master.startsWith("k8s://");
    }

    private static double factor(SparkApplication a, String key, ImportReport report) {
        for (String k : new String[]{key, "spark.kubernetes.memoryOverheadFactor"}) {
            String text = a.property(k);
            if (text != null) {
                try {
                    double f = Double.parseDouble(text.trim());
                    if (f >= 0 && f < 100) {
                        return f;
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
                report.problem(a.logName() + ": " + k + " '" + text + "' not understood; " + DEFAULT_OVERHEAD_FACTOR + " assumed");
            }
        }
        return DEFAULT_OVERHEAD_FACTOR;
    }

    /**
     * The setting {@code key} in MiB, a bare number counting {@code bareUnitMb} MiB (1 for the memory
     * settings, bytes for the off-heap size); null when the log does not set it or it is not understood
     * (reported).
     */
    private static Double megabytes(SparkApplication a, String key, double bareUnitMb, ImportReport report) {
        String text = a.property(key);
        if (text == null) {
            return null;
        }
        Matcher m = BYTES.matcher(text.trim());
        if (!m.matches()) {
            report.problem(a.logName() + ": " + key + " '" + text + "' not understood; left out");
            return null;
        }
        double v = Double.parseDouble(m.group(1));
        return switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "" -> v * bareUnitMb;
            case "k" -> v / 1024;
            case "m" -> v;
            case "g" -> v * 1024;
            case "t" -> v * 1024 * 1024;
            case "p" -> v * 1024 * 1024 * 1024;
            default -> throw new IllegalStateException(m.group(2));
        };
    }
}

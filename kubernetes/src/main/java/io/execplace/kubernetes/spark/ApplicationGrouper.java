package io.execplace.kubernetes.spark;

import io.execplace.core.model.JobType;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.cluster.Resources;
import io.fabric8.kubernetes.api.model.Pod;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Groups the pending pods this scheduler owns into gangs. Executor pods ({@code spark-role=executor})
 * of one application ({@code spark-app-selector}) form one gang; every other pod is a gang of one.
 *
 * <p>An application's gang is ready when its driver's {@code execplace.io/executors} annotation says
 * how many executors to expect and that many exist (pending or already bound) — or the minimum its
 * {@link GangRule} allows, or its gang timeout has passed; without such annotations, when no new
 * executor pod of the application has appeared for the batching window.
 */
public final class ApplicationGrouper {

    private final Duration batchWindow;
    private final double defaultDurationSeconds;
    private final boolean driverGangs;
    private final boolean bindEarly;
    private final boolean gathers;

    public ApplicationGrouper(Duration batchWindow, double defaultDurationSeconds) {
        this(batchWindow, defaultDurationSeconds, false, false);
    }

    /**
     * @param driverGangs a driver that says its executors' number and size is placed with their room ({@link ExecutorRoom})
     * @param bindEarly   an application whose driver gives its gang size is ready at its first executor, the
     *                    missing ones as room to hold ({@link ExecutorRoom})
     */
    public ApplicationGrouper(Duration batchWindow, double defaultDurationSeconds, boolean driverGangs, boolean bindEarly) {
        this(batchWindow, defaultDurationSeconds, driverGangs, bindEarly, true);
    }

    private ApplicationGrouper(Duration batchWindow, double defaultDurationSeconds, boolean driverGangs, boolean bindEarly,
                               boolean gathers) {
        this.gathers = gathers;
        this.batchWindow = batchWindow;
        this.defaultDurationSeconds = defaultDurationSeconds;
        this.driverGangs = driverGangs;
        this.bindEarly = bindEarly;
    }

    /**
     * This grouper, but executors are ready as they come ({@code --partial-gangs}): none waits for the
     * rest of its gang or for a batching window, as kube-scheduler takes pod by pod.
     */
    public ApplicationGrouper readyAsTheyCome() {
        return new ApplicationGrouper(batchWindow, defaultDurationSeconds, driverGangs, bindEarly, false);
    }

    /**
     * @param pending  unbound pods this scheduler owns
     * @param all      every pod the informer sees (drivers and bound executors, of any scheduler)
     * @param firstSeen when this scheduler first saw each pending pod (by uid), epoch seconds
     * @param now      epoch seconds
     */
    public Grouping group(List<Pod> pending, List<Pod> all, Map<String, Double> firstSeen, double now) {
        return group(pending, ApplicationPods.of(all, p -> false), firstSeen, now);
    }

    /**
     * @param pending  unbound pods this scheduler owns
     * @param apps     the drivers and live executors of every application the informer sees
     * @param firstSeen when this scheduler first saw each pending pod (by uid), epoch seconds
     * @param now      epoch seconds
     */
    public Grouping group(List<Pod> pending, ApplicationPods apps, Map<String, Double> firstSeen, double now) {
        Map<String, List<Pod>> gangs = new TreeMap<>();
        for (Pod p : pending) {
            gangs.computeIfAbsent(AppKeys.gang(p), k -> new ArrayList<>()).add(p);
        }
        List<PendingApplication> ready = new ArrayList<>();
        List<String> gathering = new ArrayList<>();
        List<Grouping.PodProblem> problems = new ArrayList<>();
        for (Map.Entry<String, List<Pod>> e : gangs.entrySet()) {
            String key = e.getKey();
            List<Pod> pods = e.getValue();
            pods.sort(Comparator.comparingLong(ApplicationGrouper::execId).thenComparing(p -> p.getMetadata().getName()));
            Pod first = pods.get(0);
            boolean executors = "executor".equals(label(first, Labels.SPARK_ROLE)) && label(first, Labels.SPARK_APP) != null;
            Pod driver = executors ? apps.driver(key) : null;
            long cpu = 0;
            long memory = 0;
            for (Pod p : pods) {
                cpu = Math.max(cpu, Resources.podCpuMillis(p));
                memory = Math.max(memory, Resources.podMemoryBytes(p));
            }
            ExecutorRoom room = null;
            if (executors) {
                GangRule rule = GangRule.of(driver, first, problems);
                int live = apps.liveExecutors(key);
                String waiting = gathers ? waitingReason(key, pods, rule, live, firstSeen, now) : null;
                if (waiting != null && bindEarly && rule.needed() > live && driver != null) {
                    // ready now: the executors that exist are bound once the whole gang has room, the rest is held
                    room = new ExecutorRoom(key, rule.needed() - live, cpu, memory, rule.timeout(), driver.getMetadata().getUid());
                } else if (waiting != null) {
                    gathering.add(waiting);
                    continue;
                }
            }
            String app = label(first, Labels.SPARK_APP);
            if (driverGangs && !executors && app != null && "driver".equals(label(first, Labels.SPARK_ROLE))) {
                room = ExecutorRoom.of(first, ns(first) + "/" + app, problems);
            }
            ready.add(new PendingApplication(key, ns(first), pods, cpu, memory, spec(first, driver, now, problems), room));
        }
        return new Grouping(ready, gathering, problems);
    }

    private String waitingReason(String key, List<Pod> pods, GangRule rule, int live, Map<String, Double> firstSeen,
                                 double now) {
        int needed = rule.needed();
        if (needed > 0) {
            if (live >= needed || now == Double.POSITIVE_INFINITY) {
                return null;
            }
            double earliest = now;
            for (Pod p : pods) {
                earliest = Math.min(earliest, firstSeen.getOrDefault(p.getMetadata().getUid(), now));
            }
            if (!Double.isNaN(rule.timeout()) && now - earliest >= rule.timeout()) {
                return null;
            }
            return key + ": " + live + " of " + needed + " executor pods exist (driver annotation " + rule.source() + ")"
                    + (Double.isNaN(rule.timeout()) ? "" : "; placed as it is after " + rule.timeout() + " s");
        }
        if (now == Double.POSITIVE_INFINITY) {
            // Regrouping pods already bound (to rebuild their gangs' busy time): no window to wait for.
            // (The quiet time would be +inf - +inf = NaN, and the gang would never be ready.)
            return null;
        }
        double newest = Double.NEGATIVE_INFINITY;
        for (Pod p : pods) {
            newest = Math.max(newest, firstSeen.getOrDefault(p.getMetadata().getUid(), now));
        }
        double quiet = now - newest;
        double window = batchWindow.toNanos() / 1e9;
        return quiet >= window ? null
                : key + ": batching window, newest executor pod seen " + Math.round(quiet * 1000) + " ms ago (window "
                + batchWindow.toMillis() + " ms)";
    }

    private AppSpec spec(Pod pod, Pod driver, double now, List<Grouping.PodProblem> problems) {
        double duration = defaultDurationSeconds;
        String d = annotationOf(pod, driver, Labels.EXPECTED_DURATION);
        if (d != null) {
            try {
                double v = Double.parseDouble(d.trim());
                if (!(v > 0) || !Double.isFinite(v)) {
                    throw new NumberFormatException();
                }
                duration = v;
            } catch (NumberFormatException e) {
                problems.add(new Grouping.PodProblem(pod, "annotation " + Labels.EXPECTED_DURATION
                        + " must be a number of seconds > 0, got '" + d + "'; using the default " + defaultDurationSeconds + " s"));
            }
        }
        JobType type = JobType.GENERIC;
        String t = annotationOf(pod, driver, Labels.JOB_TYPE);
        if (t != null) {
            try {
                type = JobType.parse(t);
            } catch (IllegalArgumentException e) {
                problems.add(new Grouping.PodProblem(pod, "annotation " + Labels.JOB_TYPE + ": " + e.getMessage()
                        + "; using generic"));
            }
        }
        double deadline = Double.NaN;
        String dl = annotationOf(pod, driver, Labels.DEADLINE);
        if (dl != null) {
            try {
                deadline = Instant.parse(dl.trim()).toEpochMilli() / 1000.0;
            } catch (DateTimeParseException e) {
                problems.add(new Grouping.PodProblem(pod, "annotation " + Labels.DEADLINE
                        + " must be an RFC 3339 instant such as 2026-01-31T18:00:00Z, got '" + dl + "'; no deadline"));
            }
        }
        double arrival = created(driver != null ? driver : pod, now);
        return new AppSpec(type, Math.max(0, arrival), duration, deadline);
    }

    /** Creation time in epoch seconds, or {@code fallback}. */
    static double created(Pod p, double fallback) {
        return PodFacts.epochSeconds(p.getMetadata().getCreationTimestamp(), fallback);
    }

    /** The executor's own annotation, else its driver's. */
    private static String annotationOf(Pod pod, Pod driver, String name) {
        String v = annotation(pod, name);
        return v != null || driver == null ? v : annotation(driver, name);
    }

    static String annotation(Pod p, String name) {
        Map<String, String> a = p.getMetadata().getAnnotations();
        return a == null ? null : a.get(name);
    }

    static String label(Pod p, String name) {
        Map<String, String> l = p.getMetadata().getLabels();
        return l == null ? null : l.get(name);
    }

    private static String ns(Pod p) {
        String ns = p.getMetadata().getNamespace();
        return ns == null ? "default" : ns;
    }

    private static long execId(Pod p) {
        String id = label(p, Labels.SPARK_EXEC_ID);
        if (id == null) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(id.trim());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Succeeded or Failed: the pod no longer holds resources. */
    public static boolean terminal(Pod p) {
        String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }
}

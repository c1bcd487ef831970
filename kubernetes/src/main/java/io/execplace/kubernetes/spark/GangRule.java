package io.execplace.kubernetes.spark;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.kubernetes.cluster.Labels;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;

import java.util.List;

/**
 * When an application's executors form a gang, read from its driver's annotations:
 * <ul>
 *   <li>{@code execplace.io/executors: N} — wait until N executor pods exist;</li>
 *   <li>{@code execplace.io/min-executors: M}, or YuniKorn's {@code yunikorn.apache.org/task-groups}
 *       ({@code minMember} of the executors' task group, named by their
 *       {@code yunikorn.apache.org/task-group-name}) — start once M exist (M ≤ N); later executors join
 *       the application as they come;</li>
 *   <li>{@code execplace.io/gang-timeout-seconds: T}, or YuniKorn's
 *       {@code yunikorn.apache.org/schedulingPolicyParameters: "placeholderTimeoutInSeconds=T"} — after
 *       T seconds since the first executor was seen, place what exists (a soft gang, YuniKorn's
 *       {@code Soft} style).</li>
 * </ul>
 *
 * @param expected executors to wait for (0: not annotated, the batching window decides)
 * @param minimum  executors that must exist before any is placed (0: {@code expected})
 * @param timeout  seconds after which the gang is placed as it is (NaN: never)
 * @param source   which annotations said so (for messages)
 */
public record GangRule(int expected, int minimum, double timeout, String source) {

    static final String YUNIKORN_TASK_GROUPS = "yunikorn.apache.org/task-groups";
    static final String YUNIKORN_TASK_GROUP_NAME = "yunikorn.apache.org/task-group-name";
    static final String YUNIKORN_POLICY = "yunikorn.apache.org/schedulingPolicyParameters";

    /** Executors that must exist before the gang is placed (0: no count, the batching window decides). */
    public int needed() {
        return minimum > 0 ? Math.min(minimum, expected > 0 ? expected : minimum) : expected;
    }

    /** Reads the rule; a malformed annotation is reported and ignored. */
    static GangRule of(Pod driver, Pod executor, List<Grouping.PodProblem> problems) {
        if (driver == null) {
            return new GangRule(0, 0, Double.NaN, "");
        }
        int expected = count(driver, Labels.EXECUTORS, "using the batching window", problems);
        int minimum = count(driver, Labels.MIN_EXECUTORS, "ignoring it", problems);
        String source = expected > 0 ? Labels.EXECUTORS : "";
        if (minimum > 0) {
            source = Labels.MIN_EXECUTORS;
        } else {
            int yunikorn = yunikornMinMember(driver, executor, problems);
            if (yunikorn > 0) {
                minimum = yunikorn;
                source = YUNIKORN_TASK_GROUPS + " minMember";
            }
        }
        double timeout = seconds(driver, Labels.GANG_TIMEOUT, ApplicationGrouper.annotation(driver, Labels.GANG_TIMEOUT), problems);
        if (Double.isNaN(timeout)) {
            String policy = ApplicationGrouper.annotation(driver, YUNIKORN_POLICY);
            if (policy != null) {
                for (String part : policy.trim().split("\\s+")) {
                    if (part.startsWith("placeholderTimeoutInSeconds=")) {
                        timeout = seconds(driver, YUNIKORN_POLICY, part.substring(part.indexOf('=') + 1), problems);
                    }
                }
            }
        }
        return new GangRule(expected, minimum, timeout, source);
    }

    private static int count(Pod driver, String name, String fallback, List<Grouping.PodProblem> problems) {
        String text = ApplicationGrouper.annotation(driver, name);
        if (text == null) {
            return 0;
        }
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(new Grouping.PodProblem(driver, "annotation " + name + " must be a whole number >= 1, got '" + text
                + "'; " + fallback));
        return 0;
    }

    private static double seconds(Pod driver, String name, String text, List<Grouping.PodProblem> problems) {
        if (text == null) {
            return Double.NaN;
        }
        try {
            double s = Double.parseDouble(text.trim());
            if (s >= 0 && Double.isFinite(s)) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.add(new Grouping.PodProblem(driver, "annotation " + name + ": the gang timeout must be a number of seconds >= 0, got '"
                + text + "'; no timeout"));
        return Double.NaN;
    }

    /** minMember of the executors' task group in YuniKorn's task-groups annotation (JSON), or 0. */
    private static int yunikornMinMember(Pod driver, Pod executor, List<Grouping.PodProblem> problems) {
        String json = ApplicationGrouper.annotation(driver, YUNIKORN_TASK_GROUPS);
        if (json == null) {
            return 0;
        }
        String group = executor == null ? null : ApplicationGrouper.annotation(executor, YUNIKORN_TASK_GROUP_NAME);
        try {
            JsonNode groups = Serialization.jsonMapper().readTree(json);
            if (groups.isArray()) {
                for (JsonNode g : groups) {
                    boolean ours = group == null ? groups.size() == 1 : group.equals(g.path("name").asText());
                    if (ours && g.path("minMember").canConvertToInt() && g.path("minMember").asInt() >= 1) {
                        return g.path("minMember").asInt();
                    }
                }
                return 0;
            }
        } catch (Exception e) {
            // reported below
        }
        problems.add(new Grouping.PodProblem(driver, "annotation " + YUNIKORN_TASK_GROUPS
                + " must be a JSON list of task groups with name and minMember; ignoring it"));
        return 0;
    }
}

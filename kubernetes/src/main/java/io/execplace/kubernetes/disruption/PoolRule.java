package io.execplace.kubernetes.disruption;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether Karpenter's under-used consolidation may drain a node of one NodePool while executors run
 * there (a drain evicts them), read as Karpenter v1.15.0 reads {@code spec.disruption}
 * ({@code sigs.k8s.io/karpenter@v1.15.0}, {@code pkg/apis/v1/nodepool.go},
 * {@code pkg/controllers/disruption/consolidation.go}): it may unless the policy is {@code WhenEmpty},
 * {@code consolidateAfter} is {@code Never}, the pool is static ({@code spec.replicas} set), or a budget
 * that is always active (no schedule) and applies to {@code Underutilized} allows 0 nodes.
 * {@code Balanced} drains under-used nodes too (only where it scores the move worth it, which this
 * does not model: it counts as may).
 *
 * @param source          the NodePool's name, or the options the rule came from
 * @param drainsUnderused under-used consolidation may drain the pool's nodes with executors on them
 * @param why             the field that decided it, for the log
 */
public record PoolRule(String source, boolean drainsUnderused, String why) {

    /** Karpenter's defaults where a NodePool leaves the fields out (the CRD's {@code +kubebuilder:default}s). */
    public static final String DEFAULT_POLICY = "WhenEmptyOrUnderutilized";
    public static final String DEFAULT_CONSOLIDATE_AFTER = "0s";

    /** The CRD's pattern for {@code consolidateAfter}. */
    private static final Pattern AFTER = Pattern.compile("^(([0-9]+(s|m|h))+|Never)$");
    private static final Pattern PART = Pattern.compile("([0-9]+)(s|m|h)");
    private static final Pattern NODES = Pattern.compile("^((100|[0-9]{1,2})%|[0-9]+)$");

    /**
     * The rule of a policy and {@code consolidateAfter} as a NodePool would spell them.
     *
     * @throws IllegalArgumentException naming the value, when Karpenter's CRD would refuse it
     */
    public static PoolRule of(String source, String policy, String consolidateAfter) {
        String p = policy == null ? DEFAULT_POLICY : policy;
        if (!List.of("WhenEmpty", "WhenEmptyOrUnderutilized", "Balanced").contains(p)) {
            throw new IllegalArgumentException("consolidation policy must be WhenEmpty, WhenEmptyOrUnderutilized or Balanced, got '" + p + "'");
        }
        String after = consolidateAfter == null ? DEFAULT_CONSOLIDATE_AFTER : consolidateAfter;
        double seconds = consolidateAfterSeconds(after);
        if (Double.isInfinite(seconds)) {
            return new PoolRule(source, false, "consolidateAfter Never");
        }
        if (p.equals("WhenEmpty")) {
            return new PoolRule(source, false, "consolidationPolicy WhenEmpty");
        }
        return new PoolRule(source, true, "consolidationPolicy " + p + ", consolidateAfter " + after);
    }

    /**
     * Seconds of a {@code consolidateAfter} value ({@code "30s"}, {@code "1h30m"}); infinite for {@code Never}.
     *
     * @throws IllegalArgumentException when it does not match the CRD's pattern
     */
    public static double consolidateAfterSeconds(String value) {
        if (value == null || !AFTER.matcher(value).matches()) {
            throw new IllegalArgumentException("consolidateAfter must be a duration such as 30s, 5m or 1h30m, or Never, got '" + value + "'");
        }
        if (value.equals("Never")) {
            return Double.POSITIVE_INFINITY;
        }
        double seconds = 0;
        Matcher m = PART.matcher(value);
        while (m.find()) {
            long n = Long.parseLong(m.group(1));
            seconds += n * switch (m.group(2)) {
                case "h" -> 3600;
                case "m" -> 60;
                default -> 1;
            };
        }
        return seconds;
    }

    /**
     * The rule of a NodePool object's {@code spec} (as a map, from the API server's JSON); fields left
     * out take Karpenter's defaults. A value the CRD would have refused makes the pool count as drained
     * (the safe side for executors), with the reason.
     */
    @SuppressWarnings("unchecked")
    public static PoolRule ofSpec(String name, Map<String, Object> spec) {
        Map<String, Object> s = spec == null ? Map.of() : spec;
        if (s.get("replicas") != null) {
            return new PoolRule(name, false, "static NodePool (spec.replicas): not consolidated");
        }
        Map<String, Object> disruption = s.get("disruption") instanceof Map<?, ?> d ? (Map<String, Object>) d : Map.of();
        PoolRule rule;
        try {
            rule = of(name, text(disruption.get("consolidationPolicy")), text(disruption.get("consolidateAfter")));
        } catch (IllegalArgumentException e) {
            return new PoolRule(name, true, e.getMessage() + " (counted as drained)");
        }
        if (rule.drainsUnderused() && disruption.get("budgets") instanceof List<?> budgets) {
            for (Object b : budgets) {
                if (b instanceof Map<?, ?> budget && blocksUnderused((Map<String, Object>) budget)) {
                    return new PoolRule(name, false, "a budget of 0 nodes for Underutilized, always active");
                }
            }
        }
        return rule;
    }

    /** An always-active budget ({@code Budget.IsActive}: no schedule) allowing 0 nodes, for every reason or for Underutilized. */
    private static boolean blocksUnderused(Map<String, Object> budget) {
        if (budget.get("schedule") != null || budget.get("duration") != null) {
            return false;
        }
        String nodes = text(budget.get("nodes"));
        if (nodes == null || !NODES.matcher(nodes).matches()) {
            return false;
        }
        boolean zero = nodes.chars().allMatch(c -> c == '0' || c == '%');
        Object reasons = budget.get("reasons");
        boolean applies = reasons == null || (reasons instanceof List<?> l && l.stream()
                .anyMatch(r -> String.valueOf(r).toLowerCase(Locale.ROOT).equals("underutilized")));
        return zero && applies;
    }

    private static String text(Object v) {
        return v == null ? null : String.valueOf(v);
    }
}

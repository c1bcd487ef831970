package io.execplace.kubernetes.disruption;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A NodePool's {@code spec.disruption} read as Karpenter v1.15.0 reads it, and the options' rule. */
class PoolRuleTest {

    private static PoolRule spec(Map<String, Object> disruption) {
        return PoolRule.ofSpec("p", Map.of("disruption", disruption));
    }

    @Test
    void karpentersDefaultsDrainUnderusedNodes() {
        assertThat(PoolRule.ofSpec("p", Map.of()).drainsUnderused()).isTrue();
        assertThat(DrainSettings.DEFAULTS.fallback().drainsUnderused()).isTrue();
        assertThat(DrainSettings.DEFAULTS.relaunchSeconds()).isEqualTo(90);
    }

    @Test
    void whenEmptyNeverStaticPoolsAndZeroBudgetsDrainNone() {
        assertThat(spec(Map.of("consolidationPolicy", "WhenEmpty")).drainsUnderused()).isFalse();
        assertThat(spec(Map.of("consolidationPolicy", "WhenEmptyOrUnderutilized", "consolidateAfter", "Never")).drainsUnderused()).isFalse();
        assertThat(PoolRule.ofSpec("p", Map.of("replicas", 3)).drainsUnderused()).isFalse();
        assertThat(spec(Map.of("budgets", List.of(Map.of("nodes", "0")))).drainsUnderused()).isFalse();
        assertThat(spec(Map.of("budgets", List.of(Map.of("nodes", "0%", "reasons", List.of("Underutilized"))))).drainsUnderused()).isFalse();
    }

    @Test
    void budgetsThatLeaveRoomOrApplyElsewhereOrOnAScheduleDoNotStopIt() {
        assertThat(spec(Map.of("budgets", List.of(Map.of("nodes", "10%")))).drainsUnderused()).isTrue();
        assertThat(spec(Map.of("budgets", List.of(Map.of("nodes", "0", "reasons", List.of("Drifted", "Empty"))))).drainsUnderused()).isTrue();
        assertThat(spec(Map.of("budgets", List.of(Map.of("nodes", "0", "schedule", "0 9 * * 1-5", "duration", "8h"))))
                .drainsUnderused()).isTrue();
        assertThat(spec(Map.of("consolidationPolicy", "Balanced", "consolidateAfter", "1h30m")).drainsUnderused()).isTrue();
    }

    @Test
    void consolidateAfterIsReadInSeconds() {
        assertThat(PoolRule.consolidateAfterSeconds("1h30m")).isEqualTo(5400);
        assertThat(PoolRule.consolidateAfterSeconds("45s")).isEqualTo(45);
        assertThat(PoolRule.consolidateAfterSeconds("Never")).isInfinite();
    }

    /** A value Karpenter's CRD would refuse counts as drained (the safe side for executors); from options it is refused. */
    @Test
    void badValues() {
        assertThat(spec(Map.of("consolidationPolicy", "Sometimes", "consolidateAfter", "WhenEmpty")).drainsUnderused()).isTrue();
        assertThatThrownBy(() -> PoolRule.of("options", "whenempty", "0s")).hasMessageContaining("'whenempty'");
        assertThatThrownBy(() -> PoolRule.of("options", "WhenEmpty", "30")).hasMessageContaining("'30'");
        assertThatThrownBy(() -> PoolRule.of("options", "WhenEmpty", "1.5m")).hasMessageContaining("'1.5m'");
        assertThatThrownBy(() -> DrainSettings.DEFAULTS.withRelaunchSeconds(-1)).hasMessageContaining("-1");
    }
}

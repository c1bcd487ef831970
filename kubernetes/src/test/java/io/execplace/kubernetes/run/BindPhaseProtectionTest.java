package io.execplace.kubernetes.run;

import io.execplace.core.model.JobType;
import io.execplace.core.model.Placement;
import io.execplace.kubernetes.bind.DoNotDisrupt;
import io.execplace.kubernetes.scenario.TestObjects;
import io.execplace.kubernetes.spark.AppSpec;
import io.execplace.kubernetes.spark.PendingApplication;
import io.fabric8.kubernetes.api.model.Pod;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code karpenter.sh/do-not-disrupt} annotation {@link BindPhase#protection} gives each pod, worked by
 * hand: {@code --protect-executors} reaches executors only, {@code --protect-drivers} drivers only.
 */
class BindPhaseProtectionTest {

    private static final Map<String, String> FOR_EVER = Map.of(DoNotDisrupt.ANNOTATION, "true");

    @Test
    void aDriverIsProtectedForEverOnlyWithProtectDrivers() {
        CyclePlanner.Planned driver = planned(TestObjects.driver("spark", "a", "1", "1Gi", "execplace", Map.of()).build(), null);
        assertThat(BindPhase.protection(driver, 0, false, false, true)).isEqualTo(FOR_EVER);
        // a placement naming a duration (or none) for its pod 0 does not shorten a driver's protection
        CyclePlanner.Planned named = planned(TestObjects.driver("spark", "a", "1", "1Gi", "execplace", Map.of()).build(),
                Placement.of(0).withProtection(new double[] {120}));
        assertThat(BindPhase.protection(named, 0, true, true, true)).isEqualTo(FOR_EVER);
        // --protect-executors alone leaves a driver unprotected, as before
        assertThat(BindPhase.protection(driver, 0, false, true, false)).isEmpty();
        assertThat(BindPhase.protection(driver, 0, false, false, false)).isEmpty();
    }

    @Test
    void protectDriversLeavesExecutorsAsProtectExecutorsSays() {
        CyclePlanner.Planned exec = planned(TestObjects.executor("spark", "a", 1, "1", "1Gi", "execplace").build(),
                Placement.of(0).withProtection(new double[] {299.5}));
        assertThat(BindPhase.protection(exec, 0, false, false, true)).isEmpty();
        assertThat(BindPhase.protection(exec, 0, false, true, true)).isEqualTo(Map.of(DoNotDisrupt.ANNOTATION, "300s"));
        CyclePlanner.Planned plain = planned(TestObjects.executor("spark", "a", 1, "1", "1Gi", "execplace").build(), null);
        assertThat(BindPhase.protection(plain, 0, false, true, false)).isEqualTo(FOR_EVER);
        assertThat(BindPhase.protection(plain, 0, true, true, true)).isEmpty();
    }

    @Test
    void aPodOfNoSparkApplicationIsNeverProtected() {
        Pod other = TestObjects.executor("spark", "a", 1, "1", "1Gi", "execplace").editMetadata().withLabels(Map.of()).endMetadata().build();
        assertThat(BindPhase.protection(planned(other, null), 0, false, true, true)).isEmpty();
    }

    private static CyclePlanner.Planned planned(Pod pod, Placement placement) {
        PendingApplication app = new PendingApplication("spark/a", "spark", List.of(pod), 1000, 1L << 30,
                new AppSpec(JobType.GENERIC, 0, 600, Double.NaN));
        return new CyclePlanner.Planned(app, Map.of(), List.of("node-1"), 600, 0, 0, placement, null);
    }
}

package io.execplace.kubernetes.run;

import io.execplace.core.model.Site;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.disruption.DrainSettings;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The scheduler's settings by concern: the builder's defaults and names, the dry run's copy, the checks. */
class SchedulerSettingsTest {

    @Test
    void defaultsAreTheCommandLinesDefaults() {
        SchedulerSettings s = SchedulerSettings.builder().build();
        assertThat(s.schedulerName()).isEqualTo("execplace");
        assertThat(s.namespace()).isNull();
        assertThat(s.leaderElection()).isNull();
        assertThat(s.gangs()).isEqualTo(new GangSettings(Duration.ofSeconds(2), false, false, false, Duration.ofMinutes(5)));
        assertThat(s.placement()).isEqualTo(new PlacementSettings(QueuePolicy.FCFS, false, false, 600));
        assertThat(s.nodes().siteLabel()).isEqualTo(Labels.SITE);
        assertThat(s.nodes().defaultSite()).isEqualTo(Site.CLOUD);
        assertThat(s.binding()).isEqualTo(new BindSettings(3, Duration.ofMillis(100), Duration.ofSeconds(30)));
        assertThat(s.protection()).isEqualTo(new ProtectionSettings(false, false, DrainSettings.DEFAULTS));
        assertThat(s.scaling()).isEqualTo(new ScalingSettings(null, Duration.ZERO, false));
    }

    @Test
    void eachSetterReachesItsConcern() {
        SchedulerSettings s = SchedulerSettings.builder().batchWindow(Duration.ZERO).driverGang(true).bindEarly(true)
                .partialGangs(true).holdTimeout(Duration.ofSeconds(9)).queue(QueuePolicy.EDF).backfill(true).singleZone(true)
                .defaultDurationSeconds(60).siteLabel("site").defaultSite(Site.LOCAL).driversOnSpot(true).bindAttempts(7)
                .bindBackoff(Duration.ZERO).assumeTtl(Duration.ofSeconds(1)).protectExecutors(true).protectDrivers(true)
                .roomWait(Duration.ofSeconds(8)).cordonEmpty(true).build();
        assertThat(s.gangs()).isEqualTo(new GangSettings(Duration.ZERO, true, true, true, Duration.ofSeconds(9)));
        assertThat(s.placement()).isEqualTo(new PlacementSettings(QueuePolicy.EDF, true, true, 60));
        assertThat(s.nodes().siteLabel()).isEqualTo("site");
        assertThat(s.nodes().defaultSite()).isEqualTo(Site.LOCAL);
        assertThat(s.nodes().driversOnSpot()).isTrue();
        assertThat(s.binding()).isEqualTo(new BindSettings(7, Duration.ZERO, Duration.ofSeconds(1)));
        assertThat(s.protection()).isEqualTo(new ProtectionSettings(true, true, DrainSettings.DEFAULTS));
        assertThat(s.scaling()).isEqualTo(new ScalingSettings(null, Duration.ofSeconds(8), true));
    }

    @Test
    void aDryRunKeepsEverySettingButTheWindowCordoningAndElection() {
        SchedulerSettings s = SchedulerSettings.builder().schedulerName("x").namespace("spark")
                .leaderElection(LeaderElection.Settings.defaults("kube-system", "x")).partialGangs(true).backfill(true)
                .driversOnSpot(true).protectDrivers(true).cordonEmpty(true).roomWait(Duration.ofSeconds(8)).build();
        SchedulerSettings dry = s.forDryRun();
        assertThat(dry.dryRun()).isTrue();
        assertThat(dry.leaderElection()).isNull();
        assertThat(dry.gangs()).isEqualTo(new GangSettings(Duration.ZERO, false, false, true, Duration.ofMinutes(5)));
        assertThat(dry.scaling()).isEqualTo(new ScalingSettings(null, Duration.ofSeconds(8), false));
        assertThat(dry.placement()).isEqualTo(s.placement());
        assertThat(dry.nodes()).isEqualTo(s.nodes());
        assertThat(dry.protection()).isEqualTo(s.protection());
        assertThat(dry.binding()).isEqualTo(s.binding());
        assertThat(dry.schedulerName()).isEqualTo("x");
        assertThat(dry.namespace()).isEqualTo("spark");
    }

    @Test
    void badValuesAreRefusedNamingTheirOption() {
        assertThatThrownBy(() -> SchedulerSettings.builder().batchWindow(Duration.ofMinutes(11)).build()).hasMessageContaining("--batch-window");
        assertThatThrownBy(() -> SchedulerSettings.builder().holdTimeout(Duration.ZERO).build()).hasMessageContaining("--hold-timeout");
        assertThatThrownBy(() -> SchedulerSettings.builder().defaultDurationSeconds(Double.NaN).build()).hasMessageContaining("--default-duration");
        assertThatThrownBy(() -> SchedulerSettings.builder().bindAttempts(0).build()).hasMessageContaining("--bind-attempts");
        assertThatThrownBy(() -> SchedulerSettings.builder().roomWait(Duration.ofSeconds(-1)).build()).hasMessageContaining("--wait-for-room");
        assertThatThrownBy(() -> SchedulerSettings.builder().siteLabel(" ").build()).hasMessageContaining("--site-label");
        assertThatThrownBy(() -> SchedulerSettings.builder().schedulerName("").build()).hasMessageContaining("--name");
    }
}

package io.execplace.kubernetes.run;

import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.observe.SchedulerMetrics;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Regression (fault suite, API server restart): the scheduler's metrics and log must show the lost watch;
 * fabric8's informers reconnect silently when the server is back.
 */
class WatchMonitorTest {

    @Test
    void aLostWatchIsCountedOnceAndTheGaugeFollowsTheInformers() {
        AtomicBoolean watching = new AtomicBoolean(true);
        SchedulerMetrics metrics = new SchedulerMetrics("gio", "execplace");
        WatchMonitor monitor = new WatchMonitor(watching::get, metrics, "execplace", new ManualClock(Instant.parse("2026-11-27T18:00:00Z")));

        monitor.check();
        assertThat(metrics.watchInterruptionsTotal()).isZero();
        assertThat(metrics.scrape()).contains("execplace_watching 1.0");

        watching.set(false);
        monitor.check();
        monitor.check();
        assertThat(metrics.watchInterruptionsTotal()).isEqualTo(1);
        assertThat(metrics.scrape()).contains("execplace_watching 0.0");

        watching.set(true);
        monitor.check();
        watching.set(false);
        monitor.check();
        assertThat(metrics.watchInterruptionsTotal()).as("a second outage is a second interruption").isEqualTo(2);
        assertThat(metrics.scrape()).contains("execplace_watch_interruptions_total 2.0");
    }
}

package io.execplace.kubernetes.run;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.utils.ExponentialBackoffIntervalCalculator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Regression (fault suite, API server restart): with fabric8's defaults an informer's attempts to watch
 * again back off to 32 s, so a leader could bind nothing for many seconds after the server was ready.
 */
class ClientSettingsTest {

    @Test
    void informersWatchAgainWithinEightSecondsWhateverTheOutage() {
        Config tuned = SchedulerLauncher.tuned(new ConfigBuilder().withMasterUrl("https://127.0.0.1:6443").build());

        assertThat(tuned.getWatchReconnectInterval()).isEqualTo(250);
        // The calculator fabric8's Reflector uses, with no retry limit (-1), after many failed attempts.
        ExponentialBackoffIntervalCalculator backoff = new ExponentialBackoffIntervalCalculator(tuned.getWatchReconnectInterval(), -1);
        assertThat(backoff.getInterval(0)).isEqualTo(250);
        assertThat(backoff.getInterval(100)).isEqualTo(8000);
    }
}

package io.execplace.kubernetes.run;

import io.execplace.core.rules.QueuePolicy;

/**
 * What the placement policy is asked, in which order and with what it assumes. Built by {@link SchedulerSettings.Builder}, one named setter a setting.
 *
 * @param queue                  {@code --queue}: the order among waiting applications
 * @param backfill               {@code --backfill}: later applications may be placed while the queue head
 *                               waits (off: as the papers and the simulator)
 * @param singleZone             {@code --single-zone}: each gang on the nodes of one zone (label
 *                               topology.kubernetes.io/zone), no cross-zone shuffle traffic
 * @param defaultDurationSeconds {@code --default-duration}: the run time of an application without the
 *                               expected-duration annotation
 */
record PlacementSettings(QueuePolicy queue, boolean backfill, boolean singleZone, double defaultDurationSeconds) {

    PlacementSettings {
        if (queue == null) {
            throw new IllegalArgumentException("--queue: a queue order is required");
        }
        if (!(defaultDurationSeconds > 0) || !Double.isFinite(defaultDurationSeconds)) {
            throw new IllegalArgumentException("--default-duration must be a number of seconds > 0, got " + defaultDurationSeconds);
        }
    }
}

package io.execplace.kubernetes.run;

import io.execplace.core.rules.QueuePolicy;

/**
 * What the placement policy is asked, in which order and with what it assumes; build from {@link
 * #DEFAULTS} with the withers.
 *
 * @param queue                  {@code --queue}: the order among waiting applications
 * @param backfill               {@code --backfill}: later applications may be placed while the queue head
 *                               waits (off: as the papers and the simulator)
 * @param singleZone             {@code --single-zone}: each gang on the nodes of one zone (label
 *                               topology.kubernetes.io/zone), no cross-zone shuffle traffic
 * @param defaultDurationSeconds {@code --default-duration}: the run time of an application without the
 *                               expected-duration annotation
 */
public record PlacementSettings(QueuePolicy queue, boolean backfill, boolean singleZone, double defaultDurationSeconds) {

    /** FCFS with head-of-line blocking (as the simulator), any zone, 600 s runs. */
    public static final PlacementSettings DEFAULTS = new PlacementSettings(QueuePolicy.FCFS, false, false, 600);

    public PlacementSettings {
        if (queue == null) {
            throw new IllegalArgumentException("--queue: a queue order is required");
        }
        if (!(defaultDurationSeconds > 0) || !Double.isFinite(defaultDurationSeconds)) {
            throw new IllegalArgumentException("--default-duration must be a number of seconds > 0, got " + defaultDurationSeconds);
        }
    }

    public PlacementSettings withQueue(QueuePolicy v) {
        return new PlacementSettings(v, backfill, singleZone, defaultDurationSeconds);
    }

    public PlacementSettings withBackfill(boolean v) {
        return new PlacementSettings(queue, v, singleZone, defaultDurationSeconds);
    }

    public PlacementSettings withSingleZone(boolean v) {
        return new PlacementSettings(queue, backfill, v, defaultDurationSeconds);
    }

    public PlacementSettings withDefaultDurationSeconds(double v) {
        return new PlacementSettings(queue, backfill, singleZone, v);
    }
}

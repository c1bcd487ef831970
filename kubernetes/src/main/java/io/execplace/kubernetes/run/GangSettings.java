package io.execplace.kubernetes.run;

import java.time.Duration;

/**
 * How pending pods become applications ready to place; build from {@link #DEFAULTS} with the withers.
 *
 * @param batchWindow  {@code --batch-window}: wait this long after an application's newest executor pod
 * @param driverGang   {@code --driver-gang}: a driver is placed only with room for its executors, held for them
 * @param bindEarly    {@code --bind-early}: an application whose gang size is known is bound executor by
 *                     executor as they come, once the whole gang has room, which is held for the missing ones
 * @param partialGangs {@code --partial-gangs}: executors are placed as they come, and a gang that does not
 *                     fit whole is bound as far as it fits while the rest waits, so a node provisioner buys
 *                     for exactly the pods that fit no existing node
 * @param holdTimeout  {@code --hold-timeout}: how long room is held for executors that have not come, when
 *                     the driver gives no gang timeout
 */
public record GangSettings(Duration batchWindow, boolean driverGang, boolean bindEarly, boolean partialGangs, Duration holdTimeout) {

    /** A 2 s window, whole gangs placed once all their executors are there, room held 5 minutes. */
    public static final GangSettings DEFAULTS = new GangSettings(Duration.ofSeconds(2), false, false, false, Duration.ofMinutes(5));

    public GangSettings {
        if (batchWindow == null || batchWindow.isNegative() || batchWindow.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("--batch-window must be between 0 and 10 minutes, got " + batchWindow);
        }
        if (holdTimeout == null || holdTimeout.compareTo(Duration.ofSeconds(1)) < 0 || holdTimeout.compareTo(Duration.ofHours(24)) > 0) {
            throw new IllegalArgumentException("--hold-timeout must be between 1 second and 24 hours, got " + holdTimeout);
        }
    }

    public GangSettings withBatchWindow(Duration v) {
        return new GangSettings(v, driverGang, bindEarly, partialGangs, holdTimeout);
    }

    public GangSettings withDriverGang(boolean v) {
        return new GangSettings(batchWindow, v, bindEarly, partialGangs, holdTimeout);
    }

    public GangSettings withBindEarly(boolean v) {
        return new GangSettings(batchWindow, driverGang, v, partialGangs, holdTimeout);
    }

    public GangSettings withPartialGangs(boolean v) {
        return new GangSettings(batchWindow, driverGang, bindEarly, v, holdTimeout);
    }

    public GangSettings withHoldTimeout(Duration v) {
        return new GangSettings(batchWindow, driverGang, bindEarly, partialGangs, v);
    }
}

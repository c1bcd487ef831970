package io.execplace.kubernetes.run;

import java.time.Duration;

/**
 * How pending pods become applications ready to place. Built by {@link SchedulerSettings.Builder}, one
 * named setter a setting.
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
record GangSettings(Duration batchWindow, boolean driverGang, boolean bindEarly, boolean partialGangs, Duration holdTimeout) {

    GangSettings {
        if (batchWindow == null || batchWindow.isNegative() || batchWindow.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("--batch-window must be between 0 and 10 minutes, got " + batchWindow);
        }
        if (holdTimeout == null || holdTimeout.compareTo(Duration.ofSeconds(1)) < 0 || holdTimeout.compareTo(Duration.ofHours(24)) > 0) {
            throw new IllegalArgumentException("--hold-timeout must be between 1 second and 24 hours, got " + holdTimeout);
        }
    }

    /** These settings with no batching window: applications are ready as soon as their pods are there. */
    GangSettings withoutBatchWindow() {
        return new GangSettings(Duration.ZERO, driverGang, bindEarly, partialGangs, holdTimeout);
    }
}

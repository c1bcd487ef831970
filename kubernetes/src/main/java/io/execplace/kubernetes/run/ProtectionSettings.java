package io.execplace.kubernetes.run;

import io.execplace.kubernetes.disruption.DrainSettings;

import java.util.Objects;

/**
 * What keeps Karpenter's consolidation off running Spark pods; build from {@link #DEFAULTS} with the withers.
 *
 * @param protectExecutors {@code --protect-executors}: executor pods are bound with Karpenter's {@code
 *                         karpenter.sh/do-not-disrupt} (as their placement names it, else "true")
 * @param protectDrivers   {@code --protect-drivers}: driver pods are bound with {@code karpenter.sh/do-not-disrupt: "true"}
 * @param drains           what Karpenter's consolidation does where no NodePool says, and whether NodePools
 *                         are read (with {@code --protect-executors})
 */
public record ProtectionSettings(boolean protectExecutors, boolean protectDrivers, DrainSettings drains) {

    /** Nothing protected; Karpenter's default consolidation where no NodePool says. */
    public static final ProtectionSettings DEFAULTS = new ProtectionSettings(false, false, DrainSettings.DEFAULTS);

    public ProtectionSettings {
        Objects.requireNonNull(drains, "drains");
    }

    public ProtectionSettings withProtectExecutors(boolean v) {
        return new ProtectionSettings(v, protectDrivers, drains);
    }

    public ProtectionSettings withProtectDrivers(boolean v) {
        return new ProtectionSettings(protectExecutors, v, drains);
    }

    public ProtectionSettings withDrains(DrainSettings v) {
        return new ProtectionSettings(protectExecutors, protectDrivers, v);
    }
}

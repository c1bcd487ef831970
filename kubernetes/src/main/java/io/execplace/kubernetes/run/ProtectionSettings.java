package io.execplace.kubernetes.run;

import io.execplace.kubernetes.disruption.DrainSettings;

/**
 * What keeps Karpenter's consolidation off running Spark pods. Built by {@link
 * SchedulerSettings.Builder}, one named setter a setting.
 *
 * @param protectExecutors {@code --protect-executors}: executor pods are bound with Karpenter's {@code
 *                         karpenter.sh/do-not-disrupt} (as their placement names it, else "true")
 * @param protectDrivers   {@code --protect-drivers}: driver pods are bound with {@code karpenter.sh/do-not-disrupt: "true"}
 * @param drains           what Karpenter's consolidation does where no NodePool says, and whether NodePools
 *                         are read (with {@code --protect-executors})
 */
record ProtectionSettings(boolean protectExecutors, boolean protectDrivers, DrainSettings drains) {
}

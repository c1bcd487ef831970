package io.execplace.kubernetes.run;

import io.execplace.kubernetes.provision.ProvisionSettings;

import java.time.Duration;

/**
 * The scheduler's part in the cluster's size: how pods no node holds get nodes, whether they first wait
 * for room the running pods free, and whether empty nodes are cordoned. Built by {@link SchedulerSettings.Builder}, one named setter a setting.
 *
 * @param provisioning {@code --provision nodeclaims}: the NodePools and instance types to claim nodes from,
 *                     or null (pods are marked Unschedulable for a provisioner to act on)
 * @param roomWait     {@code --wait-for-room}: how long an application waits for room the running pods'
 *                     expected ends free instead of being bought a node for ({@link RoomWait}); zero: never
 * @param cordonEmpty  {@code --cordon-empty}: nodes that became empty are cordoned
 */
record ScalingSettings(ProvisionSettings provisioning, Duration roomWait, boolean cordonEmpty) {

    ScalingSettings {
        if (roomWait == null || roomWait.isNegative() || roomWait.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("--wait-for-room: must be 0 to 600 seconds, got " + roomWait);
        }
    }

    /** These settings with empty nodes left alone. */
    ScalingSettings withoutCordoning() {
        return new ScalingSettings(provisioning, roomWait, false);
    }
}

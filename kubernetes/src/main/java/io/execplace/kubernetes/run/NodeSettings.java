package io.execplace.kubernetes.run;

import io.execplace.core.model.Site;
import io.execplace.kubernetes.cluster.CapacityTypes;

/**
 * How nodes are read and which of them drivers may use. Built by {@link SchedulerSettings.Builder}, one
 * named setter a setting.
 *
 * @param siteLabel     {@code --site-label}: the node label whose value is local or cloud
 * @param defaultSite   {@code --default-site}: the site of nodes without that label
 * @param capacityTypes which nodes are spot: the provisioners' labels and {@code --capacity-type-label}
 * @param driversOnSpot {@code --drivers-on-spot}: Spark drivers may run on spot nodes (off: they are kept off)
 */
record NodeSettings(String siteLabel, Site defaultSite, CapacityTypes capacityTypes, boolean driversOnSpot) {

    NodeSettings {
        if (defaultSite == null || siteLabel == null || siteLabel.isBlank() || capacityTypes == null) {
            throw new IllegalArgumentException("--site-label and --default-site are required");
        }
    }
}

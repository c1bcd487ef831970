package io.execplace.kubernetes.run;

import io.execplace.core.model.Site;
import io.execplace.kubernetes.cluster.CapacityTypes;
import io.execplace.kubernetes.cluster.Labels;

/**
 * How nodes are read and which of them drivers may use; build from {@link #DEFAULTS} with the withers.
 *
 * @param siteLabel     {@code --site-label}: the node label whose value is local or cloud
 * @param defaultSite   {@code --default-site}: the site of nodes without that label
 * @param capacityTypes which nodes are spot: the provisioners' labels and {@code --capacity-type-label}
 * @param driversOnSpot {@code --drivers-on-spot}: Spark drivers may run on spot nodes (off: they are kept off)
 */
public record NodeSettings(String siteLabel, Site defaultSite, CapacityTypes capacityTypes, boolean driversOnSpot) {

    /** Site label {@code execplace.io/site}, default cloud, the known capacity-type labels, drivers off spot. */
    public static final NodeSettings DEFAULTS = new NodeSettings(Labels.SITE, Site.CLOUD, CapacityTypes.KNOWN, false);

    public NodeSettings {
        if (defaultSite == null || siteLabel == null || siteLabel.isBlank() || capacityTypes == null) {
            throw new IllegalArgumentException("--site-label and --default-site are required");
        }
    }

    public NodeSettings withSiteLabel(String v) {
        return new NodeSettings(v, defaultSite, capacityTypes, driversOnSpot);
    }

    public NodeSettings withDefaultSite(Site v) {
        return new NodeSettings(siteLabel, v, capacityTypes, driversOnSpot);
    }

    /** A node label that says {@code spot} (or {@code true}) on spot nodes, beside Karpenter's, EKS's and GKE's (null: none). */
    public NodeSettings withCapacityTypeLabel(String label) {
        return new NodeSettings(siteLabel, defaultSite, CapacityTypes.withLabel(label), driversOnSpot);
    }

    public NodeSettings withDriversOnSpot(boolean v) {
        return new NodeSettings(siteLabel, defaultSite, capacityTypes, v);
    }
}

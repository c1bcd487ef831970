package io.execplace.core.model;

import java.util.List;
import java.util.Locale;

/** The named clusters of the source papers (TPDS §7, HYB §6, HJS §5.1). */
public final class ClusterPresets {

    /** A preset's name and one-line description. */
    public record Preset(String name, String description) {
    }

    private static final VmType CODE_SMALL = new VmType("small", 4, 12);
    private static final VmType CODE_MEDIUM = new VmType("medium", 8, 24);
    private static final VmType CODE_LARGE = new VmType("large", 12, 36);
    private static final VmType C5_XLARGE = new VmType("c5.xlarge", 4, 8);
    private static final VmType C5_2XLARGE = new VmType("c5.2xlarge", 8, 16);
    private static final VmType C5_4XLARGE = new VmType("c5.4xlarge", 16, 32);
    private static final VmType[] HYB_TYPES = {VmType.M1_LARGE, VmType.M1_XLARGE, VmType.M2_XLARGE};

    /**
     * The preset parameter for driver pods: {@code elastic-spot+drivers} is {@code elastic-spot} whose
     * applications each run a driver pod of Spark's default request ({@link DriverPod#SPARK_DEFAULT}).
     */
    public static final String DRIVERS = "+drivers";

    private ClusterPresets() {
    }

    public static List<Preset> list() {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(
                new Preset("tpds", "TPDS Table 4: 4 x m1.large, 4 x m1.xlarge, 4 x m2.xlarge, $0.24/0.48/0.72 per hour (12 VMs)"),
                new Preset("tpds-code", "TPDS reference code: 3 x 4c/12GB, 3 x 8c/24GB, 3 x 12c/36GB, price 1/2/3 per second (9 VMs)"),
                new Preset("hybrid-small", "HYB Table 2 small: per m1.large/m1.xlarge/m2.xlarge 2 cloud + 1 local (9 VMs, cloud listed first); --pricing applies"),
                new Preset("hybrid-large", "HYB Table 2 large: per type 50 cloud + 10 local (180 VMs, cloud listed first); --pricing applies"),
                new Preset("c5", "HJS Table 2: 4 x c5.xlarge, 4 x c5.2xlarge, 4 x c5.4xlarge, $0.17/0.34/0.68 per hour (12 VMs)")),
                ElasticPresets.list().stream()).toList();
    }

    /** True when {@code name} is a preset name. */
    public static boolean isPreset(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        String n = lower.endsWith(DRIVERS) && lower.startsWith("elastic-")
                ? lower.substring(0, lower.length() - DRIVERS.length()) : lower;
        return list().stream().anyMatch(p -> p.name().equals(n));
    }

    /**
     * The preset of the given name. {@code pricing} applies to the hybrid presets and is ignored by
     * the others.
     */
    public static Cluster byName(String name, PricingModel pricing) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(DRIVERS) && n.startsWith("elastic-")) {
            NodePools pools = byName(n.substring(0, n.length() - DRIVERS.length()), pricing).pools();
            return pools.withDrivers(DriverPod.SPARK_DEFAULT, n).cluster();
        }
        return switch (n) {
            case "tpds" -> tpds();
            case "tpds-code" -> tpdsCode();
            case "hybrid-small" -> hybrid("hybrid-small", 1, 2, pricing);
            case "hybrid-large" -> hybrid("hybrid-large", 10, 50, pricing);
            case "c5" -> c5();
            case "elastic-ondemand" -> ElasticPresets.onDemand();
            case "elastic-spot" -> ElasticPresets.spot();
            case "elastic-ondemand-published" -> ElasticPresets.onDemandPublished();
            case "elastic-spot-published" -> ElasticPresets.spotPublished();
            case "elastic-spot-published-trace" -> ElasticPresets.spotPublishedTrace();
            case "elastic-spot-published-windows" -> ElasticPresets.spotPublishedWindows();
            case "elastic-ondemand-underutilized" -> ElasticPresets.onDemandUnderutilized();
            case "elastic-spot-underutilized" -> ElasticPresets.spotUnderutilized();
            default -> throw new IllegalArgumentException("unknown cluster preset '" + name
                    + "' (known: tpds, tpds-code, hybrid-small, hybrid-large, c5, elastic-ondemand, elastic-spot, "
                    + "elastic-ondemand-published, elastic-spot-published, elastic-spot-published-trace, "
                    + "elastic-spot-published-windows, elastic-ondemand-underutilized, elastic-spot-underutilized, "
                    + "an elastic preset with " + DRIVERS + " for driver pods, or a YAML file)");
        };
    }

    public static Cluster tpds() {
        return Cluster.builder("tpds")
                .add(VmType.M1_LARGE, Site.CLOUD, 4, 0.24 / 3600)
                .add(VmType.M1_XLARGE, Site.CLOUD, 4, 0.48 / 3600)
                .add(VmType.M2_XLARGE, Site.CLOUD, 4, 0.72 / 3600)
                .build();
    }

    public static Cluster tpdsCode() {
        return Cluster.builder("tpds-code")
                .add(CODE_SMALL, Site.CLOUD, 3, 1)
                .add(CODE_MEDIUM, Site.CLOUD, 3, 2)
                .add(CODE_LARGE, Site.CLOUD, 3, 3)
                .build();
    }

    public static Cluster hybridSmall(PricingModel pricing) {
        return hybrid("hybrid-small", 1, 2, pricing);
    }

    public static Cluster hybridLarge(PricingModel pricing) {
        return hybrid("hybrid-large", 10, 50, pricing);
    }

    public static Cluster c5() {
        return Cluster.builder("c5")
                .add(C5_XLARGE, Site.CLOUD, 4, 0.17 / 3600)
                .add(C5_2XLARGE, Site.CLOUD, 4, 0.34 / 3600)
                .add(C5_4XLARGE, Site.CLOUD, 4, 0.68 / 3600)
                .build();
    }

    /**
     * Cloud VMs first (all types, m1.large, m1.xlarge, m2.xlarge), then local VMs (same type order),
     * as the HYB reference simulator lists them. The order is not cosmetic: policies break ties by
     * VM id, so it moves results (docs/fidelity.md).
     */
    private static Cluster hybrid(String name, int localPerType, int cloudPerType, PricingModel pricing) {
        Cluster.Builder b = Cluster.builder(name + "/pricing-" + pricing.key());
        for (int t = 0; t < HYB_TYPES.length; t++) {
            b.add(HYB_TYPES[t], Site.CLOUD, cloudPerType, pricing.pricePerSecond(t, Site.CLOUD));
        }
        for (int t = 0; t < HYB_TYPES.length; t++) {
            b.add(HYB_TYPES[t], Site.LOCAL, localPerType, pricing.pricePerSecond(t, Site.LOCAL));
        }
        return b.build();
    }
}

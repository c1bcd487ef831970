package io.execplace.core.model;

import java.util.List;

/**
 * Elastic cluster presets: node pools as a Karpenter NodePool with its kwok provider buys them, so
 * that the simulator and the testbed price the same nodes.
 *
 * <p>Instance types: the kwok provider's general family (4 GiB per vCPU; read here as 4 GB) at
 * 4, 8 and 16 vCPU. Prices: the kwok provider's rule ({@code kwok/tools/gen_instance_types.go} in
 * kubernetes-sigs/karpenter), per hour 0.025 × vCPU + 0.001 × memory in GiB on-demand, spot 0.7 × that —
 * a 30 % spot discount, well below the 60–90 % teams report, so spot savings here are conservative.
 * Launch delay uniform 60–120 s (a node takes "a minute or two" to join); billing per second with a
 * 60 s minimum (AWS and GCP Linux VMs); an empty node is removed after 60 s ({@code consolidateAfter:
 * 60s}). Spot interruptions at the AWS Spot Instance Advisor's highest band, &gt;20 % a month (read as
 * 25 %), with the two-minute notice.
 */
public final class ElasticPresets {

    /** The general-purpose family of the kwok provider, 4 GB per core. */
    public static final List<InstanceType> KWOK_GENERAL = List.of(kwok(4), kwok(8), kwok(16));

    private static final LaunchDelay LAUNCH = new LaunchDelay(60, 120);
    private static final int LIMIT_CORES = 400;

    private ElasticPresets() {
    }

    static List<ClusterPresets.Preset> list() {
        return List.of(
                new ClusterPresets.Preset("elastic-ondemand", "Karpenter-like on-demand pool: kwok general types 4/8/16 vCPU, "
                        + "0.025/vCPU-h + 0.001/GB-h, launch 60-120 s, per-second billing (60 s minimum), empty nodes "
                        + "removed after 60 s, limit " + LIMIT_CORES + " cores"),
                new ClusterPresets.Preset("elastic-spot", "elastic-ondemand's types on a spot pool (0.7 x price, "
                        + "interruptions >20 %/month, 120 s notice) listed first, and the on-demand pool"));
    }

    public static Cluster onDemand() {
        return new NodePools("elastic-ondemand", List.of(pool("on-demand", CapacityType.ON_DEMAND)), false).cluster();
    }

    public static Cluster spot() {
        return new NodePools("elastic-spot", List.of(pool("spot", CapacityType.SPOT), pool("on-demand",
                CapacityType.ON_DEMAND)), false).cluster();
    }

    private static NodePool pool(String name, CapacityType capacity) {
        return NodePool.builder(name).capacityType(capacity).instanceTypes(KWOK_GENERAL)
                .zones(List.of("zone-a", "zone-b", "zone-c")).limitCores(LIMIT_CORES).launchDelay(LAUNCH)
                .billing(1, 60).consolidateAfter(60).interruptions(Interruptions.band(">20")).build();
    }

    private static InstanceType kwok(int cores) {
        double memoryGb = 4.0 * cores;
        double onDemand = 0.025 * cores + 0.001 * memoryGb;
        return InstanceType.perHour("g-" + cores + "x", cores, memoryGb, onDemand, 0.7 * onDemand);
    }
}

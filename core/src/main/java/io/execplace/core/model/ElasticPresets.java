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
        return onDemand(LIMIT_CORES);
    }

    /** {@code elastic-ondemand} with another core limit (the benchmarks' 1,000-node pool: 4,000 cores). */
    public static Cluster onDemand(int limitCores) {
        String name = limitCores == LIMIT_CORES ? "elastic-ondemand" : "elastic-ondemand-" + limitCores;
        return new NodePools(name, List.of(pool("on-demand", CapacityType.ON_DEMAND, limitCores)), false).cluster();
    }

    public static Cluster spot() {
        return new NodePools("elastic-spot", List.of(pool("spot", CapacityType.SPOT, LIMIT_CORES), pool("on-demand",
                CapacityType.ON_DEMAND, LIMIT_CORES)), false).cluster();
    }

    private static NodePool pool(String name, CapacityType capacity, int limitCores) {
        return NodePool.builder(name).capacityType(capacity).instanceTypes(KWOK_GENERAL)
                .zones(List.of("zone-a", "zone-b", "zone-c")).limitCores(limitCores).launchDelay(LAUNCH)
                .billing(1, 60).consolidateAfter(60).interruptions(Interruptions.band(">20")).build();
    }

    private static InstanceType kwok(int cores) {
        double memoryGb = 4.0 * cores;
        double onDemand = 0.025 * cores + 0.001 * memoryGb;
        return InstanceType.perHour("g-" + cores + "x", cores, memoryGb, onDemand, 0.7 * onDemand);
    }
}

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
 *
 * <p>{@code elastic-ondemand-published} and {@code elastic-spot-published} price nodes and interrupt
 * spot as published, not as kwok prices them: AWS's m7g.xlarge, m7g.2xlarge and m7g.4xlarge (general purpose, 4 GiB per vCPU, read as 4 GB) in
 * us-east-1, Linux on-demand 0.1632, 0.3264 and 0.6528 $/h, and from the AWS Spot Instance Advisor
 * feed ({@code spot-advisor-data.json}, us-east-1 Linux, as copied on 2025-06-28 into
 * alexei-led/spotinfo, commit 5eedf20) spot savings of 62, 64 and 62 % and interruption band 5–10 %
 * for all three. {@code elastic-spot-published-trace} is the same with an availability trace that
 * takes the whole spot pool back at Poisson times, every {@value #TRACE_MEAN_GAP_HOURS} hours on
 * average over two days: not a published rate but a stress case, where interruptions happen often
 * enough to matter (Can't Be Late, NSDI '24, §2: spot availability changes within hours, and over 94 %
 * of the time a cluster's instances are available all together or not at all).
 *
 * <p>{@code elastic-ondemand-underutilized} and {@code elastic-spot-underutilized} are {@code
 * elastic-ondemand} and {@code elastic-spot} with Karpenter v1's {@code consolidationPolicy:
 * WhenEmptyOrUnderutilized}, the policy a NodePool gets when it names none; the other presets keep
 * {@code WhenEmpty}, so their results stay as they were.
 */
public final class ElasticPresets {

    /** The general-purpose family of the kwok provider, 4 GB per core. */
    public static final List<InstanceType> KWOK_GENERAL = List.of(kwok(4), kwok(8), kwok(16));

    /** AWS m7g.xlarge/2xlarge/4xlarge in us-east-1: on-demand $/h as published, spot at the advisor's savings. */
    public static final List<InstanceType> M7G_PUBLISHED = List.of(
            InstanceType.perHour("m7g.xlarge", 4, 16, 0.1632, 0.1632 * (1 - 0.62)),
            InstanceType.perHour("m7g.2xlarge", 8, 32, 0.3264, 0.3264 * (1 - 0.64)),
            InstanceType.perHour("m7g.4xlarge", 16, 64, 0.6528, 0.6528 * (1 - 0.62)));

    /** Mean hours between reclaims of {@code elastic-spot-published-trace}'s spot pool. */
    public static final int TRACE_MEAN_GAP_HOURS = 2;
    private static final long TRACE_SEED = 38;
    /** Mean minutes a window without spot capacity of {@code elastic-spot-published-windows} lasts. */
    public static final int WINDOW_MEAN_MINUTES = 30;

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
                        + "interruptions >20 %/month, 120 s notice) listed first, and the on-demand pool"),
                new ClusterPresets.Preset("elastic-ondemand-published", "AWS m7g.xlarge/2xlarge/4xlarge us-east-1 "
                        + "on-demand only, 0.1632/0.3264/0.6528 $/h as published; limits and delays as elastic-ondemand"),
                new ClusterPresets.Preset("elastic-spot-published", "AWS m7g.xlarge/2xlarge/4xlarge us-east-1 as "
                        + "published: on-demand 0.1632/0.3264/0.6528 $/h, spot 62/64/62 % cheaper, interruptions 5-10 %/month "
                        + "(Spot Instance Advisor); a spot pool first and an on-demand pool, limits and delays as elastic-spot"),
                new ClusterPresets.Preset("elastic-spot-published-trace", "elastic-spot-published with an availability "
                        + "trace taking the whole spot pool back every " + TRACE_MEAN_GAP_HOURS + " h on average (Poisson, "
                        + "two days; a stress case, not a published rate)"),
                new ClusterPresets.Preset("elastic-spot-published-windows", "elastic-spot-published with windows "
                        + "without spot capacity: each takes the spot pool back and lets it buy nothing for "
                        + WINDOW_MEAN_MINUTES + " min on average, every " + TRACE_MEAN_GAP_HOURS + " h on average "
                        + "(Poisson, two days; a stress case, not a published rate)"),
                new ClusterPresets.Preset("elastic-ondemand-underutilized", "elastic-ondemand with Karpenter's "
                        + "WhenEmptyOrUnderutilized consolidation: a node whose executors fit on the other nodes is "
                        + "removed and its executors evicted"),
                new ClusterPresets.Preset("elastic-spot-underutilized", "elastic-spot with WhenEmptyOrUnderutilized "
                        + "consolidation on both pools"));
    }

    public static Cluster onDemand() {
        return onDemand(LIMIT_CORES);
    }

    /** {@code elastic-ondemand} with another core limit (the benchmarks' 1,000-node pool: 4,000 cores). */
    public static Cluster onDemand(int limitCores) {
        return onDemand("elastic-ondemand", limitCores, ConsolidationPolicy.WHEN_EMPTY);
    }

    public static Cluster spot() {
        return spot("elastic-spot", ConsolidationPolicy.WHEN_EMPTY);
    }

    /** {@code elastic-ondemand-underutilized}: {@link #onDemand()} whose consolidation also evicts from under-used nodes. */
    public static Cluster onDemandUnderutilized() {
        return onDemandUnderutilized(LIMIT_CORES);
    }

    /** {@code elastic-ondemand-underutilized} with another core limit (the benchmarks' under-used 1,000-node pool). */
    public static Cluster onDemandUnderutilized(int limitCores) {
        return onDemand("elastic-ondemand-underutilized", limitCores, ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED);
    }

    /** One on-demand pool; a limit other than the preset's is named after it ({@code NAME-CORES}). */
    private static Cluster onDemand(String preset, int limitCores, ConsolidationPolicy consolidation) {
        String name = limitCores == LIMIT_CORES ? preset : preset + "-" + limitCores;
        return new NodePools(name, List.of(pool("on-demand", CapacityType.ON_DEMAND, limitCores, consolidation)), false)
                .cluster();
    }

    /** {@code elastic-spot-underutilized}: {@link #spot()} whose consolidation also evicts from under-used nodes. */
    public static Cluster spotUnderutilized() {
        return spot("elastic-spot-underutilized", ConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED);
    }

    private static Cluster spot(String name, ConsolidationPolicy consolidation) {
        return new NodePools(name, List.of(pool("spot", CapacityType.SPOT, LIMIT_CORES, consolidation),
                pool("on-demand", CapacityType.ON_DEMAND, LIMIT_CORES, consolidation)), false).cluster();
    }

    /** {@code elastic-ondemand-published}: the m7g types as published on one on-demand pool (the study's reference). */
    public static Cluster onDemandPublished() {
        return new NodePools("elastic-ondemand-published", List.of(pool("on-demand", CapacityType.ON_DEMAND,
                M7G_PUBLISHED, Interruptions.NONE)), false).cluster();
    }

    /** {@code elastic-spot-published}: the m7g types as published, a spot pool first and an on-demand pool. */
    public static Cluster spotPublished() {
        return published("elastic-spot-published", Interruptions.band("5-10"));
    }

    /** {@code elastic-spot-published-trace}: {@link #spotPublished()} with the spot pool taken back at Poisson times. */
    public static Cluster spotPublishedTrace() {
        Interruptions band = Interruptions.band("5-10");
        List<Double> reclaims = Interruptions.poissonTimes(TRACE_MEAN_GAP_HOURS * 3600.0, 2 * 86_400.0, TRACE_SEED);
        return published("elastic-spot-published-trace",
                new Interruptions(band.monthlyRate(), band.noticeSeconds(), reclaims));
    }

    /**
     * {@code elastic-spot-published-windows}: {@link #spotPublished()} whose spot pool has windows without
     * capacity (the pool's nodes taken back as each opens; nothing bought until it closes).
     */
    public static Cluster spotPublishedWindows() {
        Interruptions band = Interruptions.band("5-10");
        List<UnavailableWindow> windows = Interruptions.poissonWindows(TRACE_MEAN_GAP_HOURS * 3600.0,
                WINDOW_MEAN_MINUTES * 60.0, 2 * 86_400.0, TRACE_SEED);
        return published("elastic-spot-published-windows", band.withUnavailable(windows));
    }

    private static Cluster published(String name, Interruptions spot) {
        return new NodePools(name, List.of(pool("spot", CapacityType.SPOT, M7G_PUBLISHED, spot),
                pool("on-demand", CapacityType.ON_DEMAND, M7G_PUBLISHED, Interruptions.NONE)), false).cluster();
    }

    private static NodePool pool(String name, CapacityType capacity, int limitCores, ConsolidationPolicy consolidation) {
        return NodePool.builder(name).capacityType(capacity).instanceTypes(KWOK_GENERAL)
                .zones(List.of("zone-a", "zone-b", "zone-c")).limitCores(limitCores).launchDelay(LAUNCH)
                .billing(1, 60).consolidateAfter(60).consolidationPolicy(consolidation)
                .interruptions(Interruptions.band(">20")).build();
    }

    private static NodePool pool(String name, CapacityType capacity, List<InstanceType> types, Interruptions i) {
        return NodePool.builder(name).capacityType(capacity).instanceTypes(types)
                .zones(List.of("us-east-1a", "us-east-1b", "us-east-1c")).limitCores(LIMIT_CORES).launchDelay(LAUNCH)
                .billing(1, 60).consolidateAfter(60).interruptions(i).build();
    }

    private static InstanceType kwok(int cores) {
        double memoryGb = 4.0 * cores;
        double onDemand = 0.025 * cores + 0.001 * memoryGb;
        return InstanceType.perHour("g-" + cores + "x", cores, memoryGb, onDemand, 0.7 * onDemand);
    }
}

package io.execplace.kubernetes.disruption;

/**
 * What the scheduler assumes of Karpenter's consolidation where no NodePool says: the rule of
 * {@code --consolidation-policy} and {@code --consolidate-after} (Karpenter's defaults unless given),
 * the seconds a drained job waits for a new node ({@code --node-launch-seconds}), and whether NodePools
 * are read at all.
 *
 * @param fallback        the rule of nodes without a known NodePool
 * @param relaunchSeconds seconds a job a drain stopped waits for a node (EvictionGuard's W)
 * @param readNodePools   watch Karpenter's NodePools when the API server serves them
 */
public record DrainSettings(PoolRule fallback, double relaunchSeconds, boolean readNodePools) {

    /** The mean launch delay of the simulator's elastic presets (60-120 s, docs/elastic.md). */
    public static final double DEFAULT_LAUNCH_SECONDS = 90;

    /** Karpenter's defaults ({@code WhenEmptyOrUnderutilized}, {@code 0s}), 90 s launches, NodePools read. */
    public static final DrainSettings DEFAULTS = new DrainSettings(
            PoolRule.of("options", PoolRule.DEFAULT_POLICY, PoolRule.DEFAULT_CONSOLIDATE_AFTER), DEFAULT_LAUNCH_SECONDS, true);

    public DrainSettings {
        if (!(relaunchSeconds >= 0) || Double.isInfinite(relaunchSeconds)) {
            throw new IllegalArgumentException("the node launch time must be a number of seconds >= 0, got " + relaunchSeconds);
        }
    }

    /** These settings with the fallback rule of the options' policy and {@code consolidateAfter} (IllegalArgumentException when bad). */
    public DrainSettings withRule(String policy, String consolidateAfter) {
        return new DrainSettings(PoolRule.of("options", policy, consolidateAfter), relaunchSeconds, readNodePools);
    }

    public DrainSettings withRelaunchSeconds(double seconds) {
        return new DrainSettings(fallback, seconds, readNodePools);
    }

    public DrainSettings withReadNodePools(boolean read) {
        return new DrainSettings(fallback, relaunchSeconds, read);
    }
}

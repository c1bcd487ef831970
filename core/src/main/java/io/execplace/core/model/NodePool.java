package io.execplace.core.model;

import java.util.List;
import java.util.Objects;

/**
 * A pool of nodes bought on demand (Karpenter's NodePool): the instance types it may buy, on-demand
 * or spot, in which zones, up to a limit of cores; how long a node takes to arrive; how its lifetime
 * is billed; and after how long an empty node is removed. Built with {@link #builder(String)}.
 */
public final class NodePool {

    private final String name;
    private final CapacityType capacityType;
    private final List<InstanceType> instanceTypes;
    private final List<String> zones;
    private final int limitCores;
    private final LaunchDelay launchDelay;
    private final double minimumBilledSeconds;
    private final double billingGranularitySeconds;
    private final double consolidateAfterSeconds;
    private final ConsolidationPolicy consolidationPolicy;
    private final Interruptions interruptions;

    private NodePool(Builder b) {
        this.name = b.name;
        this.capacityType = b.capacityType;
        this.instanceTypes = List.copyOf(b.instanceTypes);
        this.zones = List.copyOf(b.zones);
        this.limitCores = b.limitCores;
        this.launchDelay = b.launchDelay;
        this.minimumBilledSeconds = b.minimumBilledSeconds;
        this.billingGranularitySeconds = b.billingGranularitySeconds;
        this.consolidateAfterSeconds = b.consolidateAfterSeconds;
        this.consolidationPolicy = b.consolidationPolicy;
        this.interruptions = capacityType == CapacityType.SPOT ? b.interruptions : Interruptions.NONE;
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    public String name() {
        return name;
    }

    public CapacityType capacityType() {
        return capacityType;
    }

    public List<InstanceType> instanceTypes() {
        return instanceTypes;
    }

    public List<String> zones() {
        return zones;
    }

    /** Cores of all the pool's live nodes together may not exceed this (Karpenter's {@code limits.cpu}). */
    public int limitCores() {
        return limitCores;
    }

    public LaunchDelay launchDelay() {
        return launchDelay;
    }

    public double minimumBilledSeconds() {
        return minimumBilledSeconds;
    }

    public double billingGranularitySeconds() {
        return billingGranularitySeconds;
    }

    /** An empty node is removed once it has stayed empty this long (Karpenter's {@code consolidateAfter}). */
    public double consolidateAfterSeconds() {
        return consolidateAfterSeconds;
    }

    /** Whether consolidation removes only empty nodes or also under-used ones (Karpenter's {@code consolidationPolicy}). */
    public ConsolidationPolicy consolidationPolicy() {
        return consolidationPolicy;
    }

    public Interruptions interruptions() {
        return interruptions;
    }

    /** The price per second of a node of this type in this pool. */
    public double pricePerSecond(InstanceType type) {
        return type.pricePerSecond(capacityType);
    }

    /**
     * Seconds billed for one node lifetime: rounded up to the granularity (none when 0), at least the
     * minimum (AWS and GCP: per second, 60 s minimum).
     */
    public double billedSeconds(double lifetimeSeconds) {
        double billed = lifetimeSeconds;
        if (billingGranularitySeconds > 0) {
            billed = Math.ceil(lifetimeSeconds / billingGranularitySeconds - 1e-9) * billingGranularitySeconds;
        }
        return Math.max(billed, minimumBilledSeconds);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodePool other && name.equals(other.name) && capacityType == other.capacityType
                && instanceTypes.equals(other.instanceTypes) && zones.equals(other.zones)
                && limitCores == other.limitCores && launchDelay.equals(other.launchDelay)
                && minimumBilledSeconds == other.minimumBilledSeconds
                && billingGranularitySeconds == other.billingGranularitySeconds
                && consolidateAfterSeconds == other.consolidateAfterSeconds
                && consolidationPolicy == other.consolidationPolicy && interruptions.equals(other.interruptions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, capacityType, instanceTypes, zones, limitCores, launchDelay,
                minimumBilledSeconds, billingGranularitySeconds, consolidateAfterSeconds, consolidationPolicy, interruptions);
    }

    @Override
    public String toString() {
        return "NodePool[" + name + ", " + capacityType.key() + ", " + instanceTypes.size() + " instance types, limit "
                + limitCores + " cores]";
    }

    /** Builds a {@link NodePool}; defaults: on-demand, zone {@code zone-a}, no delay, exact billing, empty nodes consolidated at once. */
    public static final class Builder {
        private final String name;
        private CapacityType capacityType = CapacityType.ON_DEMAND;
        private List<InstanceType> instanceTypes = List.of();
        private List<String> zones = List.of("zone-a");
        private int limitCores = 1000;
        private LaunchDelay launchDelay = LaunchDelay.NONE;
        private double minimumBilledSeconds;
        private double billingGranularitySeconds;
        private double consolidateAfterSeconds;
        private ConsolidationPolicy consolidationPolicy = ConsolidationPolicy.WHEN_EMPTY;
        private Interruptions interruptions = Interruptions.NONE;

        private Builder(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a node pool needs a name");
            }
            this.name = name;
        }

        public Builder capacityType(CapacityType c) {
            this.capacityType = c;
            return this;
        }

        public Builder instanceTypes(List<InstanceType> types) {
            this.instanceTypes = types;
            return this;
        }

        public Builder zones(List<String> z) {
            this.zones = z;
            return this;
        }

        public Builder limitCores(int cores) {
            this.limitCores = cores;
            return this;
        }

        public Builder launchDelay(LaunchDelay d) {
            this.launchDelay = d;
            return this;
        }

        /** Per-second billing with a minimum, as AWS and GCP bill Linux VMs (60 s). */
        public Builder billing(double granularitySeconds, double minimumSeconds) {
            this.billingGranularitySeconds = granularitySeconds;
            this.minimumBilledSeconds = minimumSeconds;
            return this;
        }

        public Builder consolidateAfter(double seconds) {
            this.consolidateAfterSeconds = seconds;
            return this;
        }

        public Builder consolidationPolicy(ConsolidationPolicy policy) {
            this.consolidationPolicy = Objects.requireNonNull(policy);
            return this;
        }

        public Builder interruptions(Interruptions i) {
            this.interruptions = i;
            return this;
        }

        public NodePool build() {
            String where = "node pool " + name + ": ";
            if (instanceTypes.isEmpty()) {
                throw new IllegalArgumentException(where + "needs at least one instance type");
            }
            if (zones.isEmpty()) {
                throw new IllegalArgumentException(where + "needs at least one zone");
            }
            if (limitCores < 1) {
                throw new IllegalArgumentException(where + "limitCores must be >= 1, got " + limitCores);
            }
            for (double v : new double[] {minimumBilledSeconds, billingGranularitySeconds, consolidateAfterSeconds}) {
                if (!(v >= 0) || Double.isInfinite(v)) {
                    throw new IllegalArgumentException(where + "billing and consolidation times must be finite and >= 0");
                }
            }
            return new NodePool(this);
        }
    }
}

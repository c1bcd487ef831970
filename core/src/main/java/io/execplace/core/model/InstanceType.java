package io.execplace.core.model;

/**
 * A node shape a pool can buy, with its prices per second of lifetime.
 *
 * @param name                   instance type name (as the cloud's {@code node.kubernetes.io/instance-type})
 * @param cores                  allocatable cores
 * @param memoryGb               allocatable memory, GB
 * @param onDemandPricePerSecond price per second on-demand
 * @param spotPricePerSecond     price per second on spot
 */
public record InstanceType(String name, int cores, double memoryGb, double onDemandPricePerSecond,
                           double spotPricePerSecond) {

    public InstanceType {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an instance type needs a name");
        }
        if (cores < 1 || !(memoryGb > 0) || Double.isInfinite(memoryGb)) {
            throw new IllegalArgumentException("instance type " + name + ": cores >= 1 and memoryGb > 0 required");
        }
        if (!(onDemandPricePerSecond >= 0) || !(spotPricePerSecond >= 0)
                || Double.isInfinite(onDemandPricePerSecond) || Double.isInfinite(spotPricePerSecond)) {
            throw new IllegalArgumentException("instance type " + name + ": prices must be finite and >= 0");
        }
    }

    /** An instance type priced per hour. */
    public static InstanceType perHour(String name, int cores, double memoryGb, double onDemandPerHour,
                                       double spotPerHour) {
        return new InstanceType(name, cores, memoryGb, onDemandPerHour / 3600, spotPerHour / 3600);
    }

    /** The price per second for a capacity type. */
    public double pricePerSecond(CapacityType capacity) {
        return capacity == CapacityType.SPOT ? spotPricePerSecond : onDemandPricePerSecond;
    }
}

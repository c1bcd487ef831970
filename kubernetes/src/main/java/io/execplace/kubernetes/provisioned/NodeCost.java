package io.execplace.kubernetes.provisioned;

import io.execplace.kubernetes.pricing.PriceTable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * What the provisioned nodes cost: each launched NodeClaim's lifetime × its instance type's price per
 * hour (the spot price for spot claims), billed per second with no minimum. On a testbed that runs K
 * times faster than the workload it replays, a real second stands for K workload seconds.
 */
public final class NodeCost {

    private static final double SECONDS_PER_HOUR = 3600;

    /**
     * One claim's share.
     *
     * @param claim        the NodeClaim
     * @param seconds      workload seconds held (real seconds × time scale)
     * @param pricePerHour the price it was billed at
     */
    public record Line(NodeClaimLife claim, double seconds, double pricePerHour) {
        public double cost() {
            return seconds * pricePerHour / SECONDS_PER_HOUR;
        }
    }

    private final List<Line> lines;

    private NodeCost(List<Line> lines) {
        this.lines = List.copyOf(lines);
    }

    /**
     * The cost of the launched claims up to {@code until} (claims still alive are counted until then).
     *
     * @throws IllegalArgumentException when the price table has no price for a claim's instance type
     */
    public static NodeCost of(Collection<NodeClaimLife> claims, PriceTable prices, double timeScale, Instant until) {
        if (!(timeScale > 0)) {
            throw new IllegalArgumentException("time scale must be positive, got " + timeScale);
        }
        List<Line> lines = new ArrayList<>();
        for (NodeClaimLife claim : claims) {
            if (!claim.launched()) {
                continue;
            }
            double perHour = prices.pricePerHour(claim.instanceType(), claim.spot()).orElseThrow(() -> new IllegalArgumentException(
                    "NodeClaim " + claim.name() + ": the price table has no price for instance type " + claim.instanceType()));
            double seconds = claim.heldUntil(until).toMillis() / 1000.0 * timeScale;
            lines.add(new Line(claim, seconds, perHour));
        }
        lines.sort(Comparator.comparing((Line l) -> l.claim().created()).thenComparing(l -> l.claim().name()));
        return new NodeCost(lines);
    }

    public List<Line> lines() {
        return lines;
    }

    /** The total cost, in the price table's currency. */
    public double cost() {
        return lines.stream().mapToDouble(Line::cost).sum();
    }

    /** Node-hours of workload time. */
    public double nodeHours() {
        return lines.stream().mapToDouble(Line::seconds).sum() / SECONDS_PER_HOUR;
    }
}

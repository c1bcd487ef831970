package io.execplace.core.spottrace;

import io.execplace.core.model.UnavailableWindow;

import java.time.Instant;
import java.util.List;

/**
 * What one (instance type, zone) pool of SpotLake's snapshots says, in a run's seconds.
 *
 * @param instanceType       the EC2 instance type read
 * @param zone               the Availability Zone ID read
 * @param start              the first snapshot's time: second 0 of the trace
 * @param spanSeconds        from the first snapshot to the end of the last one's interval
 * @param snapshots          snapshots of the pool read (same-time duplicates counted once)
 * @param windows            spans without capacity, in time order
 * @param meanSpotPricePerHour      mean spot price over the snapshots that had one (USD; NaN if none)
 * @param meanOnDemandPricePerHour  mean on-demand price (USD; NaN if none)
 * @param interruptionBand   the Spot Instance Advisor band most snapshots gave ({@code <5} … {@code >20}), or null
 */
public record SpotLakeTrace(String instanceType, String zone, Instant start, double spanSeconds, int snapshots,
                            List<UnavailableWindow> windows, double meanSpotPricePerHour,
                            double meanOnDemandPricePerHour, String interruptionBand) {

    public SpotLakeTrace {
        windows = List.copyOf(windows);
    }

    /** Share of the span inside a window. */
    public double unavailableShare() {
        double sum = 0;
        for (UnavailableWindow w : windows) {
            sum += w.toSeconds() - w.fromSeconds();
        }
        return spanSeconds > 0 ? sum / spanSeconds : 0;
    }
}

package io.execplace.schedulers.lookahead;

import io.execplace.schedulers.spi.SchedulerOptions;

import java.util.Locale;

/**
 * What {@code lookahead}'s rollouts on an elastic cluster assume of the spot pools' availability
 * traces ({@code --lookahead-spot-windows}): {@value #STAY}, the default, that nothing changes — a
 * pool closed now stays closed, an open one is never reclaimed but at its hazard; or {@value #DRAWN},
 * windows and reclaims drawn per future from the trace's mean rates and lengths (what a team knows
 * of its spot market from history, not the times; {@code core.sim.AvailabilityTraces}).
 *
 * @param mode {@value #STAY} or {@value #DRAWN}
 */
public record SpotWindows(String mode) {

    public static final String STAY = "stay";
    public static final String DRAWN = "drawn";

    public SpotWindows {
        mode = mode == null ? STAY : mode.trim().toLowerCase(Locale.ROOT);
        if (!mode.equals(STAY) && !mode.equals(DRAWN)) {
            throw new IllegalArgumentException("the lookahead spot windows must be stay or drawn, got '" + mode + "'");
        }
    }

    /** The run's setting, {@value #STAY} when it sets none. */
    static SpotWindows of(SchedulerOptions options) {
        return options.get(SpotWindows.class, new SpotWindows(STAY));
    }

    /** True when rollouts draw windows and reclaims from the traces' statistics. */
    boolean drawn() {
        return mode.equals(DRAWN);
    }
}

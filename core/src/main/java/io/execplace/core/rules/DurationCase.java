package io.execplace.core.rules;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PlacementPreference;

/**
 * A family of placements of one job that a {@link DurationModel} charges one duration: a site rule
 * (local VMs only, or any VM) times a layout rule (spread, consolidate, or any layout). Exact
 * placement optimisers and cost bounds split a job's choices into these cases because within one
 * case the duration, and so every VM's extra busy time, no longer depends on the placement.
 *
 * <p>The cases of {@link DurationModel#cases} satisfy two facts that make such splits exact: every
 * placement is {@linkplain #admits admitted} by a case whose duration equals its true duration, and
 * every case charges at least the true duration of any placement it admits (a relaxed case such as
 * "any layout" charges the penalty even to a placement that happens to match the type).
 *
 * @param localOnly every executor must be on a local VM; otherwise any VM may be used
 * @param layout    {@code SPREAD}: at most one executor per VM; {@code CONSOLIDATE}: all on one VM;
 *                  {@code ANY}: no layout rule
 * @param duration  the job's duration charged to every placement of this case, in seconds
 */
public record DurationCase(boolean localOnly, PlacementPreference layout, double duration) {

    public DurationCase {
        if (layout == null) {
            throw new IllegalArgumentException("a duration case needs a layout");
        }
        if (!(duration > 0) || !Double.isFinite(duration)) {
            throw new IllegalArgumentException("case duration must be positive, got " + duration);
        }
    }

    /** True when the placement obeys this case's site and layout rules. */
    public boolean admits(Placement placement, Cluster cluster) {
        if (localOnly && !DurationModel.allLocal(placement, cluster)) {
            return false;
        }
        return switch (layout) {
            case ANY -> true;
            case SPREAD -> placement.distinctVms() == placement.executors();
            case CONSOLIDATE -> placement.distinctVms() == 1;
        };
    }
}

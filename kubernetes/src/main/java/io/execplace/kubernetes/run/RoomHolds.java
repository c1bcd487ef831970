package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.ClusterSnapshot;
import io.execplace.kubernetes.spark.ExecutorRoom;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * Room held across cycles for executors that have not come: of drivers placed under
 * {@code --driver-gang}, and of applications bound early under {@code --bind-early}. A hold lasts
 * while its driver runs and shrinks as its executors are placed; it ends when all are, when the
 * driver is gone, finished or (one of ours) pending again, or at its time-out.
 */
final class RoomHolds {

    /** {@code placedAtHold}: the application's executors placed when the room was held (they do not use it). */
    private record Hold(String driverUid, HeldRoom room, double expiresAt, int placedAtHold) {
    }

    private final Map<String, Hold> byApplication = new HashMap<>();

    /**
     * Holds the room the cycle's planned gangs hold for executors still to come, each until the
     * driver's gang timeout, else {@code defaultTimeout} seconds; replaces an application's earlier hold.
     *
     * @param placedExecutors executors of each application placed before this cycle's plan
     */
    void record(List<CyclePlanner.Planned> planned, Map<String, Integer> placedExecutors, double now, double defaultTimeout) {
        for (CyclePlanner.Planned p : planned) {
            if (p.heldRoom() == null) {
                continue;
            }
            ExecutorRoom room = p.app().executorRoom();
            // the executors planned now (--bind-early) do not use the held room either
            int placedNow = room.appKey().equals(p.app().key()) ? p.app().pods().size() : 0;
            byApplication.put(room.appKey(), new Hold(room.driverUid(), p.heldRoom(),
                    now + (Double.isNaN(room.timeout()) ? defaultTimeout : room.timeout()),
                    placedExecutors.getOrDefault(room.appKey(), 0) + placedNow));
        }
    }

    /** The CPU requests of the held executors (for the cycle's CPU unit). */
    List<Long> cpuRequests() {
        List<Long> r = new ArrayList<>();
        byApplication.values().forEach(h -> r.add(h.room().cpuMillis()));
        return r;
    }

    /**
     * Drops the holds that ended, takes the others' remaining room from the snapshot and returns it by
     * application (for the planner, which gives each application its own room back).
     *
     * @param placedExecutors executors of each application that are bound or being bound
     * @param driverRuns      whether the application's driver (application key, driver uid) still runs
     */
    Map<String, HeldRoom> applyTo(ClusterSnapshot snapshot, Map<String, Integer> placedExecutors,
                                  BiPredicate<String, String> driverRuns, double now) {
        Map<String, HeldRoom> held = new HashMap<>();
        byApplication.entrySet().removeIf(e -> {
            Hold h = e.getValue();
            int placed = Math.max(0, placedExecutors.getOrDefault(e.getKey(), 0) - h.placedAtHold());
            List<String> nodes = h.room().nodes();
            if (now >= h.expiresAt() || placed >= nodes.size() || !driverRuns.test(e.getKey(), h.driverUid())) {
                return true;
            }
            HeldRoom remaining = new HeldRoom(h.room().cpuMillis(), h.room().memoryBytes(), nodes.subList(placed, nodes.size()));
            remaining.hold(snapshot);
            held.put(e.getKey(), remaining);
            return false;
        });
        return held;
    }

}

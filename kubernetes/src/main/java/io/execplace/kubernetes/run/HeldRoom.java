package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.ClusterSnapshot;

import java.util.List;

/**
 * Room a cycle's snapshot holds for executors that do not exist yet ({@code --driver-gang}): one
 * executor's requests on each listed node (a node once per executor). Only the application the room
 * is for may use it: the planner gives it back just before placing that application.
 */
public record HeldRoom(long cpuMillis, long memoryBytes, List<String> nodes) {

    public HeldRoom {
        nodes = List.copyOf(nodes);
    }

    /** Takes the room from the snapshot (active pods without a busy time: the executors have not started). */
    void hold(ClusterSnapshot snapshot) {
        for (String node : nodes) {
            snapshot.addPod(node, cpuMillis, memoryBytes, false, Double.NaN);
        }
    }

    /** Gives the room back to the snapshot. */
    void release(ClusterSnapshot snapshot) {
        for (String node : nodes) {
            snapshot.removePod(node, cpuMillis, memoryBytes);
        }
    }
}

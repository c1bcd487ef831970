package io.execplace.kubernetes.replay;

import io.execplace.kubernetes.provisioned.NodeCost;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a replay measured. Times are workload seconds (real seconds × the time scale) except the
 * scheduling latencies, which are the testbed's own, in real seconds.
 *
 * @param applications how the applications fared
 * @param deadlines    deadlines met
 * @param latency      pod creation to binding
 * @param nodes        the nodes provisioned during the replay and their cost
 * @param interrupted  spot capacity taken back during the replay
 */
public record ReplayResult(Applications applications, Deadlines deadlines, Latency latency, NodeCost nodes,
                           Interruptions interrupted) {

    /** The figures by name, in report order (the JSON and CSV columns of {@code execplace replay}). */
    public Map<String, Object> summary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("applications", applications.count());
        m.put("applications_finished", applications.finished());
        m.put("makespan_seconds", applications.makespan());
        m.put("executors_evicted", applications.evicted());
        m.put("deadlines", deadlines.count());
        m.put("deadlines_met", deadlines.met());
        m.put("node_claims", nodes.lines().size());
        m.put("node_hours", nodes.nodeHours());
        m.put("node_cost", nodes.cost());
        m.put("spot_interruptions", interrupted.notices());
        m.put("spot_nodes_taken", interrupted.nodes().size());
        m.put("pods_bound", latency.pods());
        m.put("bind_latency_p50_seconds", latency.p50Seconds());
        m.put("bind_latency_p99_seconds", latency.p99Seconds());
        return m;
    }

    /**
     * @param count     applications replayed
     * @param finished  applications whose every pod ended and whose driver was not lost
     * @param makespan  first arrival to the last pod's end, workload seconds
     * @param evicted   pods deleted before they ended (consolidation, interruption); each lost executor was replaced
     */
    public record Applications(int count, int finished, double makespan, int evicted) {
    }

    /**
     * @param notices notices that found at least one live spot node
     * @param nodes   the spot nodes deleted at the end of their notice
     */
    public record Interruptions(int notices, List<String> nodes) {
        public Interruptions {
            nodes = List.copyOf(nodes);
        }
    }

    /**
     * @param count applications with a deadline
     * @param met   of those, the ones whose last pod ended by it
     */
    public record Deadlines(int count, int met) {
    }

    /**
     * @param pods        pods bound
     * @param p50Seconds  median creation-to-binding time, real seconds
     * @param p99Seconds  99th percentile, real seconds
     */
    public record Latency(int pods, double p50Seconds, double p99Seconds) {
    }
}

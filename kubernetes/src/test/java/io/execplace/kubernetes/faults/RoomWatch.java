package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.cluster.Resources;
import io.execplace.kubernetes.filter.TaintToleration;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Once a second, for each application of the run with pods waiting for the scheduler: could all its
 * waiting pods be placed now, first-fit by decreasing CPU, on the room left on Ready, schedulable nodes
 * whose taints they tolerate? The longest time an application waited while that held is what
 * "no executor left pending while room existed" is measured by.
 */
final class RoomWatch implements AutoCloseable {

    private final Observer observer;
    private final String namespace;
    private final String schedulerName;
    private final Clock clock;
    private final Map<String, Instant> roomSince = new HashMap<>();
    private final Map<String, Duration> longest = new HashMap<>();
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "room-watch");
        t.setDaemon(true);
        return t;
    });

    RoomWatch(Observer observer, String namespace, String schedulerName, Clock clock) {
        this.observer = observer;
        this.namespace = namespace;
        this.schedulerName = schedulerName;
        this.clock = clock;
        timer.scheduleAtFixedRate(this::sample, 1, 1, TimeUnit.SECONDS);
    }

    private synchronized void sample() {
        List<Pod> all = observer.livePods();
        Map<String, long[]> free = new HashMap<>();
        for (Node n : observer.nodes()) {
            if (Observer.ready(n) && !Boolean.TRUE.equals(n.getSpec().getUnschedulable()) && n.getStatus().getAllocatable() != null) {
                free.put(n.getMetadata().getName(), new long[] {Resources.cpuMillis(n.getStatus().getAllocatable().get("cpu")),
                        Resources.memoryBytes(n.getStatus().getAllocatable().get("memory"))});
            }
        }
        Map<String, List<Pod>> waiting = new HashMap<>();
        for (Pod p : all) {
            long[] room = p.getSpec().getNodeName() == null ? null : free.get(p.getSpec().getNodeName());
            if (room != null && Observer.holdsRoom(p)) {
                room[0] -= Resources.podCpuMillis(p);
                room[1] -= Resources.podMemoryBytes(p);
            }
            if (p.getSpec().getNodeName() == null && namespace.equals(p.getMetadata().getNamespace())
                    && schedulerName.equals(p.getSpec().getSchedulerName()) && p.getMetadata().getDeletionTimestamp() == null) {
                String app = p.getMetadata().getLabels() == null ? p.getMetadata().getName()
                        : p.getMetadata().getLabels().getOrDefault("spark-app-selector", p.getMetadata().getName());
                waiting.computeIfAbsent(app, a -> new ArrayList<>()).add(p);
            }
        }
        Instant now = clock.instant();
        roomSince.keySet().retainAll(waiting.keySet());
        Map<String, Node> nodes = new HashMap<>();
        observer.nodes().forEach(n -> nodes.put(n.getMetadata().getName(), n));
        for (Map.Entry<String, List<Pod>> e : waiting.entrySet()) {
            if (fits(e.getValue(), free, nodes)) {
                Instant since = roomSince.computeIfAbsent(e.getKey(), a -> now);
                longest.merge(e.getKey(), Duration.between(since, now), (a, b) -> a.compareTo(b) >= 0 ? a : b);
            } else {
                roomSince.remove(e.getKey());
            }
        }
    }

    private static boolean fits(List<Pod> pods, Map<String, long[]> free, Map<String, Node> nodes) {
        Map<String, long[]> room = new HashMap<>();
        free.forEach((k, v) -> room.put(k, v.clone()));
        TaintToleration taints = new TaintToleration();
        List<Pod> sorted = new ArrayList<>(pods);
        sorted.sort(Comparator.comparingLong(Resources::podCpuMillis).reversed());
        for (Pod p : sorted) {
            long cpu = Resources.podCpuMillis(p);
            long memory = Resources.podMemoryBytes(p);
            String where = room.entrySet().stream().filter(r -> r.getValue()[0] >= cpu && r.getValue()[1] >= memory
                    && taints.reject(p, nodes.get(r.getKey())) == null).map(Map.Entry::getKey).sorted().findFirst().orElse(null);
            if (where == null) {
                return false;
            }
            room.get(where)[0] -= cpu;
            room.get(where)[1] -= memory;
        }
        return true;
    }

    /** The longest time an application waited while its pods fitted (zero if it never did). */
    synchronized Duration longestWaitWithRoom(String app) {
        return longest.getOrDefault(app, Duration.ZERO);
    }

    /** The longest time any application of the run waited while its pods fitted. */
    synchronized Duration longestWaitWithRoom() {
        return longest.values().stream().max(Comparator.naturalOrder()).orElse(Duration.ZERO);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}

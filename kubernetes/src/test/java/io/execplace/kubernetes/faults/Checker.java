package io.execplace.kubernetes.faults;

import io.execplace.kubernetes.faults.FaultInjector.Injection;
import io.execplace.kubernetes.faults.Observer.ClaimSeen;
import io.execplace.kubernetes.faults.Observer.PodSeen;
import io.execplace.kubernetes.faults.RunWorkload.Kind;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * After a fault run: what became of each application, and whether the promises held (no pod bound
 * twice or over a node's allocatable, no binding to a cordoned or tainted node, one lease holder at a
 * time, every pod's run inside a NodeClaim's life), and how fast scheduling resumed after each fault.
 */
final class Checker {

    /**
     * What became of one application. STALLED: every pod it still waits for is bound, but the node agent
     * (kwok) never ran it — the scheduler's part is done; seen when kwok's status patch failed during an
     * etcd restart and kwok did not try again.
     */
    enum Outcome { FINISHED, REFUSED, KILLED, STALLED, OPEN }

    /** Clock slack between the API server's second-granular timestamps and the observer's clock. */
    private static final Duration SLACK = Duration.ofSeconds(2);

    private Checker() {
    }

    /**
     * @param pods   what the observer saw of the application's pods
     * @param live   the pods as the API holds them now, by name
     * @param warned the uids of pods with a Warning Event, or null to accept a refusal without one
     */
    static Outcome classify(Collection<PodSeen> pods, Map<String, Pod> live, Set<String> warned) {
        boolean driverKilled = pods.stream().anyMatch(p -> "driver".equals(p.role) && p.deleted && !"Succeeded".equals(p.phase));
        // Executors without a driver whose node was taken from under them: no driver to ask for new ones, as in
        // Spark (run faults-1-37: two driverless bad-object executors on an interrupted node). The scheduler deletes no pod.
        boolean orphansKilled = !pods.isEmpty() && pods.stream().noneMatch(p -> "driver".equals(p.role))
                && pods.stream().allMatch(p -> p.deleted && p.node != null && !"Succeeded".equals(p.phase));
        if (driverKilled || orphansKilled) {
            return Outcome.KILLED;
        }
        // A pod deleted after it Succeeded (its node removed, the pod garbage-collected) still ran; one deleted
        // before it ended was replaced or died with its driver.
        List<PodSeen> counted = pods.stream().filter(p -> !p.deleted || "Succeeded".equals(p.phase)).toList();
        if (!counted.isEmpty() && counted.stream().allMatch(p -> "Succeeded".equals(p.phase))) {
            return Outcome.FINISHED;
        }
        List<PodSeen> present = counted.stream().filter(p -> !p.deleted).toList();
        for (PodSeen p : present) {
            Pod pod = live.get(p.name);
            if (p.node == null && pod != null && unschedulableWithReason(pod) && (warned == null || warned.contains(p.uid))) {
                return Outcome.REFUSED;
            }
        }
        boolean allBound = present.stream().allMatch(p -> p.node != null || "Succeeded".equals(p.phase));
        return !present.isEmpty() && allBound ? Outcome.STALLED : Outcome.OPEN;
    }

    private static boolean unschedulableWithReason(Pod pod) {
        return pod.getStatus() != null && pod.getStatus().getConditions() != null && pod.getStatus().getConditions().stream()
                .anyMatch(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()) && "Unschedulable".equals(c.getReason())
                        && c.getMessage() != null && !c.getMessage().isBlank());
    }

    /** Whether an application is done: good ones finished (or died with their driver), bad ones finished or refused. */
    static boolean settled(Kind kind, Outcome outcome) {
        return outcome == Outcome.FINISHED || outcome == Outcome.KILLED || (bad(kind) && outcome == Outcome.REFUSED);
    }

    static boolean bad(Kind kind) {
        return kind != Kind.NORMAL && kind != Kind.PROBE;
    }

    static Map<String, List<PodSeen>> byApp(List<PodSeen> pods) {
        return pods.stream().collect(Collectors.groupingBy(p -> p.app));
    }

    /** Everything the run is checked for. */
    static RunReport check(String name, Observer observer, RunWorkload workload, List<Injection> injections, List<long[]> marks,
                           Replicas replicas, List<Event> events, String schedulerName, RoomWatch room, Duration wall) {
        Map<String, Pod> live = new HashMap<>();
        observer.livePods().stream().filter(p -> name.equals(p.getMetadata().getNamespace())).forEach(p -> live.put(p.getMetadata().getName(), p));
        Set<String> warned = new HashSet<>();
        Map<String, Integer> scheduledEvents = new HashMap<>();
        for (Event e : events) {
            String uid = e.getInvolvedObject() == null ? null : e.getInvolvedObject().getUid();
            if ("Warning".equals(e.getType()) && uid != null) {
                warned.add(uid);
            }
            if ("Scheduled".equals(e.getReason()) && uid != null && e.getSource() != null && schedulerName.equals(e.getSource().getComponent())) {
                scheduledEvents.merge(uid, e.getCount() == null ? 1 : e.getCount(), Integer::sum);
            }
        }
        List<PodSeen> pods = observer.pods(name);
        Map<String, List<PodSeen>> apps = byApp(pods);
        int finished = 0;
        int refused = 0;
        int killed = 0;
        int lost = 0;
        int stalled = 0;
        int goodRefused = 0;
        List<String> details = new ArrayList<>();
        for (Map.Entry<String, Kind> app : workload.kinds().entrySet()) {
            List<PodSeen> appPods = apps.getOrDefault(app.getKey(), List.of());
            Outcome o = classify(appPods, live, warned);
            switch (o) {
                case FINISHED -> finished++;
                case KILLED -> killed++;
                case REFUSED -> refused++;
                case STALLED -> stalled++;
                case OPEN -> lost++;
            }
            if (o == Outcome.REFUSED && !bad(app.getValue())) {
                goodRefused++;
            }
            if (o == Outcome.OPEN || o == Outcome.STALLED || (o == Outcome.REFUSED && !bad(app.getValue()))) {
                details.add(app.getKey() + " (" + app.getValue() + ") " + o + ": " + appPods.stream()
                        .map(p -> p.name + "=" + p.phase + (p.node == null ? "/unbound" : "@" + p.node) + (p.deleted ? "/deleted" : ""))
                        .collect(Collectors.joining(" ")));
            }
        }
        details.addAll(workload.problems());
        RunReport.Outcomes outcomes = new RunReport.Outcomes(workload.kinds().size(), finished, refused, killed, stalled, lost, goodRefused,
                workload.replacedExecutors(), details);
        int repeated = (int) scheduledEvents.values().stream().filter(c -> c > 1).count();
        RunReport.Invariants invariants = new RunReport.Invariants(observer.violations(), busyOutsideClaims(pods, observer.claims().values()),
                repeated, room.longestWaitWithRoom());
        List<RunReport.Recovery> recoveries = new ArrayList<>();
        for (int i = 0; i < injections.size(); i++) {
            recoveries.add(recovery(injections.get(i), apps, observer.leaseChanges(), replicas.logsSince(marks.get(i)), live, warned,
                    workload.kinds(), room, observer.notReadySeen().size(), replicas));
        }
        return new RunReport(name, outcomes, invariants, recoveries, wall);
    }

    /** The node of the probes: not Karpenter's, not in the cost record (FaultSuiteTest makes it). */
    static final String PROBE_NODE = "faults-probe-node";

    /** Pods that ran (bound, then Succeeded) on a node no NodeClaim covered for the whole run (the probe node aside). */
    static int busyOutsideClaims(List<PodSeen> pods, Collection<ClaimSeen> claims) {
        int outside = 0;
        for (PodSeen p : pods) {
            if (p.bound == null || p.ended == null || !"Succeeded".equals(p.phase) || p.node.equals(PROBE_NODE)) {
                continue;
            }
            boolean covered = claims.stream().anyMatch(c -> p.node.equals(c.node) && c.created != null
                    && !c.created.isAfter(p.bound.plus(SLACK)) && (c.deleted == null || !c.deleted.isBefore(p.ended.minus(SLACK))));
            outside += covered ? 0 : 1;
        }
        return outside;
    }

    private static RunReport.Recovery recovery(Injection in, Map<String, List<PodSeen>> apps, List<Observer.LeaseChange> lease,
                                               String logs, Map<String, Pod> live, Set<String> warned, Map<String, Kind> kinds,
                                               RoomWatch room, int notReady, Replicas replicas) {
        double seconds = Double.NaN;
        if (in.probe() != null && in.recovered() != null) {
            Instant firstBind = apps.getOrDefault(in.probe(), List.of()).stream().map(p -> p.bound).filter(b -> b != null)
                    .min(Instant::compareTo).orElse(null);
            Instant from = in.fault().removesLeader() ? in.at() : in.recovered();
            seconds = firstBind == null ? Double.NaN : Math.max(0, Duration.between(from, firstBind).toMillis() / 1000.0);
        }
        double takeover = Double.NaN;
        if (in.fault().removesLeader() && in.recovered() != null) {
            takeover = lease.stream().filter(c -> c.acquired().isAfter(in.at())).findFirst()
                    .map(c -> Duration.between(in.at(), c.acquired()).toMillis() / 1000.0).orElse(Double.NaN);
        }
        Boolean named = switch (in.fault()) {
            case LEADER_KILL -> in.recovered() == null ? null : logs.contains("holding lease");
            case LEADER_STOP -> in.recovered() == null ? null : logs.contains("released lease") && logs.contains("holding lease");
            case API_SERVER_RESTART -> logs.contains("lost the watch");
            case BAD_PRICE_TABLE -> logs.contains("keeping the last price table");
            case APF_THROTTLE -> logs.contains("HTTP 429");
            case BAD_OBJECTS -> kinds.entrySet().stream().filter(e -> bad(e.getValue()))
                    .allMatch(e -> classify(apps.getOrDefault(e.getKey(), List.of()), live, warned) != Outcome.OPEN
                            && classify(apps.getOrDefault(e.getKey(), List.of()), live, warned) != Outcome.STALLED);
            default -> null;
        };
        double waited = in.probe() == null ? Double.NaN : room.longestWaitWithRoom(in.probe()).toMillis() / 1000.0;
        String target = switch (in.fault()) {
            case KWOK_STOP -> in.target() + ", " + notReady + " node(s) went NotReady";
            case OVERLOAD -> in.replica() < 0 ? in.target() : in.target() + String.format(java.util.Locale.ROOT, ", %.0f MiB after",
                    replicas.rssMiB(in.replica())) + replicas.cycleSeconds(in.replica()).map(c -> String.format(java.util.Locale.ROOT,
                    ", cycle max %.3f s, mean %.3f s", c[0], c[1])).orElse("");
            default -> in.target();
        };
        return new RunReport.Recovery(in.fault(), target, seconds, takeover, waited, named);
    }
}

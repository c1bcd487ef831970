package io.execplace.kubernetes.faults;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What one fault run checked.
 *
 * @param name       the run's namespace (faults-SEED-INDEX)
 * @param outcomes   what became of the applications
 * @param invariants the promises kept or broken
 * @param recoveries one per injected fault, in order
 * @param wall       the run's real duration
 */
record RunReport(String name, Outcomes outcomes, Invariants invariants, List<Recovery> recoveries, Duration wall) {

    /**
     * @param applications everything created, bad objects and probes included
     * @param finished     every pod ended Succeeded
     * @param refused      a pod left pending with PodScheduled=False (reason Unschedulable) and a Warning Event
     * @param killed       its driver deleted by the fault (as Spark, the application dies with its driver)
     * @param stalled      every pod it waits for bound, but never run by the node agent (kwok): not the scheduler's
     * @param lost         none of these: the failures the suite exists to find
     * @param goodRefused  refusals of applications that fit the testbed (neither probes nor bad objects would be refused)
     * @param replaced     executors lost to a fault and created again
     * @param details      one line per lost or wrongly refused application
     */
    record Outcomes(int applications, int finished, int refused, int killed, int stalled, int lost, int goodRefused, int replaced,
                    List<String> details) {
    }

    /**
     * @param violations      double bindings, nodes over their allocatable, bindings to cordoned or tainted nodes, two lease holders
     * @param busyOutsideClaims pods that ran on a node while no NodeClaim (the cost record) covered it
     * @param repeatedScheduledEvents pods with more than one Scheduled Event (the scheduler thought it bound them twice)
     * @param longestWaitWithRoom the longest an application waited while its pods fitted the free room
     */
    record Invariants(List<String> violations, int busyOutsideClaims, int repeatedScheduledEvents, Duration longestWaitWithRoom) {
        boolean kept() {
            return violations.isEmpty() && busyOutsideClaims == 0 && repeatedScheduledEvents == 0;
        }
    }

    /**
     * @param fault      what was injected
     * @param target     what it hit
     * @param seconds    for restarts and kills: from the component ready again (the leader killed) to the probe's
     *                   first binding; NaN when not measured
     * @param takeover   leader kills: from the kill to the new holder's acquire time in the Lease; NaN otherwise
     * @param probeWaitedWithRoom how long the probe waited while its pods fitted the free room (sampled each second):
     *                   near {@code seconds} when the scheduler was the wait, small when it waited for a node
     * @param named      whether the scheduler's log or Events named it (null where it has nothing to say)
     */
    record Recovery(Fault fault, String target, double seconds, double takeover, double probeWaitedWithRoom, Boolean named) {
    }

    boolean passed() {
        return invariants.kept() && outcomes.lost == 0 && outcomes.goodRefused == 0;
    }

    /** One line for a log or the console. */
    String line() {
        return String.format(Locale.ROOT, "%s %s: apps %d finished %d refused %d killed %d stalled %d lost %d (good refused %d, replaced %d); "
                        + "violations %d, busy outside claims %d, repeated Scheduled %d, longest wait with room %.1f s; %s; %.0f s",
                name, passed() ? "PASS" : "FAIL", outcomes.applications, outcomes.finished, outcomes.refused, outcomes.killed,
                outcomes.stalled, outcomes.lost, outcomes.goodRefused, outcomes.replaced, invariants.violations.size(), invariants.busyOutsideClaims,
                invariants.repeatedScheduledEvents, invariants.longestWaitWithRoom.toMillis() / 1000.0,
                recoveries.stream().map(r -> String.format(Locale.ROOT, "%s(%s)%s%s%s", r.fault, r.target,
                        Double.isNaN(r.seconds) ? "" : String.format(Locale.ROOT, " resumed %.2f s (%.0f s of it with room)", r.seconds,
                                r.probeWaitedWithRoom),
                        Double.isNaN(r.takeover) ? "" : String.format(Locale.ROOT, " takeover %.2f s", r.takeover),
                        r.named == null ? "" : r.named ? " named" : " NOT named")).collect(Collectors.joining(", ")),
                wall.toMillis() / 1000.0);
    }
}

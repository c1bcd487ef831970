package io.execplace.kubernetes.run;

import io.execplace.kubernetes.spark.ApplicationPods;
import io.execplace.kubernetes.spark.PodFacts;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One cycle's reading of the pod cache, in one pass over a copy of it: the pods of ours to place,
 * our bound pods (whose gangs' busy times count; what every bound pod takes of its node is in
 * {@link BoundPodsByNode}), the Spark applications
 * ({@link ApplicationPods}), and the assume cache brought up to date.
 *
 * <p>Everything here comes from the same copy: the informer keeps storing pods while a cycle runs,
 * and an assumption forgotten because the live cache shows its pod bound, while the copy still
 * shows it unbound, would make the cycle place the pod a second time.
 */
final class PodCacheReading {

    private final List<PodFacts> pods;
    private final List<Pod> pending = new ArrayList<>();
    private final List<Long> pendingCpuMillis = new ArrayList<>();
    private final List<PodFacts> oursBound = new ArrayList<>();
    private final ApplicationPods applications = new ApplicationPods();
    private long gated;
    private long backingOff;

    private PodCacheReading(Collection<PodFacts> cache, String schedulerName, AssumeCache assumed, PodBackoff backoff, double now) {
        pods = new ArrayList<>(cache);
        Set<String> stillAssumed = new HashSet<>();
        for (PodFacts p : pods) {
            if (p.terminal()) {
                continue;
            }
            boolean assumedPod = !p.bound() && assumed.contains(p.uid());
            if (assumedPod && p.unbound()) {
                stillAssumed.add(p.uid());
            }
            // placed: bound, being bound, or leaving (an unbound pod being deleted is not pending either)
            applications.add(p, !p.unbound() || assumedPod);
            if (p.bound()) {
                if (p.scheduledBy(schedulerName)) {
                    oursBound.add(p); // their room is in the per-node totals; their gangs' busy times are read here
                }
            } else if (p.scheduledBy(schedulerName) && p.unbound() && !assumedPod) {
                if (p.gated()) {
                    gated++;
                } else if (backoff.waiting(p.uid(), now)) {
                    backingOff++;
                } else {
                    pending.add(p.pod());
                    pendingCpuMillis.add(p.cpuMillis());
                }
            }
        }
        // bound now (in the snapshot as bound pods), gone, finished or expired: no longer assumed
        assumed.forget(stillAssumed::contains, now);
    }

    /**
     * Reads a copy of {@code cache}, and forgets the assumptions of pods the copy shows bound or
     * does not hold, and the expired ones.
     */
    static PodCacheReading read(Collection<PodFacts> cache, String schedulerName, AssumeCache assumed, PodBackoff backoff,
                                double now) {
        return new PodCacheReading(cache, schedulerName, assumed, backoff, now);
    }

    /** Every pod of the copy. */
    List<PodFacts> pods() {
        return pods;
    }

    /** Pods of ours to place: unbound, not assumed, not gated, not backing off. */
    List<Pod> pending() {
        return pending;
    }

    /** The CPU requests of {@link #pending()}. */
    List<Long> pendingCpuMillis() {
        return pendingCpuMillis;
    }

    List<PodFacts> oursBound() {
        return oursBound;
    }

    ApplicationPods applications() {
        return applications;
    }

    /** Pods of ours waiting for their scheduling gates to go. */
    long gated() {
        return gated;
    }

    /** Pods of ours backing off after a failed binding. */
    long backingOff() {
        return backingOff;
    }
}

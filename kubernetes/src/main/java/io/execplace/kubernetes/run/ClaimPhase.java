package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.provision.NodeClaimProvisioner;
import io.execplace.kubernetes.spark.ApplicationPods;
import io.execplace.kubernetes.spark.PendingApplication;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * {@code --provision nodeclaims}: the cycle's applications left waiting for room get NodeClaims of the
 * instance types execplace chooses instead of an Unschedulable mark (which would let Karpenter choose);
 * only those no claim can help are marked. Those waiting while the batch window gathers are not marked
 * either (so Karpenter buys nothing for them).
 */
final class ClaimPhase {

    private final NodeClaimProvisioner provisioner;

    ClaimPhase(NodeClaimProvisioner provisioner) {
        this.provisioner = provisioner;
    }

    void start() {
        provisioner.start();
    }

    /** Claims nodes for the rejected applications that wait for room; returns those still to be marked. */
    List<CyclePlanner.Rejected> buy(List<CyclePlanner.Rejected> rejected, ApplicationPods apps, List<Node> nodes, double now,
                                    Executor writers) {
        provisioner.settle(nodes, now);
        List<NodeClaimProvisioner.Wanted> wanted = new ArrayList<>();
        for (CyclePlanner.Rejected r : rejected) {
            if (r.code().waitsForRoom()) {
                PendingApplication app = r.app();
                wanted.add(new NodeClaimProvisioner.Wanted(app.key(), app.pods(), toCome(app.key(), apps), app.cpuMillis(),
                        app.memoryBytes(), app.spec() == null ? 0 : app.spec().durationSeconds()));
            }
        }
        Set<String> mark = provisioner.offer(wanted, now, writers);
        List<CyclePlanner.Rejected> unbought = new ArrayList<>();
        for (CyclePlanner.Rejected r : rejected) {
            if (!r.code().waitsForRoom() || mark.contains(r.app().key())) {
                unbought.add(r);
            }
        }
        return unbought;
    }

    /** Executors of the application its driver announces ({@code execplace.io/executors}) that do not exist yet. */
    private static int toCome(String appKey, ApplicationPods apps) {
        Pod driver = apps.driver(appKey);
        String expected = driver == null || driver.getMetadata().getAnnotations() == null ? null
                : driver.getMetadata().getAnnotations().get(Labels.EXECUTORS);
        try {
            return expected == null ? 0 : Math.max(0, Integer.parseInt(expected.trim()) - apps.liveExecutors(appKey));
        } catch (NumberFormatException e) {
            return 0; // reported by the gang rule
        }
    }
}

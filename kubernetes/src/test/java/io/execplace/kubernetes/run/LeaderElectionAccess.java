package io.execplace.kubernetes.run;

import io.fabric8.kubernetes.client.KubernetesClient;

/** Lets tests in other packages start an election that a close abandons rather than releases (a crash). */
public final class LeaderElectionAccess {

    private LeaderElectionAccess() {
    }

    public static LeaderElection startWithoutRelease(KubernetesClient client, LeaderElection.Settings settings, String identity,
                                                     Runnable onLost) {
        return LeaderElection.startWithoutRelease(client, settings, identity, onLost);
    }
}

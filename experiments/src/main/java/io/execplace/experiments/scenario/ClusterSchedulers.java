package io.execplace.experiments.scenario;

import io.execplace.core.model.Cluster;
import io.execplace.schedulers.Schedulers;
import io.execplace.schedulers.lookahead.Lookahead;

import java.util.ArrayList;
import java.util.List;

/** Which schedulers "every scheduler" means on a cluster: fixed clusters and elastic ones differ. */
final class ClusterSchedulers {

    private ClusterSchedulers() {
    }

    /**
     * The schedulers for this cluster: on a fixed cluster the elastic policies ({@link
     * Schedulers#ELASTIC_POLICIES}) run only when named, so that "every
     * scheduler" means on the papers' clusters what it always meant; on an elastic cluster {@code
     * lookahead} runs only when named; the policies that protect pods from consolidation ({@link
     * Schedulers#PROTECTING_POLICIES}) and those that hold room with placeholder pods run only when named
     * on any cluster ({@link Schedulers#WHEN_NAMED}).
     */
    static List<String> forCluster(List<String> names, Cluster cluster, ScenarioInput in) {
        List<String> named = new ArrayList<>();
        in.get("schedulers").ifPresent(s -> s.texts().forEach(t -> {
            for (String part : t.split(",")) {
                named.add(part.trim());
            }
        }));
        List<String> offered = names.stream()
                .filter(n -> !Schedulers.WHEN_NAMED.contains(n) || named.contains(n)).toList();
        if (cluster.isElastic()) {
            // lookahead's kernel rollouts take minutes on a 10,000-job day: it runs when named.
            return offered.stream().filter(n -> !n.equals(Lookahead.NAME) || named.contains(n)).toList();
        }
        return offered.stream().filter(n -> !Schedulers.ELASTIC_POLICIES.contains(n) || named.contains(n)).toList();
    }

}

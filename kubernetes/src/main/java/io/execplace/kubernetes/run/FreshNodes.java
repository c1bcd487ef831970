package io.execplace.kubernetes.run;

import io.execplace.kubernetes.cluster.NodeReader;
import io.execplace.kubernetes.filter.TaintToleration;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads a node from the API server itself (a quorum read, not the informer's copy) before the first
 * binding to it, and again after every lost watch. The fault suite's run {@code faults-1-11} bound a
 * driver to a node Karpenter had just launched: the informer's copy, stale while the API server
 * restarted, no longer showed {@code karpenter.sh/unregistered:NoExecute}, the node did, and the
 * taint-eviction controller deleted the driver. A binding is not checked by the API server against
 * taints (kube-scheduler trusts its cache the same way and leaves the rest to eviction), so the check
 * is here: one GET per new node, none for nodes read since the watch last broke.
 */
final class FreshNodes implements ResourceEventHandler<Node> {

    private final KubernetesClient client;
    private final TaintToleration taints = new TaintToleration();
    /** Nodes read afresh and found usable since the watch last broke: name to uid. */
    private final Map<String, String> checked = new ConcurrentHashMap<>();

    FreshNodes(KubernetesClient client) {
        this.client = client;
    }

    /** The informers lost their watch: every cached node may be stale, read each again before binding to it. */
    void forgetAll() {
        checked.clear();
    }

    /**
     * Why these pods must not be bound to these nodes now ({@code pods.get(i)} to {@code nodes.get(i)},
     * one gang: all or none), or null when every node, read afresh unless read since the last lost
     * watch, takes them.
     */
    String refusal(List<Pod> pods, List<String> nodes) {
        Map<String, Node> fresh = new java.util.HashMap<>();
        for (int i = 0; i < pods.size(); i++) {
            String name = nodes.get(i);
            if (checked.containsKey(name)) {
                continue;
            }
            Node node = fresh.get(name);
            if (node == null && !fresh.containsKey(name)) {
                try {
                    node = client.nodes().withName(name).get();
                } catch (KubernetesClientException e) {
                    return "could not read node " + name + " afresh: " + e.getMessage();
                }
                if (node == null) {
                    return "node " + name + " no longer exists (read afresh; the cached copy was stale)";
                }
                String why = NodeReader.notTakingPods(node);
                if (why != null) {
                    return "node " + name + " is " + why + " (read afresh; the cached copy was stale)";
                }
                fresh.put(name, node);
            }
            String untolerated = taints.reject(pods.get(i), node);
            if (untolerated != null) {
                return "node " + name + " read afresh: " + untolerated + " (the cached copy was stale)";
            }
        }
        fresh.forEach((name, node) -> checked.put(name, node.getMetadata().getUid()));
        return null;
    }

    @Override
    public void onAdd(Node node) {
        forget(node);
    }

    @Override
    public void onUpdate(Node old, Node node) {
        String uid = checked.get(node.getMetadata().getName());
        if (uid != null && !uid.equals(node.getMetadata().getUid())) {
            forget(node);
        }
    }

    @Override
    public void onDelete(Node node, boolean deletedFinalStateUnknown) {
        forget(node);
    }

    /** A node added or deleted under a known name is another node: read it afresh before binding to it. */
    private void forget(Node node) {
        checked.remove(node.getMetadata().getName());
    }
}

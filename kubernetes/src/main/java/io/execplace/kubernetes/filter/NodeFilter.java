package io.execplace.kubernetes.filter;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;

/**
 * One of kube-scheduler's Filter plugins: whether a pod may run on a node whatever the node has
 * free. Plugins are stateless and pure.
 */
public interface NodeFilter {

    /** The plugin's name in kube-scheduler ({@code TaintToleration}, {@code NodeAffinity}). */
    String name();

    /** Why the pod may not run on the node, in kube-scheduler's words; null when it may. */
    String reject(Pod pod, Node node);
}

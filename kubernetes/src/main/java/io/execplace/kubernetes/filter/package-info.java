/**
 * Which nodes a pod may run on at all, as kube-scheduler's Filter plugins decide it (TaintToleration,
 * NodeAffinity with nodeSelector), each a small {@link io.execplace.kubernetes.filter.NodeFilter}, and
 * the per-application verdict over all nodes with kube-scheduler's "0/N nodes are available" summary.
 * Resource fit (CPU, memory, GPUs and other extended resources, the pod count) is counted in the
 * snapshot ({@code kubernetes.cluster}), as amounts rather than yes/no.
 *
 * <p>May import {@code kubernetes.cluster} and fabric8's API model.
 */
package io.execplace.kubernetes.filter;

package io.execplace.kubernetes.filter;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;

import java.util.List;
import java.util.Objects;

/**
 * kube-scheduler's TaintToleration filter: a node with a {@code NoSchedule} or {@code NoExecute}
 * taint the pod does not tolerate is refused ({@code PreferNoSchedule} only lowers a score, and is
 * ignored here). This keeps executors off nodes Karpenter is removing ({@code karpenter.sh/disrupted})
 * and off nodes the node controller marks not ready or unreachable.
 */
public final class TaintToleration implements NodeFilter {

    @Override
    public String name() {
        return "TaintToleration";
    }

    @Override
    public String reject(Pod pod, Node node) {
        List<Taint> taints = node.getSpec() == null ? null : node.getSpec().getTaints();
        if (taints == null || taints.isEmpty()) {
            return null;
        }
        List<Toleration> tolerations = pod.getSpec() == null ? null : pod.getSpec().getTolerations();
        for (Taint t : taints) {
            if (!"NoSchedule".equals(t.getEffect()) && !"NoExecute".equals(t.getEffect())) {
                continue;
            }
            if (!tolerated(t, tolerations)) {
                return "node(s) had taint {" + t.getKey() + ": " + (t.getValue() == null ? "" : t.getValue())
                        + "}, that the pod didn't tolerate";
            }
        }
        return null;
    }

    /** Kubernetes' {@code Toleration.ToleratesTaint}: effect, key and (for Equal) value must match. */
    static boolean tolerated(Taint taint, List<Toleration> tolerations) {
        if (tolerations == null) {
            return false;
        }
        for (Toleration tol : tolerations) {
            if (tol.getEffect() != null && !tol.getEffect().isEmpty() && !tol.getEffect().equals(taint.getEffect())) {
                continue;
            }
            String key = tol.getKey() == null ? "" : tol.getKey();
            if (!key.isEmpty() && !key.equals(taint.getKey())) {
                continue;
            }
            String op = tol.getOperator() == null || tol.getOperator().isEmpty() ? "Equal" : tol.getOperator();
            if ("Exists".equals(op)) {
                return true;
            }
            // An empty key with Equal matches nothing (the API server rejects it; be safe).
            if ("Equal".equals(op) && !key.isEmpty()
                    && Objects.equals(emptyIfNull(tol.getValue()), emptyIfNull(taint.getValue()))) {
                return true;
            }
        }
        return false;
    }

    private static String emptyIfNull(String s) {
        return s == null ? "" : s;
    }
}

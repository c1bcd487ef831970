package io.execplace.kubernetes.filter;

import io.execplace.kubernetes.cluster.CapacityTypes;
import io.execplace.kubernetes.cluster.Labels;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;

import java.util.Map;

/**
 * execplace's own filter, not one of kube-scheduler's: a Spark driver ({@code spark-role: driver}) is
 * kept off spot nodes, because when its node is taken back the whole application fails and starts
 * again, while a lost executor only costs its tasks (Spark's {@code TaskSetManager} re-runs them).
 * A driver whose node selector itself asks for spot is left alone. A provisioner buys nodes from the
 * pod's own constraints, so give drivers {@code
 * spark.kubernetes.driver.node.selector.karpenter.sh/capacity-type=on-demand} where Karpenter may buy
 * spot: this filter keeps them off spot nodes, it cannot make Karpenter buy on-demand ones.
 */
public final class DriversOffSpot implements NodeFilter {

    private final CapacityTypes capacityTypes;

    public DriversOffSpot(CapacityTypes capacityTypes) {
        this.capacityTypes = capacityTypes;
    }

    @Override
    public String name() {
        return "DriversOffSpot";
    }

    @Override
    public String reject(Pod pod, Node node) {
        Map<String, String> labels = pod.getMetadata().getLabels();
        if (labels == null || !"driver".equals(labels.get(Labels.SPARK_ROLE)) || !capacityTypes.spot(node)) {
            return null;
        }
        if (pod.getSpec() != null && capacityTypes.asksForSpot(pod.getSpec().getNodeSelector())) {
            return null;
        }
        return "node(s) were spot capacity, which Spark drivers are kept off";
    }
}

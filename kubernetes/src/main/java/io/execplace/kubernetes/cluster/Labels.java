package io.execplace.kubernetes.cluster;

/** The labels and annotations the scheduler reads (documented in docs/kubernetes.md). */
public final class Labels {

    /** Node label with the instance type, looked up in the price table. */
    public static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";
    /** Default node label that says {@code local} or {@code cloud} (hybrid clusters). */
    public static final String SITE = "execplace.io/site";
    /** Node annotation that overrides the price table: price per hour of this node. */
    public static final String PRICE_PER_HOUR = "execplace.io/price-per-hour";

    /** Node label with the node's zone (used by single-zone gangs). */
    public static final String ZONE = "topology.kubernetes.io/zone";
    /** Karpenter's node label: {@code spot} or {@code on-demand} (spot prices come from the price table). */
    public static final String CAPACITY_TYPE = "karpenter.sh/capacity-type";
    /** Karpenter's label naming the NodePool of a node it launched. */
    public static final String KARPENTER_NODEPOOL = "karpenter.sh/nodepool";
    /** Karpenter's label, {@code "true"} once it registered the node (and removed its unregistered taint). */
    public static final String KARPENTER_REGISTERED = "karpenter.sh/registered";
    /** EKS managed node groups' capacity label: {@code SPOT} or {@code ON_DEMAND}. */
    public static final String EKS_CAPACITY_TYPE = "eks.amazonaws.com/capacityType";
    /** GKE's spot node label: {@code "true"}. */
    public static final String GKE_SPOT = "cloud.google.com/gke-spot";

    /** Spark's application label on driver and executor pods. */
    public static final String SPARK_APP = "spark-app-selector";
    /** Spark's role label: {@code driver} or {@code executor}. */
    public static final String SPARK_ROLE = "spark-role";
    /** Spark's executor id label. */
    public static final String SPARK_EXEC_ID = "spark-exec-id";

    /** Pod (executor or driver) annotation: expected run time of the application in seconds. */
    public static final String EXPECTED_DURATION = "execplace.io/expected-duration-seconds";
    /** Driver annotation: how many executors the application starts (its gang size). */
    public static final String EXECUTORS = "execplace.io/executors";
    /** Driver annotation: how many executors must exist before any is placed (a minimum gang). */
    public static final String MIN_EXECUTORS = "execplace.io/min-executors";
    /** Driver annotation: seconds after the first executor after which the gang is placed as it is. */
    public static final String GANG_TIMEOUT = "execplace.io/gang-timeout-seconds";
    /** Driver annotation: CPU request of each executor (a quantity: {@code 1}, {@code 500m}), for {@code --driver-gang}. */
    public static final String EXECUTOR_CPU = "execplace.io/executor-cpu";
    /** Driver annotation: memory request of each executor (a quantity: {@code 2Gi}), for {@code --driver-gang}. */
    public static final String EXECUTOR_MEMORY = "execplace.io/executor-memory";
    /** Pod (executor or driver) annotation: wordcount, sort, pagerank or generic (TPDS job types). */
    public static final String JOB_TYPE = "execplace.io/job-type";
    /** Pod (executor or driver) annotation: the application's deadline as an RFC 3339 instant. */
    public static final String DEADLINE = "execplace.io/deadline";

    private Labels() {
    }
}

package io.execplace.kubernetes.cluster;

/** The labels and annotations the scheduler reads (documented in docs/kubernetes.md). */
public final class Labels {

    /** Node label with the instance type, looked up in the price table. */
    public static final String INSTANCE_TYPE = "node.kubernetes.io/instance-type";
    /** Default node label that says {@code local} or {@code cloud} (hybrid clusters). */
    public static final String SITE = "execplace.io/site";
    /** Node annotation that overrides the price table: price per hour of this node. */
    public static final String PRICE_PER_HOUR = "execplace.io/price-per-hour";

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
    /** Pod (executor or driver) annotation: wordcount, sort, pagerank or generic (TPDS job types). */
    public static final String JOB_TYPE = "execplace.io/job-type";
    /** Pod (executor or driver) annotation: the application's deadline as an RFC 3339 instant. */
    public static final String DEADLINE = "execplace.io/deadline";

    private Labels() {
    }
}

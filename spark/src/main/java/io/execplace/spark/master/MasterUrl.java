package io.execplace.spark.master;

import io.execplace.core.io.BadInputException;

import java.util.regex.Pattern;

/** Checks a {@code --master} value before a Spark context is started on it (Spark's own errors are long). */
public final class MasterUrl {

    /** local, local[N], local[*], local[N,F], local[*,F] */
    private static final Pattern LOCAL = Pattern.compile("local(\\[(\\*|[1-9][0-9]{0,3})(,[0-9]{1,3})?])?");
    /** local-cluster[N,C,M]: N workers of C cores and M MB each (real standalone JVMs). */
    private static final Pattern LOCAL_CLUSTER = Pattern.compile("local-cluster\\[[1-9][0-9]{0,2},[1-9][0-9]{0,3},[1-9][0-9]{1,7}]");
    /** spark://HOST:PORT, or several masters for standby failover. */
    private static final Pattern STANDALONE = Pattern.compile("spark://[A-Za-z0-9.\\-]+:[0-9]{1,5}(,[A-Za-z0-9.\\-]+:[0-9]{1,5})*");
    private static final Pattern K8S = Pattern.compile("k8s://(https?://)?[A-Za-z0-9.\\-]+(:[0-9]{1,5})?/?");

    private MasterUrl() {
    }

    /** The master URL, trimmed; bad input naming {@code --master} when it is none of Spark's forms. */
    public static String check(String master) {
        String m = master.trim();
        if (LOCAL.matcher(m).matches() || LOCAL_CLUSTER.matcher(m).matches() || STANDALONE.matcher(m).matches()
                || K8S.matcher(m).matches() || m.equals("yarn")) {
            return m;
        }
        throw BadInputException.option("--master", "'" + master + "' is not a Spark master URL (local[*], local[N], "
                + "local-cluster[N,CORES,MB], spark://HOST:PORT, k8s://HOST:PORT or yarn)");
    }

    /** True for masters whose executors run in this JVM (no jars to ship). */
    public static boolean inThisJvm(String master) {
        return LOCAL.matcher(master).matches();
    }
}

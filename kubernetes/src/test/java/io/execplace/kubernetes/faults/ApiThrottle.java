package io.execplace.kubernetes.faults;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * API Priority and Fairness turning the scheduler's ServiceAccount away: a PriorityLevelConfiguration with
 * no seats of its own (nominalConcurrencyShares 0, Kubernetes' "jail" level), nothing to lend or borrow,
 * rejecting what does not fit at once (429), and a FlowSchema sending the ServiceAccount's core-group
 * requests there (pods, bindings, nodes, Events; its Lease stays in the default levels, as a production
 * cluster keeps leader election apart). Precedence 500 comes before the built-in
 * {@code kube-system-service-accounts} (900). One share (about 3 of the testbed server's 600 seats) was
 * tried first: the scheduler never had more than 3 requests in flight, and the server rejected none.
 */
final class ApiThrottle {

    static final String NAME = "execplace-faults-throttle";
    /** The level's nominal concurrency shares: none, so every request of the scheduler is answered 429. */
    static final int SHARES = 0;

    /** The level and the schema, one YAML stream. */
    private static final String OBJECTS = """
            apiVersion: flowcontrol.apiserver.k8s.io/v1
            kind: PriorityLevelConfiguration
            metadata:
              name: %1$s
            spec:
              type: Limited
              limited:
                nominalConcurrencyShares: %4$d
                lendablePercent: 0
                borrowingLimitPercent: 0
                limitResponse:
                  type: Reject
            ---
            apiVersion: flowcontrol.apiserver.k8s.io/v1
            kind: FlowSchema
            metadata:
              name: %1$s
            spec:
              matchingPrecedence: 500
              priorityLevelConfiguration:
                name: %1$s
              distinguisherMethod:
                type: ByUser
              rules:
                - subjects:
                    - kind: ServiceAccount
                      serviceAccount:
                        name: %2$s
                        namespace: %3$s
                  resourceRules:
                    - verbs: ["*"]
                      apiGroups: [""]
                      resources: ["*"]
                      clusterScope: true
                      namespaces: ["*"]
            """;

    private static final Pattern REJECTED = Pattern.compile(
            "(?m)^apiserver_flowcontrol_rejected_requests_total\\{[^}]*priority_level=\"" + NAME + "\"[^}]*} ([0-9.eE+]+)$");

    private final KubernetesClient admin;

    ApiThrottle(KubernetesClient admin) {
        this.admin = admin;
    }

    void on() {
        String yaml = String.format(OBJECTS, NAME, ReplicaCredentials.SERVICE_ACCOUNT, ReplicaCredentials.NAMESPACE, SHARES);
        for (var object : admin.load(new java.io.ByteArrayInputStream(yaml.getBytes(java.nio.charset.StandardCharsets.UTF_8))).items()) {
            admin.resource(object).createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        }
    }

    void off() {
        admin.genericKubernetesResources("flowcontrol.apiserver.k8s.io/v1", "FlowSchema").withName(NAME).delete();
        admin.genericKubernetesResources("flowcontrol.apiserver.k8s.io/v1", "PriorityLevelConfiguration").withName(NAME).delete();
    }

    /** Requests the API server rejected in the throttled level so far (its own counter, all reasons), or -1 if unreadable. */
    long rejected() {
        String metrics;
        try {
            metrics = admin.raw("/metrics");
        } catch (KubernetesClientException e) {
            return -1;
        }
        if (metrics == null) {
            return -1;
        }
        Matcher m = REJECTED.matcher(metrics);
        long total = 0;
        while (m.find()) {
            total += (long) Double.parseDouble(m.group(1));
        }
        return total;
    }
}

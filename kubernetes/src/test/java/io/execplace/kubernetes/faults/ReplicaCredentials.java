package io.execplace.kubernetes.faults;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRule;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.NonDeletingOperation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The replicas run as the ServiceAccount of {@code deploy/rbac.yaml}, as a deployed scheduler does, not
 * as the testbed's admin: so the suite also checks that those rules suffice, and API Priority and
 * Fairness can tell the scheduler's requests from the suite's own ({@link ApiThrottle}).
 */
final class ReplicaCredentials {

    static final String NAMESPACE = "kube-system";
    static final String SERVICE_ACCOUNT = "execplace-scheduler";
    private static final Pattern TOKEN_LINE = Pattern.compile("(?m)^(\\s+token:\\s*).*$");

    private ReplicaCredentials() {
    }

    /**
     * Applies {@code rbac} (its leader-election Role also naming {@code leaseName}: the file's names the
     * default Lease) and writes {@code out}: the admin kubeconfig with a token of the ServiceAccount instead
     * of the admin's.
     */
    static Path kubeconfig(KubernetesClient admin, Path rbac, Path adminKubeconfig, String leaseName, Path out) throws IOException {
        List<HasMetadata> objects;
        try (InputStream in = Files.newInputStream(rbac)) {
            objects = admin.load(in).items();
        }
        for (HasMetadata o : objects) {
            if (o instanceof Role role) {
                for (PolicyRule rule : role.getRules()) {
                    if (rule.getResourceNames() != null && !rule.getResourceNames().isEmpty()
                            && !rule.getResourceNames().contains(leaseName)) {
                        List<String> names = new ArrayList<>(rule.getResourceNames());
                        names.add(leaseName);
                        rule.setResourceNames(names);
                    }
                }
            }
            admin.resource(o).createOr(NonDeletingOperation::update);
        }
        // A day: longer than any campaign; the API server's TokenRequest signs it with the testbed's ServiceAccount key.
        String token = admin.serviceAccounts().inNamespace(NAMESPACE).withName(SERVICE_ACCOUNT)
                .tokenRequest(new TokenRequestBuilder().withNewSpec().withExpirationSeconds(86_400L).endSpec().build())
                .getStatus().getToken();
        String config = Files.readString(adminKubeconfig);
        Matcher m = TOKEN_LINE.matcher(config);
        if (!m.find()) {
            throw new IllegalStateException(adminKubeconfig + ": no 'token:' line to replace with the ServiceAccount's");
        }
        Files.writeString(out, m.replaceFirst(Matcher.quoteReplacement(m.group(1) + token)));
        Files.setPosixFilePermissions(out, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        return out;
    }
}

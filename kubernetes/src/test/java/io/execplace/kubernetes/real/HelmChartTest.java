package io.execplace.kubernetes.real;

import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.provision.InstanceShape;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.rbac.ClusterRole;
import io.fabric8.kubernetes.api.model.rbac.Role;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Helm chart deploy/helm/execplace, checked with the real helm (scripts/helm, built from the Go
 * module proxy and cached) and the testbed's real API server: it lints, a chart that would run two
 * leaders is refused, and every rendered object is accepted by the API server in a server-side dry
 * run (schema, RBAC escalation checks, admission), with the values it was given and the same
 * permissions as the kustomize base (deploy/rbac.yaml).
 */
class HelmChartTest {

    private static final Path CHART = RealApiServer.REPOSITORY.resolve("deploy/helm/execplace");
    private static Testbed testbed;
    private static String helm;

    @BeforeAll
    static void start() {
        // Building helm from the Go module proxy takes 10-60 minutes on a fresh 2-core machine: not for the default suite.
        Assumptions.assumeTrue("all".equals(System.getProperty("execplace.testbed")),
                "the Helm chart test runs with -Dexecplace.testbed=all (it builds helm the first time)");
        testbed = Testbed.shared();
        // builds helm the first time (minutes), then finds it in the cache; the path is the last line
        Result bin = run(RealApiServer.REPOSITORY.resolve("scripts/helm").toString(), "bin");
        assertThat(bin.code()).as(bin.out()).isZero();
        String[] lines = bin.out().strip().split("\n");
        helm = lines[lines.length - 1];
    }

    @Test
    void theChartLintsAndRefusesTwoReplicasWithoutLeaderElection() {
        Result lint = run(helm, "lint", CHART.toString());
        assertThat(lint.code()).as(lint.out()).isZero();
        Result twoLeaders = run(helm, "template", "x", CHART.toString(), "--set", "replicas=2", "--set", "leaderElection.enabled=false");
        assertThat(twoLeaders.code()).isNotZero();
        assertThat(twoLeaders.out()).contains("replicas > 1 needs leaderElection.enabled");
    }

    @Test
    void provisioningByNodeClaimsAddsItsArgumentsTypesAndRules() throws IOException {
        Result refused = run(helm, "template", "x", CHART.toString(), "--set", "provision.mode=nodeclaims");
        assertThat(refused.code()).isNotZero();
        assertThat(refused.out()).contains("provision.mode nodeclaims needs provision.instanceTypes");
        Result rendered = run(helm, "template", "ep", CHART.toString(), "--namespace", "kube-system", "--set", "provision.mode=nodeclaims",
                "--set-file", "provision.instanceTypes=" + testbed.dir().resolve("instance-types.json"));
        assertThat(rendered.code()).as(rendered.out()).isZero();
        List<HasMetadata> objects = testbed.admin().load(new ByteArrayInputStream(rendered.out().getBytes(StandardCharsets.UTF_8))).items();
        assertThat(only(objects, Deployment.class).getSpec().getTemplate().getSpec().getContainers().get(0).getArgs())
                .contains("--provision=nodeclaims", "--instance-types=/etc/execplace/instance-types.json", "--node-pools=on-demand,spot",
                        "--claim-batch=0,0");
        Path types = Files.createTempFile("instance-types", ".json");
        Files.writeString(types, only(objects, ConfigMap.class).getData().get("instance-types.json"));
        assertThat(InstanceShape.read(types)).hasSize(6);
        ClusterRole role = only(objects, ClusterRole.class);
        assertThat(role.getRules()).anySatisfy(r -> assertThat(r.getResources()).containsExactly("nodeclaims"))
                .anySatisfy(r -> assertThat(r.getResources()).containsExactly("nodepools"));
        for (HasMetadata o : objects) {
            assertThat(testbed.admin().resource(o).dryRun().create().getMetadata().getName()).isEqualTo(o.getMetadata().getName());
        }
    }

    @Test
    void everyRenderedObjectPassesTheApiServersDryRunWithTheValuesGiven() throws IOException {
        Result rendered = run(helm, "template", "ep", CHART.toString(), "--namespace", "kube-system",
                "--set", "policy=first-fit", "--set", "image.tag=9.9.9", "--set", "capacityTypeLabel=node.example.com/lifecycle",
                "--set", "protectDrivers=true",
                // helm --set gives a decimal as a string; the chart writes it as the number the table wants
                "--set", "prices.pricesPerHour.c5\\.large=0.085", "--set", "prices.spotPricesPerHour.m5\\.large=0.03");
        assertThat(rendered.code()).as(rendered.out()).isZero();
        List<HasMetadata> objects = testbed.admin().load(new ByteArrayInputStream(rendered.out().getBytes(StandardCharsets.UTF_8))).items();
        assertThat(objects).extracting(HasMetadata::getKind).containsExactlyInAnyOrder("ServiceAccount", "ClusterRole",
                "ClusterRoleBinding", "Role", "RoleBinding", "ConfigMap", "Deployment");
        for (HasMetadata o : objects) {
            // server-side dry run: validated, defaulted and admitted by the API server, stored nowhere
            HasMetadata checked = testbed.admin().resource(o).dryRun().create();
            assertThat(checked.getMetadata().getName()).isEqualTo(o.getMetadata().getName());
            assertThat(testbed.admin().resource(o).get()).as("a dry run stores nothing: %s", o.getMetadata().getName()).isNull();
        }
        Deployment d = only(objects, Deployment.class);
        assertThat(d.getSpec().getReplicas()).isEqualTo(2);
        var container = d.getSpec().getTemplate().getSpec().getContainers().get(0);
        assertThat(container.getImage()).isEqualTo("execplace:9.9.9");
        assertThat(container.getArgs()).contains("k8s-scheduler", "--scheduler=first-fit", "--name=execplace", "--leader-elect",
                "--leader-elect-namespace=kube-system", "--bind-early", "--capacity-type-label=node.example.com/lifecycle",
                "--protect-drivers");
        // drivers alone: the executors' protection and its consolidation rule stay off
        assertThat(container.getArgs()).doesNotContain("--protect-executors").noneMatch(a -> a.startsWith("--consolidation-policy"));
        PriceTable prices = PriceTable.parse(only(objects, ConfigMap.class).getData().get("prices.yaml"), "the chart's ConfigMap");
        assertThat(prices.pricePerHour("c5.large")).contains(0.085);
        assertThat(prices.pricePerHour("m5.large")).contains(0.096);
        assertThat(prices.pricePerHour("m5.large", true)).contains(0.03);
        // a price table file given whole
        Result fromFile = run(helm, "template", "ep", CHART.toString(), "--set-file",
                "prices=" + RealApiServer.REPOSITORY.resolve("deploy/prices.yaml"));
        assertThat(fromFile.code()).as(fromFile.out()).isZero();
        ConfigMap table = only(testbed.admin().load(new ByteArrayInputStream(fromFile.out().getBytes(StandardCharsets.UTF_8))).items(),
                ConfigMap.class);
        assertThat(PriceTable.parse(table.getData().get("prices.yaml"), "the chart's ConfigMap").pricePerHour("r5.2xlarge"))
                .contains(0.504);
        // the same permissions as the kustomize base
        List<HasMetadata> base = testbed.admin().load(Files.newInputStream(RealApiServer.REPOSITORY.resolve("deploy/rbac.yaml"))).items();
        assertThat(only(objects, ClusterRole.class).getRules()).isEqualTo(only(base, ClusterRole.class).getRules());
        assertThat(only(objects, Role.class).getRules()).isEqualTo(only(base, Role.class).getRules());
    }

    private static <T> T only(List<HasMetadata> objects, Class<T> type) {
        List<T> found = objects.stream().filter(type::isInstance).map(type::cast).toList();
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private record Result(int code, String out) {
    }

    /** Runs a command, its output and errors together. */
    private static Result run(String... command) {
        try {
            Process p = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Result(p.waitFor(), out);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command[0] + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}

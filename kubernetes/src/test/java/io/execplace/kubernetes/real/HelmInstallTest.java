package io.execplace.kubernetes.real;

import io.execplace.core.model.Job;
import io.execplace.core.model.JobType;
import io.execplace.core.model.Workload;
import io.execplace.kubernetes.pricing.PriceTable;
import io.execplace.kubernetes.replay.Replay;
import io.execplace.kubernetes.replay.ReplayResult;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.SchedulerLauncher;
import io.execplace.kubernetes.run.SchedulerSettings;
import io.execplace.schedulers.elastic.FinishTogether;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code helm install} of deploy/helm/execplace on the testbed, as a platform team installs it, and a
 * replay scheduled by what it installed: the scheduler runs in the test's JVM (the testbed runs no
 * containers: its kube-controller-manager has no Deployment controller and kwok's pods run nothing)
 * but as the chart's ServiceAccount, with the arguments of the installed Deployment and the price table
 * of the installed ConfigMap ({@code partialGangs} on, as with Karpenter), so that the chart's RBAC, values and
 * prices are what the replay exercises.
 * Karpenter buys the nodes. {@code helm uninstall} then removes every object again.
 *
 * <p>About 1.5 minutes with the testbed running (helm is built once by scripts/helm and cached), so it
 * runs with {@code -Dexecplace.testbed=all} only.
 */
class HelmInstallTest {

    private static final String RELEASE = "ep";
    private static final String RELEASE_NS = "execplace-helm";
    private static final String NS = "helm-replay";
    private static final String NAME = "execplace-helm";

    @Test
    void theInstalledChartSchedulesAReplayAsItsServiceAccountAndUninstallsClean() throws Exception {
        Testbed testbed = Testbed.forLongTest(NS, "the helm install test (it builds helm the first time)");
        String helm = lastLine(run(RealApiServer.REPOSITORY.resolve("scripts/helm").toString(), "bin"));
        String kubeconfig = testbed.dir().resolve("kubeconfig").toString();
        String install = run(helm, "install", RELEASE, RealApiServer.REPOSITORY.resolve("deploy/helm/execplace").toString(),
                "--kubeconfig", kubeconfig, "--namespace", RELEASE_NS, "--create-namespace",
                "--set", "replicas=1", "--set", "policy=finish-together", "--set", "schedulerName=" + NAME, "--set", "namespace=" + NS,
                "--set", "partialGangs=true",
                "--set-file", "prices=" + testbed.dir().resolve("prices.yaml"));
        assertThat(install).contains("STATUS: deployed");
        try {
            KubernetesClient admin = testbed.admin();
            Deployment d = admin.apps().deployments().inNamespace(RELEASE_NS).withName(RELEASE + "-scheduler").get();
            assertThat(d).as("the chart's Deployment, installed").isNotNull();
            List<String> args = d.getSpec().getTemplate().getSpec().getContainers().get(0).getArgs();
            assertThat(args).contains("k8s-scheduler", "--scheduler=finish-together", "--name=" + NAME, "--namespace=" + NS,
                    "--bind-early", "--partial-gangs", "--leader-elect", "--leader-elect-namespace=" + RELEASE_NS);
            ConfigMap cm = admin.configMaps().inNamespace(RELEASE_NS).withName(RELEASE + "-scheduler-prices").get();
            assertThat(cm).as("the chart's price table, installed").isNotNull();
            PriceTable prices = PriceTable.parse(cm.getData().get("prices.yaml"), "the installed ConfigMap");
            assertThat(prices.pricePerHour("c5.2xlarge")).isEqualTo(testbed.prices().pricePerHour("c5.2xlarge"));

            SchedulerSettings settings = SchedulerSettings.builder().schedulerName(value(args, "--name")).namespace(value(args, "--namespace"))
                    .bindEarly(args.contains("--bind-early")).partialGangs(args.contains("--partial-gangs")).build();
            String account = d.getSpec().getTemplate().getSpec().getServiceAccountName();
            // Three applications (seven executors, three drivers), a minute compressed into a second.
            Workload workload = new Workload("helm", List.of(
                    new Job(1, JobType.GENERIC, 0, 2, 2, 4, 600, 3000),
                    new Job(2, JobType.SORT, 60, 3, 2, 4, 900, 3600),
                    new Job(3, JobType.WORDCOUNT, 120, 2, 1, 2, 600, Job.NO_DEADLINE)));
            ReplayResult result;
            try (KubernetesClient asChart = asServiceAccount(admin, account);
                 KubernetesScheduler scheduler = new KubernetesScheduler(asChart, new FinishTogether(), prices, settings, Clock.systemUTC())) {
                result = Testbed.whileScheduling(scheduler, () -> new Replay(admin, testbed.prices(),
                        new Replay.Settings(NS, NAME, 60, Duration.ofMinutes(5)), Clock.systemUTC()).run(workload));
            }
            assertThat(result.applications().finished()).isEqualTo(3);
            // every pod bound once: ten pods, none deleted and made again
            assertThat(result.latency().pods()).isEqualTo(10);
            assertThat(result.applications().evicted()).isZero();
            assertThat(result.nodes().lines()).isNotEmpty();
        } finally {
            String uninstall = run(helm, "uninstall", RELEASE, "--kubeconfig", kubeconfig, "--namespace", RELEASE_NS);
            assertThat(uninstall).contains("uninstalled");
        }
        assertThat(testbed.admin().apps().deployments().inNamespace(RELEASE_NS).list().getItems()).isEmpty();
        assertThat(testbed.admin().rbac().clusterRoles().withName(RELEASE + "-scheduler").get()).isNull();
    }

    /** A client that authenticates as the ServiceAccount (a TokenRequest token), with the scheduler's client settings. */
    private static KubernetesClient asServiceAccount(KubernetesClient admin, String account) {
        String token = admin.serviceAccounts().inNamespace(RELEASE_NS).withName(account)
                .tokenRequest(new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build()).getStatus().getToken();
        Config config = new ConfigBuilder().withMasterUrl(admin.getConfiguration().getMasterUrl())
                .withCaCertData(admin.getConfiguration().getCaCertData()).withOauthToken(token).withNamespace(null).build();
        return new KubernetesClientBuilder().withConfig(SchedulerLauncher.tuned(config)).build();
    }

    /** The value of {@code --flag=value} among the arguments. */
    private static String value(List<String> args, String flag) {
        return args.stream().filter(a -> a.startsWith(flag + "=")).map(a -> a.substring(flag.length() + 1)).findFirst()
                .orElseThrow(() -> new AssertionError("the Deployment has no " + flag + ": " + args));
    }

    private static String lastLine(String out) {
        String[] lines = out.strip().split("\n");
        return lines[lines.length - 1];
    }

    /** Runs a command, its output and errors together; fails the test when it exits with another code than 0. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("%s: %s", String.join(" ", command), out).isZero();
        return out;
    }
}

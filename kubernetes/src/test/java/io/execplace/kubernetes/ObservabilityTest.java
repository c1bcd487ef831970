package io.execplace.kubernetes;

import io.execplace.kubernetes.mock.Harness;
import io.execplace.kubernetes.mock.ManualClock;
import io.execplace.kubernetes.mock.MockCluster;
import io.execplace.kubernetes.observe.HealthServer;
import io.execplace.kubernetes.run.CycleReport;
import io.execplace.kubernetes.run.KubernetesScheduler;
import io.execplace.kubernetes.run.SchedulerLauncher;
import io.execplace.schedulers.heuristics.Gio;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** Dry runs, the metrics and the health endpoint (loopback only). */
class ObservabilityTest {

    @Test
    void aDryRunPrintsWhatItWouldBindAndBindsNothing() {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.executor("spark", "a", 1, "2", "4Gi");
            c.executor("spark", "a", 2, "2", "4Gi");
            c.executor("spark", "b", 1, "8", "4Gi");
            try (KubernetesScheduler s = Harness.start(c, new Gio(), Harness.settings().dryRun(true).build(), new ManualClock(Harness.START))) {
                Harness.awaitPodCount(s, 3);
                CycleReport r = s.scheduleOnce();
                StringWriter text = new StringWriter();
                SchedulerLauncher.printDryRun(r, "gio", new PrintWriter(text));
                assertThat(text.toString()).contains(
                        "would bind spark/a-exec-1 -> n1  (application spark/a, estimated extra cost 0.016667)",
                        "would bind spark/a-exec-2 -> n1",
                        "would leave pending spark/b: pod requests 8000m cpu",
                        "2 pod(s) would be bound, 1 application(s) left pending");
            }
            assertThat(c.dispatcher.bindRequests()).isZero();
            assertThat(c.pods("spark")).allSatisfy(p -> {
                assertThat(p.getSpec().getNodeName()).isNull();
                assertThat(Harness.unschedulable(p)).isFalse();
            });
        }
    }

    @Test
    void servesMetricsAndHealthOnLoopback() throws Exception {
        try (MockCluster c = new MockCluster()) {
            c.node("n1", "small", 4, 16);
            c.node("n2", "large", 8, 32);
            c.executor("spark", "a", 1, "2", "4Gi");
            c.executor("spark", "a", 2, "2", "4Gi");
            c.executor("spark", "b", 1, "16", "4Gi");
            try (KubernetesScheduler s = Harness.start(c, new Gio(), Harness.settings().build(), new ManualClock(Harness.START));
                 HealthServer http = new HealthServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                         s::live, s::synced, s.metrics()::scrape)) {
                Harness.awaitPodCount(s, 3);
                s.scheduleOnce();
                HttpClient client = HttpClient.newHttpClient();
                String base = "http://127.0.0.1:" + http.port();
                HttpResponse<String> metrics = client.send(HttpRequest.newBuilder(URI.create(base + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(metrics.statusCode()).isEqualTo(200);
                assertThat(metrics.body())
                        .contains("execplace_pods_bound_total 2.0")
                        .contains("execplace_pods_pending 1.0")
                        .contains("execplace_pods_unschedulable_total 1.0")
                        .contains("execplace_decision_latency_seconds_count{policy=\"gio\"} 1")
                        .contains("execplace_decision_latency_seconds_bucket{policy=\"gio\",le=")
                        // gio puts both executors on the cheaper node n1 (0.10/h).
                        .contains("execplace_cost_rate_per_hour 0.1")
                        // kube-scheduler's names: app a scheduled, b (16 cores) unschedulable.
                        .contains("scheduler_scheduling_attempt_duration_seconds_count{profile=\"execplace\",result=\"scheduled\"} 1")
                        .contains("scheduler_scheduling_attempt_duration_seconds_count{profile=\"execplace\",result=\"unschedulable\"} 1")
                        .contains("scheduler_scheduling_attempt_duration_seconds_count{profile=\"execplace\",result=\"error\"} 0")
                        .contains("scheduler_pod_scheduling_sli_duration_seconds_count{profile=\"execplace\"} 2")
                        .contains("scheduler_pending_pods{queue=\"active\"} 1.0")
                        .contains("scheduler_pending_pods{queue=\"backoff\"} 0.0")
                        .contains("execplace_scheduling_cycle_duration_seconds_count 1");
                assertThat(client.send(HttpRequest.newBuilder(URI.create(base + "/healthz")).build(),
                        HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
                assertThat(client.send(HttpRequest.newBuilder(URI.create(base + "/readyz")).build(),
                        HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("ok\n");
            }
        }
    }
}

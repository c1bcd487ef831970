package io.execplace.kubernetes.run;

import io.execplace.kubernetes.mock.MockCluster;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.TaintBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Regression (fault suite run {@code faults-1-11}, an API server restart): a driver was bound to a node
 * whose cached copy had lost {@code karpenter.sh/unregistered:NoExecute} while the node still carried
 * it. The node as the API server has it decides before the first binding to it and after a lost watch.
 */
class FreshNodesTest {

    private static final Taint UNREGISTERED = new TaintBuilder().withKey("karpenter.sh/unregistered").withEffect("NoExecute").build();

    private MockCluster cluster;
    private FreshNodes fresh;
    private Pod driver;

    @BeforeEach
    void setUp() {
        cluster = new MockCluster();
        fresh = new FreshNodes(cluster.client);
        driver = cluster.pendingDriver("spark", "app-1", "1", "1Gi", Map.of());
    }

    @AfterEach
    void tearDown() {
        cluster.close();
    }

    @Test
    void aKarpenterNodeStillBeingRegisteredTakesNoPod() {
        Node node = cluster.node("karp-1", "m5.xlarge", 4, 16, Map.of("karpenter.sh/nodepool", "default"));
        taint(node, UNREGISTERED);

        assertThat(fresh.refusal(List.of(driver), List.of("karp-1")))
                .contains("node karp-1 is not registered by Karpenter yet");

        // Karpenter's registration: the taint removed and the label added in one patch
        Node registered = cluster.client.nodes().withName("karp-1").get();
        registered.getSpec().setTaints(List.of());
        registered.getMetadata().getLabels().put("karpenter.sh/registered", "true");
        cluster.client.nodes().resource(registered).update();
        assertThat(fresh.refusal(List.of(driver), List.of("karp-1"))).isNull();
    }

    @Test
    void anUntoleratedTaintOnTheServersCopyRefusesTheWholeGang() {
        cluster.node("good", "m5.xlarge", 4, 16);
        Node bad = cluster.node("bad", "m5.xlarge", 4, 16);
        taint(bad, new TaintBuilder().withKey("execplace.io/fault").withValue("interrupted").withEffect("NoExecute").build());
        Pod executor = cluster.executor("spark", "app-1", 1, "1", "1Gi");

        assertThat(fresh.refusal(List.of(driver, executor), List.of("good", "bad")))
                .isEqualTo("node bad read afresh: node(s) had taint {execplace.io/fault: interrupted}, that the pod didn't tolerate"
                        + " (the cached copy was stale)");
        assertThat(fresh.refusal(List.of(executor), List.of("gone"))).contains("node gone no longer exists");
    }

    @Test
    void aNodeReadOnceIsTrustedUntilTheWatchIsLost() {
        cluster.node("n1", "m5.xlarge", 4, 16);
        assertThat(fresh.refusal(List.of(driver), List.of("n1"))).isNull();
        int requests = cluster.server.getRequestCount();

        Node n1 = cluster.client.nodes().withName("n1").get();
        taint(n1, UNREGISTERED);
        int afterTaint = cluster.server.getRequestCount();
        assertThat(fresh.refusal(List.of(driver), List.of("n1"))).as("read since the watch last broke: the cache is trusted").isNull();
        assertThat(cluster.server.getRequestCount()).as("no request for a node already read").isEqualTo(afterTaint);
        assertThat(afterTaint).isGreaterThan(requests);

        fresh.forgetAll();
        assertThat(fresh.refusal(List.of(driver), List.of("n1"))).contains("karpenter.sh/unregistered");

        // a node deleted and created again under the same name is another node
        fresh.forgetAll();
        cluster.client.nodes().withName("n1").delete();
        cluster.node("n1", "m5.xlarge", 4, 16);
        assertThat(fresh.refusal(List.of(driver), List.of("n1"))).isNull();
        fresh.onDelete(cluster.client.nodes().withName("n1").get(), false);
        taint(cluster.client.nodes().withName("n1").get(), UNREGISTERED);
        assertThat(fresh.refusal(List.of(driver), List.of("n1"))).contains("karpenter.sh/unregistered");
    }

    private void taint(Node node, Taint taint) {
        Node current = cluster.client.nodes().withName(node.getMetadata().getName()).get();
        current.getSpec().setTaints(List.of(taint));
        cluster.client.nodes().resource(current).update();
    }
}

package io.execplace.kubernetes.disruption;

import io.execplace.kubernetes.cluster.Labels;
import io.execplace.kubernetes.cluster.NodeInfo;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The consolidation rule of each node the scheduler sees: its NodePool's ({@code karpenter.sh/nodepool}
 * label, the pool watched from the API server when it serves {@code karpenter.sh/v1} NodePools and the
 * scheduler may list them), else the rule the options give ({@link DrainSettings}).
 */
public final class NodePoolRules implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NodePoolRules.class);

    /** Karpenter's NodePools, addressed without discovery (the resource may not be served). */
    static final ResourceDefinitionContext NODEPOOLS = new ResourceDefinitionContext.Builder()
            .withGroup("karpenter.sh").withVersion("v1").withKind("NodePool").withPlural("nodepools").withNamespaced(false).build();

    private final DrainSettings settings;
    private final SharedIndexInformer<GenericKubernetesResource> informer;
    /** The rules last derived, by NodePool name, and the resource versions they were derived from. */
    private Map<String, PoolRule> rules = Map.of();
    private Map<String, String> versions = Map.of();

    private NodePoolRules(DrainSettings settings, SharedIndexInformer<GenericKubernetesResource> informer) {
        this.settings = settings;
        this.informer = informer;
    }

    /** The options' rule for every node: NodePools are not read. */
    public static NodePoolRules fromOptions(DrainSettings settings) {
        return new NodePoolRules(settings, null);
    }

    /**
     * Watches Karpenter's NodePools when {@code settings} reads them and the API server serves them to this
     * client; else (not served: 404; not allowed: 403) the options' rule, with one log line saying why.
     */
    public static NodePoolRules start(KubernetesClient client, DrainSettings settings, Duration timeout) {
        if (!settings.readNodePools()) {
            return fromOptions(settings);
        }
        try {
            client.genericKubernetesResources(NODEPOOLS).list(new ListOptionsBuilder().withLimit(1L).build());
        } catch (KubernetesClientException e) {
            if (e.getCode() == 404 || e.getCode() == 403) {
                LOG.info("NodePools (karpenter.sh/v1) {}: every node's consolidation rule is the options' ({})",
                        e.getCode() == 404 ? "are not served" : "may not be listed (deploy/rbac.yaml gives list and watch)",
                        settings.fallback().why());
                return fromOptions(settings);
            }
            throw e;
        }
        SharedIndexInformer<GenericKubernetesResource> informer = client.genericKubernetesResources(NODEPOOLS).runnableInformer(0);
        try {
            informer.start().toCompletableFuture().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing NodePools", e);
        } catch (Exception e) {
            informer.close();
            throw new IllegalStateException("cannot list NodePools: " + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        }
        return new NodePoolRules(settings, informer);
    }

    /** Seconds a job a drain stopped waits for a new node ({@code --node-launch-seconds}). */
    public double relaunchSeconds() {
        return settings.relaunchSeconds();
    }

    /** Per node, in the list's order: whether under-used consolidation may drain it while executors run there. */
    public boolean[] drainsUnderused(List<NodeInfo> nodes) {
        Map<String, PoolRule> byPool = current();
        boolean[] drains = new boolean[nodes.size()];
        for (int i = 0; i < drains.length; i++) {
            drains[i] = ruleOf(nodes.get(i), byPool).drainsUnderused();
        }
        return drains;
    }

    /** The rule of one node: its NodePool's when known, else the options'. */
    public PoolRule ruleOf(NodeInfo node) {
        return ruleOf(node, current());
    }

    private PoolRule ruleOf(NodeInfo node, Map<String, PoolRule> byPool) {
        Map<String, String> labels = node.source().getMetadata().getLabels();
        String pool = labels == null ? null : labels.get(Labels.KARPENTER_NODEPOOL);
        PoolRule rule = pool == null ? null : byPool.get(pool);
        return rule == null ? settings.fallback() : rule;
    }

    /** The rules of the NodePools in the cache, derived again only for pools whose object changed. */
    private synchronized Map<String, PoolRule> current() {
        if (informer == null) {
            return Map.of();
        }
        List<GenericKubernetesResource> pools = informer.getStore().list();
        Map<String, PoolRule> next = new HashMap<>();
        Map<String, String> nextVersions = new HashMap<>();
        for (GenericKubernetesResource pool : pools) {
            String name = pool.getMetadata().getName();
            String version = pool.getMetadata().getResourceVersion();
            PoolRule known = rules.get(name);
            PoolRule rule = known != null && version != null && version.equals(versions.get(name)) ? known : read(pool);
            next.put(name, rule);
            nextVersions.put(name, version);
        }
        rules = next;
        versions = nextVersions;
        return next;
    }

    @SuppressWarnings("unchecked")
    private static PoolRule read(GenericKubernetesResource pool) {
        Object spec = pool.getAdditionalProperties().get("spec");
        PoolRule rule = PoolRule.ofSpec(pool.getMetadata().getName(), spec instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of());
        LOG.info("NodePool {}: under-used consolidation {} ({})", rule.source(), rule.drainsUnderused() ? "may drain its nodes" : "drains none",
                rule.why());
        return rule;
    }

    @Override
    public void close() {
        if (informer != null) {
            informer.close();
        }
    }
}

package io.execplace.kubernetes.provision;

import io.execplace.core.io.BadInputException;
import io.execplace.kubernetes.cluster.NodeReader;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;

/**
 * Buys the nodes execplace's placement wants by writing Karpenter NodeClaims, instead of marking pods
 * Unschedulable and letting Karpenter choose. Karpenter v1.15.0 launches a NodeClaim it did not make:
 * its lifecycle controller reconciles every claim whose {@code nodeClassRef} is of a kind its cloud
 * provider supports ({@code pkg/controllers/nodeclaim/lifecycle/controller.go}, {@code
 * nodeclaimutils.IsManaged}); the kwok provider's {@code Create} makes the node of the claim's
 * {@code node.kubernetes.io/instance-type} requirement, with the claim's labels
 * ({@code kwok/cloudprovider/cloudprovider.go}); registration, disruption and consolidation find the pool
 * by the {@code karpenter.sh/nodepool} label ({@code pkg/controllers/state/statenode.go},
 * {@code ValidateNodeDisruptable}), and a claim without the pool's hash annotation is never static-drifted
 * ({@code pkg/controllers/nodeclaim/disruption/drift.go}). The pods bought for are not marked, so
 * Karpenter buys nothing for them itself; the node, when it takes pods, is placed on by the next cycle.
 */
public final class NodeClaimProvisioner {

    private static final Logger LOG = LoggerFactory.getLogger(NodeClaimProvisioner.class);
    /** Label on each claim (and so on its node: the kwok provider copies a claim's labels) naming it. */
    public static final String CLAIM_LABEL = "execplace.io/node-claim";
    static final ResourceDefinitionContext NODE_CLAIMS = context("NodeClaim", "nodeclaims");
    static final ResourceDefinitionContext NODE_POOLS = context("NodePool", "nodepools");

    private final KubernetesClient client;
    private final ProvisionSettings settings;
    private final ClaimBook book;
    private final BatchWindow batch;
    private final Map<String, NodePoolTemplate> poolsByCapacity = new LinkedHashMap<>();
    private final SecureRandom random = new SecureRandom();

    public NodeClaimProvisioner(KubernetesClient client, ProvisionSettings settings) {
        this.client = client;
        this.settings = settings;
        this.book = new ClaimBook(settings.shapes(), settings.launchTimeout().toMillis() / 1000.0);
        this.batch = new BatchWindow(settings.batchIdle().toMillis() / 1000.0, settings.batchMax().toMillis() / 1000.0);
    }

    /** Reads the NodePools (once, at start); a missing pool is an error naming it. */
    public void start() {
        for (String name : settings.nodePools()) {
            GenericKubernetesResource pool = client.genericKubernetesResources(NODE_POOLS).withName(name).get();
            if (pool == null) {
                throw new BadInputException("--node-pools: NodePool " + name + " does not exist on " + client.getMasterUrl());
            }
            NodePoolTemplate t = NodePoolTemplate.of(pool);
            poolsByCapacity.putIfAbsent(t.capacityType(), t);
            LOG.info("claiming nodes from NodePool {} ({}), node class {}", name, t.capacityType(), t.nodeClassRef());
        }
    }

    /** Pods of one application that no node holds now (one request each), and how long it runs. */
    public record Wanted(String appKey, List<Pod> pods, int toCome, long cpuMillis, long memoryBytes, double runSeconds) {
    }

    /**
     * Claims nodes for the applications a cycle left waiting for room, on the pool of their {@code
     * karpenter.sh/capacity-type} node selector (else the first pool), each sized also for {@code toCome}
     * more of its executors not created yet. While the batch window is open ({@link ProvisionSettings})
     * nothing is bought and the applications wait unmarked; when it closes, every application still
     * wanting room is bought for together ({@link ClaimBook#buyTogether}). The claims are written on
     * {@code writers}.
     *
     * @return the applications no pool or type can hold: the caller marks them
     */
    public synchronized Set<String> offer(List<Wanted> wanted, double now, Executor writers) {
        Set<String> mark = new HashSet<>();
        List<ClaimBook.Want> wants = new ArrayList<>();
        for (Wanted w : wanted) {
            NodePoolTemplate pool = poolFor(w.pods().get(0));
            if (pool == null) {
                mark.add(w.appKey());
            } else if (w.pods().size() > book.kept(w.appKey())) {
                wants.add(new ClaimBook.Want(w.appKey(), w.pods().size(), w.toCome(), w.cpuMillis(), w.memoryBytes(),
                        pool.capacityType(), w.runSeconds()));
            }
        }
        if (!batch.gather(wants, now)) {
            return mark;
        }
        ClaimBook.Purchase purchase = book.buyTogether(wants, now,
                c -> poolsByCapacity.get(c).name() + "-ep-" + Long.toString(random.nextLong() >>> 1, 36).substring(0, 6));
        mark.addAll(purchase.unheld());
        for (ClaimBook.Bought b : purchase.claims()) {
            NodePoolTemplate pool = poolsByCapacity.get(b.capacityType());
            LOG.info("claiming a {} {} node {} for {}", b.type().name(), b.capacityType(), b.name(), b.slots());
            writers.execute(() -> write(b, pool));
        }
        return mark;
    }

    private NodePoolTemplate poolFor(Pod pod) {
        Map<String, String> selector = pod.getSpec().getNodeSelector();
        String capacity = selector == null ? null : selector.get(NodePoolTemplate.CAPACITY_TYPE);
        return capacity == null ? poolsByCapacity.values().iterator().next() : poolsByCapacity.get(capacity);
    }

    /** Closes the claims whose node takes pods now, and those past the launch time-out. */
    public synchronized void settle(List<Node> nodes, double now) {
        Set<String> ready = new HashSet<>();
        for (Node n : nodes) {
            Map<String, String> labels = n.getMetadata().getLabels();
            String claim = labels == null ? null : labels.get(CLAIM_LABEL);
            if (claim != null && NodeReader.notTakingPods(n) == null) {
                ready.add(claim);
            }
        }
        for (String late : book.settle(ready, now)) {
            LOG.warn("NodeClaim {} gave no node within {}; its pods are placed or bought for again", late, settings.launchTimeout());
        }
    }

    private void write(ClaimBook.Bought b, NodePoolTemplate pool) {
        Map<String, String> labels = new LinkedHashMap<>(pool.labels());
        labels.put(CLAIM_LABEL, b.name());
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("nodeClassRef", pool.nodeClassRef());
        spec.put("requirements", List.of(
                Map.of("key", "node.kubernetes.io/instance-type", "operator", "In", "values", List.of(b.type().name())),
                Map.of("key", NodePoolTemplate.CAPACITY_TYPE, "operator", "In", "values", List.of(b.capacityType()))));
        // Karpenter's own claims request what their pods request; the kwok provider gives it as the node's capacity
        spec.put("resources", Map.of("requests", Map.of("cpu", b.cpuMillis() + "m", "memory", Long.toString(b.memoryBytes()),
                "pods", Integer.toString(b.pods()))));
        if (pool.expireAfter() != null) {
            spec.put("expireAfter", pool.expireAfter());
        }
        GenericKubernetesResource claim = new GenericKubernetesResource();
        claim.setApiVersion("karpenter.sh/v1");
        claim.setKind("NodeClaim");
        ObjectMetaBuilder meta = new ObjectMetaBuilder().withName(b.name()).withLabels(labels)
                .withAnnotations(Map.of("execplace.io/claimed-for", String.join(",", b.slots().keySet())));
        if (pool.uid() != null) {
            // as Karpenter's own claims: deleting the NodePool deletes them
            meta.withOwnerReferences(new OwnerReferenceBuilder().withApiVersion("karpenter.sh/v1").withKind("NodePool")
                    .withName(pool.name()).withUid(pool.uid()).build());
        }
        claim.setMetadata(meta.build());
        claim.setAdditionalProperty("spec", spec);
        try {
            client.genericKubernetesResources(NODE_CLAIMS).resource(claim).create();
        } catch (KubernetesClientException e) {
            LOG.warn("could not create NodeClaim {} ({} {}): {}", b.name(), b.type().name(), b.capacityType(), e.getMessage());
            synchronized (this) {
                book.drop(b.name());
            }
        }
    }

    private static ResourceDefinitionContext context(String kind, String plural) {
        return new ResourceDefinitionContext.Builder().withGroup("karpenter.sh").withVersion("v1").withKind(kind)
                .withPlural(plural.toLowerCase(Locale.ROOT)).withNamespaced(false).build();
    }
}

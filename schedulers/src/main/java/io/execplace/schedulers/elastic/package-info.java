/**
 * Placement on elastic clusters. Today's Kubernetes stack as a placement policy: kube-scheduler's
 * resource scoring on the nodes that exist, and a Karpenter-like provisioner that buys nodes for the
 * executors left pending, with the practitioners' executors-on-spot rule; Can't Be Late's Uniform
 * Progress per application; and execplace's {@code finish-together}, its spot-risk-aware variant and
 * {@code finish-together-steady}, which also keeps nodes from sitting unchanged long enough for
 * under-used consolidation to drain them; {@code finish-together-headroom}, which keeps room free
 * for the jobs whose deadline cannot wait for a launch, and {@code finish-together-overprovisioned},
 * which holds such room with placeholder pods (Kubernetes' overprovisioning pattern), also beside nodes
 * bought of the largest type ({@code finish-together-overprovisioned-large}); and the policies
 * that protect executor pods from that drain with Karpenter's {@code karpenter.sh/do-not-disrupt} —
 * chosen per executor ({@code finish-together-protected}) or on every pod, the practitioners' rule;
 * and {@code finish-together-patient}, whose jobs spend deadline slack waiting for room the running jobs
 * will free instead of buying a node (docs/elastic.md); and {@code RoomWaitModel}, the model of
 * {@code k8s-scheduler --wait-for-room} over another policy, by the scheduler's own rule (docs/testbed.md).
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}.
 */
package io.execplace.schedulers.elastic;

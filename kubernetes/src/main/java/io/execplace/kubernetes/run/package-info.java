/**
 * The scheduling loop along kube-scheduler's seams: informers and their slim pod store (with what a
 * cycle reads of each pod, read once per version, and what bound pods take of each node, kept from the
 * informer's events as kube-scheduler's NodeInfo), when a cycle runs (only when an event touches what
 * it acts on), one cycle's reading of the pod cache, the assume cache, the snapshot builder
 * (incremental: node readings and bound gangs' busy times kept while their objects do not change),
 * the pure cycle planner, room held for executors that have
 * not come ({@code --driver-gang}, {@code --bind-early}), the bind phase (with per-pod back-off),
 * empty node cordoning, the wait for room the running pods' expected ends free ({@code --wait-for-room}),
 * leader election, the placement log; its settings, one record per concern, and launcher.
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}, {@code
 * kubernetes.bind}, {@code kubernetes.cluster}, {@code kubernetes.disruption}, {@code kubernetes.filter},
 * {@code kubernetes.observe},
 * {@code kubernetes.pricing}, {@code kubernetes.provision} (NodeClaims it writes, {@code --provision}), {@code kubernetes.provisioned} (its informer adapter, for the placement log and the informers),
 * {@code kubernetes.spark}.
 */
package io.execplace.kubernetes.run;

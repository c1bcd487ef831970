/**
 * Commands of the Kubernetes testbed: {@code k8s-scheduler} (the secondary scheduler), {@code replay}
 * (a workload replayed on a cluster) and {@code report} (an HTML report of replays).
 *
 * <p>May import {@code cli.command}, {@code cli.output}, {@code core.io}, {@code
 * core.model}, {@code core.policy}, {@code core.rules}, {@code core.workload}, {@code experiments.study},
 * {@code kubernetes.disruption}, {@code kubernetes.replay}, {@code kubernetes.run}, {@code schedulers.elastic} (the
 * prediction's model of k8s-scheduler's options), {@code schedulers.milp}, {@code schedulers.spi}.
 */
package io.execplace.cli.k8s;

package io.execplace.kubernetes.spark;

import io.fabric8.kubernetes.api.model.Pod;

import java.util.List;

/**
 * One cycle's view of the pending pods: the gangs ready to place, the applications still gathering
 * executors (with why), and pods whose annotations are malformed (placed with defaults, reported).
 */
public record Grouping(List<PendingApplication> ready, List<String> gathering, List<PodProblem> problems) {

    /** A malformed pod annotation: the pod and what is wrong. */
    public record PodProblem(Pod pod, String message) {
    }
}

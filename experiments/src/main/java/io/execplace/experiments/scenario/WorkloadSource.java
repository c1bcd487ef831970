package io.execplace.experiments.scenario;

import io.execplace.core.model.Workload;

/** Supplies the workload of one seed: generated workloads differ per seed, fixed traces do not. */
public interface WorkloadSource {

    /** A short description for reports (preset name or file name). */
    String name();

    /** The workload of the given seed. Must be deterministic. */
    Workload forSeed(long seed);
}

package io.execplace.experiments.scenario;

import io.execplace.core.model.Workload;

import java.util.function.LongFunction;

/** Supplies the workload of one seed: generated workloads differ per seed, fixed traces do not. */
public interface WorkloadSource {

    /** A short description for reports (preset name or file name). */
    String name();

    /** The workload of the given seed. Must be deterministic. */
    Workload forSeed(long seed);

    /** A source with the given name that maps seeds to workloads through {@code bySeed}. */
    static WorkloadSource of(String name, LongFunction<Workload> bySeed) {
        return new WorkloadSource() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Workload forSeed(long seed) {
                return bySeed.apply(seed);
            }
        };
    }
}

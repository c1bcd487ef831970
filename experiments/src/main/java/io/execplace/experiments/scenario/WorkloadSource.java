package io.execplace.experiments.scenario;

import io.execplace.core.model.Workload;

import java.util.function.LongFunction;

/** Supplies the workload of one seed: generated workloads differ per seed, fixed traces do not. */
public interface WorkloadSource {

    /** A short description for reports (preset name or file name). */
    String name();

    /** The workload of the given seed. Must be deterministic. */
    Workload forSeed(long seed);

    /** What reading the workload left out or cut short, one line each, for the user to see; empty for most sources. */
    default java.util.List<String> notes() {
        return java.util.List.of();
    }

    /** A source with the given name that maps seeds to workloads through {@code bySeed}. */
    static WorkloadSource of(String name, LongFunction<Workload> bySeed) {
        return of(name, bySeed, java.util.List.of());
    }

    /** As {@link #of(String, LongFunction)}, with notes on what reading it left out. */
    static WorkloadSource of(String name, LongFunction<Workload> bySeed, java.util.List<String> notes) {
        java.util.List<String> kept = java.util.List.copyOf(notes);
        return new WorkloadSource() {
            @Override
            public java.util.List<String> notes() {
                return kept;
            }

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

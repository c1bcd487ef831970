package io.execplace.experiments.scenario;

import io.execplace.core.model.PricingModel;
import io.execplace.core.workload.TraceFormat;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.schedulers.spi.SchedulerOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * A scenario's settings, checked and typed, in the sections a scenario file describes (docs/scenarios.md):
 * cluster, workload, run rules, schedulers, seeds. Made by {@link ScenarioResolver#spec}; nothing here
 * reads files ({@link ScenarioResolver#resolve} turns names into clusters and workloads).
 *
 * @param name       the scenario's name, or null to name it after its cluster and workload
 * @param cluster    the cluster section
 * @param workload   the workload section
 * @param rules      the run rules (queue, admission, backfilling, billing, penalties)
 * @param schedulers the schedulers section
 * @param seeds      the seeds
 */
public record ScenarioSpec(String name, ClusterChoice cluster, WorkloadChoice workload, SimulationOptions rules,
                           SchedulerChoice schedulers, SeedRange seeds) {

    /**
     * The {@code cluster} and {@code pricing} fields.
     *
     * @param name    a cluster preset or a cluster file
     * @param pricing the HYB pricing model, or null when not given (the hybrid presets then use model 1)
     */
    public record ClusterChoice(String name, PricingModel pricing) {
    }

    /**
     * The {@code workload}, {@code format}, {@code jobs}, {@code requests}, {@code deadlineTolerance},
     * {@code meanGap}, {@code gaps} and {@code profile} fields.
     *
     * @param name      a workload preset or a trace file
     * @param format    the trace format, or null to detect it (trace files only)
     * @param generator overrides of a generated workload; its seed is ignored (each seed makes its own)
     * @param profile   a job-type profile file (the {@code profile} field), or null for the papers' numbers
     */
    public record WorkloadChoice(String name, TraceFormat format, WorkloadOptions generator, String profile) {

        /** Without a profile file. */
        public WorkloadChoice(String name, TraceFormat format, WorkloadOptions generator) {
            this(name, format, generator, null);
        }
    }

    /**
     * The {@code schedulers} field ({@code all} expanded) and the settings of tunable schedulers
     * ({@code beta}, {@code milpTimeLimitMs}, {@code milpSolver}).
     *
     * @param names   scheduler names, checked against the registry
     * @param options settings of tunable schedulers
     */
    public record SchedulerChoice(List<String> names, SchedulerOptions options) {

        public SchedulerChoice {
            names = List.copyOf(names);
        }
    }

    /**
     * The {@code seed} and {@code seeds} fields: seeds {@code first, first+1, ..., first+count-1}.
     *
     * @param first the first seed
     * @param count how many seeds, at least 1
     */
    public record SeedRange(long first, int count) {

        public SeedRange {
            if (count < 1) {
                throw new IllegalArgumentException("seeds must be at least 1, got " + count);
            }
            if (first > Long.MAX_VALUE - (count - 1)) {
                throw new IllegalArgumentException("seed " + first + " plus " + count + " seeds passes the largest seed "
                        + Long.MAX_VALUE);
            }
        }

        public List<Long> list() {
            List<Long> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                out.add(first + i);
            }
            return out;
        }
    }
}

package io.execplace.experiments.heldout;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.schedulers.spi.DeciderName;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Schedulers evaluated on both parts of a held-out split: what {@code heldout} prints and writes
 * (heldout.csv, heldout.json), and what a caller of the library gets back.
 *
 * @param split    the training and the held-out workloads
 * @param training one row per scheduler over the training workloads
 * @param heldOut  one row per scheduler over the held-out workloads
 */
public record HeldOutResults(HeldOutSplit split, List<HeldOutEvaluation.Row> training,
                             List<HeldOutEvaluation.Row> heldOut) {

    /** The part names of heldout.csv, training first. */
    public static final String TRAINING = "training";
    public static final String HELD_OUT = "held-out";

    public HeldOutResults {
        training = List.copyOf(training);
        heldOut = List.copyOf(heldOut);
    }

    /**
     * Runs every scheduler on every workload of both parts.
     *
     * @param schedulers names as the registry knows them, each may end in {@code @QUEUE}
     */
    public static HeldOutResults evaluate(SchedulerRegistry registry, Cluster cluster, HeldOutSplit split,
                                          List<String> schedulers, SchedulerOptions options) {
        return new HeldOutResults(split, evaluate(registry, cluster, split, split.training(), schedulers, options),
                evaluate(registry, cluster, split, split.heldOut(), schedulers, options));
    }

    /** Runs every scheduler on the workloads {@code refs} of the split (one part, or any of its workloads). */
    public static List<HeldOutEvaluation.Row> evaluate(SchedulerRegistry registry, Cluster cluster, HeldOutSplit split,
                                                       List<WorkloadRef> refs, List<String> schedulers,
                                                       SchedulerOptions options) {
        List<Workload> workloads = new ArrayList<>();
        List<Long> seeds = new ArrayList<>();
        for (WorkloadRef r : refs) {
            workloads.add(split.workload(r));
            seeds.add(r.seed());
        }
        return HeldOutEvaluation.evaluate(cluster, workloads, seeds, schedulers,
                (name, s, w) -> registry.create(DeciderName.parse(name).base(), s, options, w.jobs()),
                (name, w) -> SimulationConfig.defaults(cluster, w).withQueue(DeciderName.parse(name).queue()));
    }

    /** The parts by their heldout.csv names, training first. */
    public Map<String, List<HeldOutEvaluation.Row>> parts() {
        Map<String, List<HeldOutEvaluation.Row>> parts = new LinkedHashMap<>();
        parts.put(TRAINING, training);
        parts.put(HELD_OUT, heldOut);
        return parts;
    }

    /**
     * The results as {@code heldout --json} prints them and heldout.json holds them:
     * {@code {"split": ..., "results": {"training": [...], "heldOut": [...]}}}. Keys in camelCase as
     * everywhere else in execplace's JSON (the split's own "heldOut"); before 0.1 the held-out part
     * was "held-out" (docs/heldout.md).
     */
    public Map<String, Object> json() {
        Map<String, Object> results = new LinkedHashMap<>();
        results.put("training", training);
        results.put("heldOut", heldOut);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("split", split);
        json.put("results", results);
        return json;
    }

    /**
     * heldout.csv's rows: both parts.
     *
     * @param agent whether a scheduler name is a trained agent (its kind; the others are heuristics)
     */
    public HeldOutCsv csv(Predicate<String> agent) {
        HeldOutCsv csv = new HeldOutCsv();
        parts().forEach((part, rows) -> rows.forEach(r -> csv.add(split.preset(), part, r,
                agent.test(r.scheduler()) ? "agent" : "heuristic")));
        return csv;
    }
}

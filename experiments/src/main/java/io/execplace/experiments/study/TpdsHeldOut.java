package io.execplace.experiments.study;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.profile.JobProfile;
import io.execplace.core.rules.DurationModel;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.experiments.heldout.HeldOutEvaluation;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.heldout.WorkloadRef;
import io.execplace.rl.train.AgentPolicy;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The TPDS study's agents and baselines on their training workload and on held-out workloads of
 * the same preset ({@link HeldOutSplit}: other seeds and other SWIM arrival windows), side by side:
 * 95 % intervals and per-workload win rates against the cheapest heuristic and against {@code milp}.
 *
 * @param split    the training and held-out workloads of one preset
 * @param training the rows on the training workload(s)
 * @param heldOut  the rows on the held-out workloads
 */
record TpdsHeldOut(HeldOutSplit split, List<HeldOutEvaluation.Row> training, List<HeldOutEvaluation.Row> heldOut) {

    TpdsHeldOut {
        training = List.copyOf(training);
        heldOut = List.copyOf(heldOut);
    }

    /**
     * Evaluates the baselines and every agent trained on {@code workload}.
     *
     * @param baselines scheduler names taken from the registry
     * @param agents    agent label to its folder
     */
    static TpdsHeldOut evaluate(String workload, long seed, int heldOutCount, Cluster cluster, JobProfile profile,
                                DurationModel durations, SchedulerRegistry registry, List<String> baselines,
                                Map<String, Path> agents) {
        HeldOutSplit split = HeldOutSplit.of(workload, seed, 1, heldOutCount);
        Map<String, TrainedAgent> loaded = new LinkedHashMap<>();
        agents.forEach((label, folder) -> {
            try {
                loaded.put(label, TrainedAgent.read(folder));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        List<String> names = new ArrayList<>(baselines);
        names.addAll(loaded.keySet());
        HeldOutEvaluation.PolicyFactory policies = (name, s, w) -> loaded.containsKey(name)
                ? new AgentPolicy("agent:" + agents.get(name), loaded.get(name)) : registry.create(name, s);
        Part part = new Part(split, cluster, profile, durations, names, policies);
        return new TpdsHeldOut(split, part.rows(split.training()), part.rows(split.heldOut()));
    }

    /** How one side of the split is judged: its workloads drawn with the profile, run with the durations. */
    private record Part(HeldOutSplit split, Cluster cluster, JobProfile profile, DurationModel durations,
                        List<String> names, HeldOutEvaluation.PolicyFactory policies) {
        List<HeldOutEvaluation.Row> rows(List<WorkloadRef> refs) {
            List<Workload> workloads = new ArrayList<>();
            List<Long> seeds = new ArrayList<>();
            for (WorkloadRef r : refs) {
                workloads.add(split.workload(r, profile));
                seeds.add(r.seed());
            }
            return HeldOutEvaluation.evaluate(cluster, workloads, seeds, names, policies,
                    w -> SimulationConfig.defaults(cluster, w).withDurationModel(durations));
        }
    }

    /** The held-out row of {@code scheduler}, or null. */
    HeldOutEvaluation.Row heldOut(String scheduler) {
        return heldOut.stream().filter(r -> r.scheduler().equals(scheduler)).findFirst().orElse(null);
    }

    /** The training row of {@code scheduler}, or null. */
    HeldOutEvaluation.Row training(String scheduler) {
        return training.stream().filter(r -> r.scheduler().equals(scheduler)).findFirst().orElse(null);
    }
}

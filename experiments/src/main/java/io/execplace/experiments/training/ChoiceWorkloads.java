package io.execplace.experiments.training;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.heldout.HeldOutEvaluation;
import io.execplace.experiments.heldout.HeldOutResults;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.rl.choice.ChoiceTraining;
import io.execplace.schedulers.spi.DeciderName;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The workloads {@code execplace train-choice} trains on and scores with: per workload preset its
 * split into training and held-out seeds and its cluster. The training episodes take the preset's other
 * training workloads as the teacher's sampled futures; a round's agent is scored on held-out ones.
 *
 * @param splits   one split per preset
 * @param clusters the cluster of each preset, in the same order
 */
public record ChoiceWorkloads(List<HeldOutSplit> splits, List<Cluster> clusters) {

    public ChoiceWorkloads {
        splits = List.copyOf(splits);
        clusters = List.copyOf(clusters);
        if (splits.size() != clusters.size()) {
            throw new IllegalArgumentException(splits.size() + " splits but " + clusters.size() + " clusters");
        }
    }

    /**
     * The workloads of presets {@code presets}: per preset {@code workloadSeeds} training seeds from
     * {@code seed} and at least 2 held-out seeds ({@code heldOut} when more), of {@code jobs} jobs each
     * (null: the preset's), on {@code cluster} (null: the preset's own) priced by {@code pricing}. A
     * refused value is bad input naming the option of {@code train-choice} that gave it.
     */
    public static ChoiceWorkloads of(List<String> presets, String cluster, PricingModel pricing, Integer jobs, long seed,
                                     int workloadSeeds, int heldOut) {
        List<HeldOutSplit> splits = new ArrayList<>();
        List<Cluster> clusters = new ArrayList<>();
        for (String w : presets) {
            if (!WorkloadPresets.isPreset(w)) {
                throw BadInputException.option("--workloads", "unknown workload preset '" + w + "'");
            }
            String name = cluster != null ? cluster : HeldOutSplit.ownCluster(w);
            clusters.add(BadInputException.checkedOption("--cluster", () -> ClusterPresets.byName(name, pricing)));
            splits.add(BadInputException.checkedOption("--seed",
                    () -> HeldOutSplit.of(w, jobs, seed, workloadSeeds, Math.max(2, heldOut))));
        }
        return new ChoiceWorkloads(splits, clusters);
    }

    /**
     * A round's agent on held-out workloads, mean over the presets.
     *
     * @param costVsMilp the agent's cost over milp's
     * @param target     the agent's Target (HJS Eq. 5); NaN without deadline jobs
     * @param milpTarget milp's Target; NaN without deadline jobs
     */
    public record Score(double costVsMilp, double target, double milpTarget) {
    }

    /**
     * Every training workload of every preset as an episode under queue {@code q}; each preset's episodes
     * take seeds {@code seed}, {@code seed + 1}, ... and, as the teacher's other futures, the next {@code
     * teacherFutures - 1} training workloads of the same preset.
     */
    public List<ChoiceTraining.Episode> episodes(QueuePolicy q, long seed, int teacherFutures) {
        List<ChoiceTraining.Episode> episodes = new ArrayList<>();
        for (int i = 0; i < splits.size(); i++) {
            long s = seed;
            List<Workload> presetWorkloads = splits.get(i).trainingWorkloads();
            for (int k = 0; k < presetWorkloads.size(); k++) {
                Workload w = presetWorkloads.get(k);
                List<Workload> others = new ArrayList<>();
                for (int o = 1; o < teacherFutures; o++) {
                    others.add(presetWorkloads.get((k + o) % presetWorkloads.size()));
                }
                episodes.add(new ChoiceTraining.Episode(clusters.get(i), w,
                        SimulationConfig.defaults(clusters.get(i), w).withQueue(q), s++, others));
            }
        }
        return episodes;
    }

    /** True when some training workload has a job with a deadline (a Target teacher needs one). */
    public boolean hasDeadlines() {
        return splits.stream().flatMap(s -> s.trainingWorkloads().stream())
                .anyMatch(w -> w.jobs().stream().anyMatch(j -> j.hasDeadline()));
    }

    /** The agent in {@code agentFile} and milp, both under queue {@code q}, on the first {@code count} held-out workloads of each preset. */
    public Score heldOut(SchedulerRegistry registry, Path agentFile, QueuePolicy q, int count) {
        String suffix = DeciderName.queueSuffix(q.name());
        List<String> schedulers = List.of("milp" + suffix, "agent:" + agentFile + suffix);
        double[] sum = new double[3];
        for (int i = 0; i < splits.size(); i++) {
            HeldOutSplit split = splits.get(i);
            List<HeldOutEvaluation.Row> rows = HeldOutResults.evaluate(registry, clusters.get(i), split,
                    split.heldOut().subList(0, count), schedulers, SchedulerOptions.defaults());
            sum[0] += rows.get(1).vsMilp().mean();
            sum[1] += rows.get(1).target().mean();
            sum[2] += rows.get(0).target().mean();
        }
        int n = splits.size();
        return new Score(sum[0] / n, sum[1] / n, sum[2] / n);
    }
}

package io.execplace.experiments.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.execplace.core.config.ClusterFile;
import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.PricingModel;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.heldout.HeldOutResults;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.experiments.results.JsonNumbers;
import io.execplace.experiments.scenario.ScenarioResolver;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.schedulers.spi.DeciderName;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Schedulers on training and on held-out workloads, side by side: what {@code execplace heldout} runs
 * (without {@code --study liu}) and the Python package's {@code heldout} calls.
 */
public final class HeldOut {

    private HeldOut() {
    }

    /**
     * An evaluation and where it ran.
     *
     * @param clusterLabel the cluster as the request named it (or the workload's own)
     * @param cluster      the cluster
     * @param results      per-scheduler rows over the training and the held-out workloads, with the split
     */
    public record Evaluation(String clusterLabel, Cluster cluster, HeldOutResults results) {

        /** The split and the results as {@code heldout --json} prints them, as plain maps, lists and numbers. */
        @SuppressWarnings("unchecked")
        public Map<String, Object> json() {
            return JsonNumbers.mapper().convertValue(results.json(), Map.class);
        }
    }

    /**
     * Checks the request (every name, agent file and seed before any run), splits the workload seeds
     * and evaluates every scheduler on both parts.
     *
     * @throws BadInputException naming the option of a refused value
     */
    public static Evaluation run(SchedulerRegistry registry, HeldOutRequest request) {
        if (request.workload() == null || request.schedulers() == null) {
            throw new BadInputException("Missing required options: --workload and --schedulers (or --study liu with --managers)");
        }
        if (request.heldOut() < 2 || request.heldOut() > 10_000) {
            throw new BadInputException("--held-out must be between 2 and 10000, got " + request.heldOut());
        }
        String workload = request.workload();
        String clusterName = request.cluster() != null ? request.cluster() : HeldOutSplit.ownCluster(workload);
        PricingModel pricing = OptionChecks.checked("--pricing", () -> PricingModel.parse(request.pricing()));
        Cluster cluster = OptionChecks.checked("--cluster", () -> ClusterFile.resolve(clusterName, pricing));
        if (workload.startsWith(ScenarioResolver.EVENT_LOGS)) {
            throw BadInputException.option("--workload", "held-out workloads are other seeds of a preset, and Spark event "
                    + "logs are one fixed workload: compare or whatif replay them");
        }
        if (!WorkloadPresets.isPreset(workload)) {
            throw BadInputException.option("--workload", "unknown workload preset '" + workload + "' (known: "
                    + String.join(", ", WorkloadPresets.list().stream().map(WorkloadPresets.Preset::name).toList()) + ")");
        }
        List<DeciderName> names = new ArrayList<>();
        for (String s : request.schedulers()) {
            names.add(OptionChecks.checked("--schedulers", () -> DeciderName.parse(s))); // an unknown queue fails before any run
        }
        SchedulerOptions options = request.tuning().schedulerOptions(registry);
        HeldOutSplit split = split(registry, request, names, options);
        return evaluate(registry, cluster, clusterName, split, request.schedulers(), options);
    }

    /** Evaluates the schedulers on both parts of a split (evaluate's comparison of an agent with the heuristics). */
    public static Evaluation evaluate(SchedulerRegistry registry, Cluster cluster, String clusterLabel, HeldOutSplit split,
                                      List<String> schedulers, SchedulerOptions options) {
        return new Evaluation(clusterLabel, cluster, HeldOutResults.evaluate(registry, cluster, split, schedulers, options));
    }

    /**
     * The training and held-out seeds: the training seeds the request gives, else the first agent's
     * (from its setup file), else seed 1 alone. Unknown names and unreadable agents fail here.
     */
    private static HeldOutSplit split(SchedulerRegistry registry, HeldOutRequest request, List<DeciderName> names,
                                      SchedulerOptions options) {
        long seed = 1;
        int seeds = 1;
        for (DeciderName name : names) {
            // A reference is told no jobs here.
            OptionChecks.checked("--schedulers", () -> registry.create(name.base(), 1, options, List.of()));
            if (RlSchedulers.PREFIX.equals(name.family())) {
                JsonNode setup = RlSchedulers.setup(Path.of(name.argument()));
                if (setup.isObject() && seeds == 1 && seed == 1) {
                    seed = setup.path("seed").asLong(1);
                    seeds = setup.path("workloadSeeds").asInt(1);
                }
            }
        }
        long firstTrain = request.trainSeed() != null ? request.trainSeed() : seed;
        int trainCount = request.trainSeeds() != null ? request.trainSeeds() : seeds;
        return OptionChecks.checked(request.heldOutSeed() != null ? "--held-out-seed" : "--seed",
                () -> request.heldOutSeed() != null
                        ? HeldOutSplit.of(request.workload(), request.jobs(), firstTrain, trainCount, request.heldOut(),
                        request.heldOutSeed())
                        : HeldOutSplit.of(request.workload(), request.jobs(), firstTrain, trainCount, request.heldOut()));
    }
}

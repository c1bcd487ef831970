package io.execplace.experiments.api;

import io.execplace.core.io.BadInputException;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.PricingModel;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.experiments.scenario.ScenarioResolver;
import io.execplace.experiments.scenario.ScenarioSpec;
import io.execplace.schedulers.offline.OfflineOptions;
import io.execplace.schedulers.offline.OfflineReference;
import io.execplace.schedulers.offline.OfflineResult;
import io.execplace.schedulers.spi.SchedulerOptions;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Schedulers on small workloads against the clairvoyant offline optimum and the lower bound, what
 * {@code execplace offline} does: one workload per seed, each scheduler's cost beside the optimum's.
 */
public final class OfflineComparison {

    private OfflineComparison() {
    }

    /**
     * One workload's comparison.
     *
     * @param seed      the workload's seed
     * @param reference the schedulers' costs, the optimum and the lower bound
     */
    public record SeedResult(long seed, OfflineReference reference) {

        /** The scheduler with the lowest cost among those that dropped no job; empty when all did. */
        public Optional<String> cheapest() {
            return reference.costs().entrySet().stream().filter(e -> !e.getValue().isNaN())
                    .min(Map.Entry.comparingByValue()).map(Map.Entry::getKey);
        }

        /** The fields of one {@code offline --json} record. */
        public Map<String, Object> record() {
            OfflineResult r = reference.optimum();
            Map<String, Object> rec = new LinkedHashMap<>();
            rec.put("seed", seed);
            rec.put("optimum", r.cost());
            rec.put("status", r.status().name());
            rec.put("exactGrid", r.exactGrid());
            rec.put("gap", r.gap());
            rec.put("provenBound", r.bound());
            rec.put("lowerBound", reference.lowerBound());
            rec.put("optimumMeanTurnaround", r.schedule() == null ? Double.NaN : r.schedule().meanTurnaround());
            rec.put("costs", reference.costs());
            rec.put("meanTurnaround", reference.turnaround());
            return rec;
        }
    }

    /**
     * Every workload's comparison.
     *
     * @param request the request run
     * @param seeds   one result per seed, in seed order
     */
    public record Result(OfflineRequest request, List<SeedResult> seeds) {

        /** {@code scheduler}'s cost divided by the offline optimum's, per seed (NaN where it dropped jobs). */
        public double[] toOptimum(String scheduler) {
            return seeds.stream().mapToDouble(s -> s.reference().costs().get(scheduler) / s.reference().optimum().cost())
                    .toArray();
        }

        /** {@code scheduler}'s cost divided by the lower bound, per seed. */
        public double[] toLowerBound(String scheduler) {
            return seeds.stream().mapToDouble(s -> s.reference().costs().get(scheduler) / s.reference().lowerBound())
                    .toArray();
        }

        /** One {@code offline --json} record per seed. */
        public List<Map<String, Object>> records() {
            return seeds.stream().map(SeedResult::record).toList();
        }
    }

    /**
     * A request checked and resolved, before any long work.
     *
     * @param cluster the cluster
     * @param options the scheduler options (milp's and lookahead's settings applied)
     * @param offline the optimum's options
     */
    private record Resolved(Cluster cluster, SchedulerOptions options, OfflineOptions offline) {
    }

    /**
     * Checks every value of the request (bad input naming its option) without running anything: a
     * refusal comes before the first, possibly minute-long, solve.
     */
    public static void check(SchedulerRegistry registry, OfflineRequest request) {
        resolve(registry, request);
    }

    /** Runs the request's schedulers and the offline optimum on each of its workloads. */
    public static Result run(SchedulerRegistry registry, OfflineRequest request) {
        Resolved resolved = resolve(registry, request);
        List<SeedResult> results = new ArrayList<>();
        for (int i = 0; i < request.seeds(); i++) {
            long s = request.seed() + i;
            Workload w = WorkloadPresets.generate(request.workload(), WorkloadOptions.seed(s).withJobs(request.jobs()));
            OfflineReference ref = OfflineReference.compute(resolved.cluster(), w,
                    SimulationConfig.defaults(resolved.cluster(), w), request.schedulers(),
                    name -> registry.create(name, s, resolved.options()), resolved.offline());
            results.add(new SeedResult(s, ref));
        }
        return new Result(request, List.copyOf(results));
    }

    private static Resolved resolve(SchedulerRegistry registry, OfflineRequest request) {
        if (request.jobs() < 1 || request.jobs() > 60) {
            throw new BadInputException("--jobs must be between 1 and 60 (the offline optimum is for small workloads), got "
                    + request.jobs());
        }
        if (request.seeds() < 1 || request.seeds() > 1000) {
            throw new BadInputException("--seeds must be between 1 and 1000, got " + request.seeds());
        }
        PricingModel pricingModel = OptionChecks.checked("--pricing", () -> PricingModel.parse(request.pricing()));
        Cluster c = OptionChecks.checked("--cluster", () -> ScenarioResolver.cluster(
                new ScenarioSpec.ClusterChoice(request.cluster(), pricingModel), null));
        OptionChecks.checked("--workload", () -> WorkloadPresets.generate(request.workload(),
                WorkloadOptions.seed(request.seed()).withJobs(request.jobs())));
        SchedulerOptions options = request.tuning().schedulerOptions(registry);
        OfflineOptions offline = OptionChecks.checked("--offline-time-limit",
                () -> OfflineOptions.defaults().withTimeLimitSeconds(request.timeLimitSeconds()));
        for (String s : request.schedulers()) {
            OptionChecks.checked("--schedulers", () -> registry.create(s, 1, options));
        }
        return new Resolved(c, options, offline);
    }
}

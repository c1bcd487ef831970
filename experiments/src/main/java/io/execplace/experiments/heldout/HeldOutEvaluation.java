package io.execplace.experiments.heldout;

import io.execplace.core.metrics.RunSummary;
import io.execplace.core.metrics.RunResult;
import io.execplace.core.metrics.HjsTarget;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.schedulers.spi.DeciderName;
import org.apache.commons.statistics.distribution.TDistribution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Schedulers compared on a list of workloads (training or held-out): per scheduler the mean cost
 * and mean turnaround with a 95 % Student-t interval over the workloads, and per-workload win
 * rates and cost ratios against the cheapest heuristic <em>of that workload</em> and against
 * {@code milp}.
 */
public final class HeldOutEvaluation {

    /** The rule-based schedulers "best heuristic" is taken over (those among the evaluated ones). */
    public static final Set<String> HEURISTICS = Set.of("round-robin", "round-robin-consolidate", "first-fit", "gio",
            "aep", "asq", "random");

    /**
     * A mean with the half-width of its 95 % Student-t interval (NaN for fewer than two values; mean
     * NaN for none): the one interval of every study's tables and of {@code heldout}.
     */
    public record Interval(double mean, double halfWidth, int n) {

        public static Interval of(double[] values) {
            int n = values.length;
            double mean = 0;
            for (double v : values) {
                mean += v;
            }
            mean /= n;
            if (n < 2) {
                return new Interval(mean, Double.NaN, n);
            }
            double ss = 0;
            for (double v : values) {
                ss += (v - mean) * (v - mean);
            }
            double sd = Math.sqrt(ss / (n - 1));
            double t = TDistribution.of(n - 1).inverseCumulativeProbability(0.975);
            return new Interval(mean, t * sd / Math.sqrt(n), n);
        }
    }

    /**
     * One scheduler's results over the workloads.
     *
     * @param cost              mean cost
     * @param turnaround        mean of the per-workload mean turnaround
     * @param vsBestHeuristic   mean of cost / cheapest heuristic's cost per workload (NaN without heuristics)
     * @param winsVsHeuristic   workloads where it costs strictly less than every heuristic evaluated
     * @param vsMilp            mean of cost / milp's cost (NaN without milp)
     * @param winsVsMilp        workloads where it costs strictly less than milp
     * @param turnaroundVsMilp  mean of turnaround / milp's turnaround
     * @param target            HJS Eq. 5's Target (mean; NaN without deadline jobs)
     * @param deadlineSuccess   share of deadline jobs that met their deadline, in % (NaN without deadline jobs)
     */
    public record Row(String scheduler, Interval cost, Interval turnaround, Interval vsBestHeuristic,
                      int winsVsHeuristic, Interval vsMilp, int winsVsMilp, Interval turnaroundVsMilp,
                      Interval target, Interval deadlineSuccess) {
    }

    /** Makes a fresh policy for a scheduler name, a seed and the workload it will run on (only references may look at it). */
    @FunctionalInterface
    public interface PolicyFactory {
        PlacementPolicy create(String scheduler, long seed, Workload workload);
    }

    private HeldOutEvaluation() {
    }

    /**
     * Runs every scheduler on every workload.
     *
     * @param policies a fresh policy for a scheduler name, seed and workload
     * @param configs  the run rules for a workload
     */
    public static List<Row> evaluate(Cluster cluster, List<Workload> workloads, List<Long> seeds, List<String> schedulers,
                                     PolicyFactory policies,
                                     Function<Workload, SimulationConfig> configs) {
        return evaluate(cluster, workloads, seeds, schedulers, policies, (scheduler, w) -> configs.apply(w));
    }

    /**
     * The scheduler a row name stands for: the name before an {@code @QUEUE} suffix ({@code
     * milp@edf} is milp run with an EDF queue), so that the heuristics and milp are recognised
     * whatever queue they run with.
     */
    private static String baseName(String scheduler) {
        return DeciderName.parse(scheduler).base();
    }

    /**
     * As {@link #evaluate(Cluster, List, List, List, PolicyFactory, Function)} with run rules that
     * may differ by scheduler (e.g. its queue).
     */
    public static List<Row> evaluate(Cluster cluster, List<Workload> workloads, List<Long> seeds, List<String> schedulers,
                                     PolicyFactory policies,
                                     BiFunction<String, Workload, SimulationConfig> configs) {
        int n = workloads.size();
        Map<String, double[]> cost = new LinkedHashMap<>();
        Map<String, double[]> turnaround = new LinkedHashMap<>();
        Map<String, double[]> target = new LinkedHashMap<>();
        Map<String, double[]> success = new LinkedHashMap<>();
        for (String s : schedulers) {
            double[] c = new double[n];
            double[] t = new double[n];
            double[] tg = new double[n];
            double[] ds = new double[n];
            for (int w = 0; w < n; w++) {
                Workload workload = workloads.get(w);
                RunResult run = Simulation.run(cluster, workload, policies.create(s, seeds.get(w), workload),
                        configs.apply(s, workload).withCapacitySeed(seeds.get(w)));
                RunSummary r = run.summary();
                c[w] = r.totalCost();
                t[w] = r.meanTurnaround();
                HjsTarget hjs = HjsTarget.of(run);
                tg[w] = hjs == null ? Double.NaN : hjs.target();
                ds[w] = hjs == null ? Double.NaN : 100 * hjs.deadlineSuccess();
            }
            cost.put(s, c);
            turnaround.put(s, t);
            target.put(s, tg);
            success.put(s, ds);
        }
        double[] bestHeuristic = new double[n];
        boolean anyHeuristic = false;
        for (int w = 0; w < n; w++) {
            bestHeuristic[w] = Double.POSITIVE_INFINITY;
            for (String s : schedulers) {
                if (HEURISTICS.contains(baseName(s))) {
                    bestHeuristic[w] = Math.min(bestHeuristic[w], cost.get(s)[w]);
                    anyHeuristic = true;
                }
            }
        }
        String milpRow = schedulers.stream().filter(s -> baseName(s).equals("milp")).findFirst().orElse(null);
        double[] milp = milpRow == null ? null : cost.get(milpRow);
        double[] milpTurnaround = milpRow == null ? null : turnaround.get(milpRow);
        List<Row> rows = new ArrayList<>();
        for (String s : schedulers) {
            double[] c = cost.get(s);
            double[] vsH = new double[n];
            double[] vsM = new double[n];
            double[] tvsM = new double[n];
            int winsH = 0;
            int winsM = 0;
            for (int w = 0; w < n; w++) {
                vsH[w] = anyHeuristic ? c[w] / bestHeuristic[w] : Double.NaN;
                winsH += anyHeuristic && c[w] < bestHeuristic[w] * (1 - 1e-9) ? 1 : 0;
                vsM[w] = milp != null ? c[w] / milp[w] : Double.NaN;
                winsM += milp != null && c[w] < milp[w] * (1 - 1e-9) ? 1 : 0;
                tvsM[w] = milpTurnaround != null ? turnaround.get(s)[w] / milpTurnaround[w] : Double.NaN;
            }
            rows.add(new Row(s, Interval.of(c), Interval.of(turnaround.get(s)), Interval.of(vsH), winsH,
                    Interval.of(vsM), winsM, Interval.of(tvsM), Interval.of(target.get(s)), Interval.of(success.get(s))));
        }
        return rows;
    }
}

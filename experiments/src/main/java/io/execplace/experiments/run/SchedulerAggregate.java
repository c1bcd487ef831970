package io.execplace.experiments.run;

import io.execplace.core.metrics.RunSummary;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.SolverCounts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One scheduler's metrics over all seeds of a comparison (mean and spread of each).
 *
 * @param scheduler          scheduler name
 * @param seeds              number of runs
 * @param totalCost          total VM cost
 * @param meanDuration       mean job duration, s
 * @param meanTurnaround     mean job turnaround, s
 * @param deadlineMetPercent deadline-met %
 * @param goodPlacements     jobs placed as their type prefers
 * @param jobsWaited         jobs that waited
 * @param jobsDropped        jobs dropped
 * @param vmsUsed            VMs used
 * @param delayMeanMs        mean decision time, ms
 * @param delayMedianMs      median decision time, ms
 * @param delayP99Ms         p99 decision time, ms
 * @param lowerBound         lower bound on any scheduler's cost for the jobs each run completed
 * @param costToBound        total cost divided by that bound (NaN where the bound is 0)
 * @param solver             solver counts summed over the seeds, or null for schedulers without a solver
 * @param agent              agent counts summed over the seeds, or null for schedulers that are not agents
 * @param target             HJS Target (Eq. 5); NaN when the workload has no deadline job
 */
public record SchedulerAggregate(String scheduler, int seeds, Stats totalCost, Stats meanDuration,
                                 Stats meanTurnaround, Stats deadlineMetPercent, Stats goodPlacements,
                                 Stats jobsWaited, Stats jobsDropped, Stats vmsUsed, Stats delayMeanMs,
                                 Stats delayMedianMs, Stats delayP99Ms, Stats lowerBound, Stats costToBound, SolverCounts solver,
                                 AgentCounts agent, Stats target) {

    /** Aggregates of every scheduler, in the comparison's scheduler order. */
    public static List<SchedulerAggregate> of(Comparison comparison) {
        List<SchedulerAggregate> out = new ArrayList<>();
        for (Map.Entry<String, List<CellResult>> e : comparison.byScheduler().entrySet()) {
            List<CellResult> cells = e.getValue();
            out.add(new SchedulerAggregate(e.getKey(), cells.size(),
                    stats(cells, RunSummary::totalCost),
                    stats(cells, RunSummary::meanDuration),
                    stats(cells, RunSummary::meanTurnaround),
                    stats(cells, RunSummary::deadlineMetPercent),
                    stats(cells, RunSummary::goodPlacements),
                    stats(cells, RunSummary::jobsWaited),
                    stats(cells, RunSummary::jobsDropped),
                    stats(cells, RunSummary::vmsUsed),
                    stats(cells, RunSummary::schedulingDelayMeanMs),
                    stats(cells, RunSummary::schedulingDelayMedianMs),
                    stats(cells, RunSummary::schedulingDelayP99Ms),
                    Stats.over(cells, CellResult::lowerBound),
                    Stats.over(cells, CellResult::costToBound),
                    solverTotals(cells),
                    agentTotals(cells),
                    Stats.over(cells, CellResult::targetValue)));
        }
        return out;
    }

    private static Stats stats(List<CellResult> cells, ToDoubleFunction<RunSummary> metric) {
        return Stats.over(cells, c -> metric.applyAsDouble(c.summary()));
    }

    private static AgentCounts agentTotals(List<CellResult> cells) {
        AgentCounts sum = null;
        for (CellResult c : cells) {
            if (c.agent() != null) {
                sum = sum == null ? c.agent() : sum.plus(c.agent());
            }
        }
        return sum;
    }

    private static SolverCounts solverTotals(List<CellResult> cells) {
        long calls = 0;
        long optimal = 0;
        long timedOut = 0;
        long fallbacks = 0;
        boolean any = false;
        for (CellResult c : cells) {
            if (c.solver() != null) {
                any = true;
                calls += c.solver().solverCalls();
                optimal += c.solver().provenOptimal();
                timedOut += c.solver().timedOut();
                fallbacks += c.solver().fallbacks();
            }
        }
        return any ? new SolverCounts(calls, optimal, timedOut, fallbacks) : null;
    }
}

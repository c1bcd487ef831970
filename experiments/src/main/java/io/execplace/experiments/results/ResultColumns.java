package io.execplace.experiments.results;

import io.execplace.core.metrics.CapacityStats;
import io.execplace.core.metrics.RunSummary;
import io.execplace.experiments.run.CellResult;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.schedulers.spi.AgentCounts;
import io.execplace.schedulers.spi.SolverCounts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of {@code results.csv} and the fields of each {@code results.json} record, in order:
 * one place that defines the results schema for both files (documented in the README).
 *
 * <p>{@code lowerBound} is the least total VM cost any scheduler could reach on the jobs the run
 * completed ({@link io.execplace.core.metrics.CostLowerBound}), {@code costToBound} the run's cost
 * divided by it (null when the bound is 0). The {@code solver*} columns count how an exact
 * scheduler's decisions ended (calls to the solver, proven optimal, hit the time limit, placed by
 * the fallback heuristic); they are null for schedulers without a solver. The {@code agent*} columns
 * count a trained agent's executor decisions, fallbacks (its own choice would have been penalised, the
 * best allowed action was used) and holds; null for schedulers that are not agents.
 * {@code target} is HJS's
 * Eq. 5 score (cost and deadline success together, {@link io.execplace.core.metrics.HjsTarget}) with
 * its {@code costMax}; both are null when the workload has no deadline job.
 *
 * <p>On an elastic cluster ({@code cluster.isElastic()}) the records carry eleven more fields, {@link
 * #ELASTIC}: nodes bought, node-hours, spot interruptions, executors lost, executor-seconds of work
 * recomputed and jobs stopped by interruptions; nodes consolidation removed empty and under-used, and
 * the executors evicted, jobs stopped and executor-seconds recomputed by those evictions ({@link
 * io.execplace.core.metrics.CapacityStats}).
 * When some application uses dynamic allocation they carry three more, {@link #DYNAMIC}: executors
 * added over the applications' floors, executors asked for but no longer wanted when they could have
 * been placed, and the added executors' hours.
 */
public final class ResultColumns {

    /** Column names, in file order. */
    public static final List<String> NAMES = List.of(
            "scenario", "cluster", "workload", "scheduler", "seed", "queue", "admission",
            "totalCost", "meanDuration", "meanTurnaround", "deadlineMetPercent", "goodPlacements",
            "jobs", "jobsCompleted", "jobsWaited", "jobsDropped", "vmsUsed", "makespan", "decisions",
            "schedulingDelayMeanMs", "schedulingDelayMedianMs", "schedulingDelayP99Ms",
            "lowerBound", "costToBound", "solverCalls", "solverOptimal", "solverTimedOut", "solverFallbacks",
            "agentDecisions", "agentFallbacks", "agentHolds",
            "target", "costMax");

    /** The columns an elastic cluster's records add, after {@link #NAMES}. */
    public static final List<String> ELASTIC = List.of(
            "nodeLaunches", "nodeHours", "interruptions", "executorsLost", "executorSecondsLost", "jobsStopped",
            "nodesRemovedEmpty", "nodesRemovedUnderused", "executorsEvicted", "jobsEvicted", "executorSecondsEvicted");

    /** The column an elastic cluster with driver pods adds, after {@link #ELASTIC}. */
    public static final List<String> DRIVERS = List.of("applicationsRestarted");

    /** The columns dynamic allocation adds, after the others. */
    public static final List<String> DYNAMIC = List.of("executorsAdded", "executorsCancelled", "addedExecutorHours");

    private ResultColumns() {
    }

    /**
     * The columns of a scenario's records: {@link #NAMES}, {@link #ELASTIC} on an elastic cluster,
     * {@link #DRIVERS} when it has driver pods, and {@link #DYNAMIC} when {@code dynamic}.
     */
    public static List<String> names(Scenario scenario, boolean dynamic) {
        List<String> all = new java.util.ArrayList<>(NAMES);
        if (scenario.cluster().isElastic()) {
            all.addAll(ELASTIC);
        }
        if (hasDrivers(scenario)) {
            all.addAll(DRIVERS);
        }
        if (dynamic) {
            all.addAll(DYNAMIC);
        }
        return List.copyOf(all);
    }

    /** True when the scenario's cluster runs a driver pod per application (an elastic cluster's option). */
    public static boolean hasDrivers(Scenario scenario) {
        return scenario.cluster().isElastic() && scenario.cluster().pools().drivers() != null;
    }

    /** True when a cell's applications added executors or asked for some (dynamic allocation). */
    public static boolean dynamic(CellResult cell) {
        return cell.capacity().executorsAdded() > 0 || cell.capacity().executorsCancelled() > 0;
    }

    /** One record as an ordered map, with the {@link #DYNAMIC} columns when the cell has dynamic allocation. */
    public static Map<String, Object> record(Scenario scenario, CellResult cell) {
        return record(scenario, cell, dynamic(cell));
    }

    /**
     * One record as an ordered map; numbers stay numbers, NaN ("does not apply") becomes null.
     */
    public static Map<String, Object> record(Scenario scenario, CellResult cell, boolean dynamic) {
        RunSummary s = cell.summary();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", scenario.name());
        m.put("cluster", scenario.cluster().name());
        m.put("workload", scenario.workloads().name());
        m.put("scheduler", cell.scheduler());
        m.put("seed", cell.seed());
        m.put("queue", s.queue());
        m.put("admission", scenario.options().admission());
        m.put("totalCost", number(s.totalCost()));
        m.put("meanDuration", number(s.meanDuration()));
        m.put("meanTurnaround", number(s.meanTurnaround()));
        m.put("deadlineMetPercent", number(s.deadlineMetPercent()));
        m.put("goodPlacements", s.goodPlacements());
        m.put("jobs", s.jobs());
        m.put("jobsCompleted", s.jobsCompleted());
        m.put("jobsWaited", s.jobsWaited());
        m.put("jobsDropped", s.jobsDropped());
        m.put("vmsUsed", s.vmsUsed());
        m.put("makespan", number(s.makespan()));
        m.put("decisions", s.decisions());
        m.put("schedulingDelayMeanMs", number(s.schedulingDelayMeanMs()));
        m.put("schedulingDelayMedianMs", number(s.schedulingDelayMedianMs()));
        m.put("schedulingDelayP99Ms", number(s.schedulingDelayP99Ms()));
        m.put("lowerBound", number(cell.lowerBound()));
        m.put("costToBound", number(cell.costToBound()));
        SolverCounts solver = cell.solver();
        m.put("solverCalls", solver == null ? null : solver.solverCalls());
        m.put("solverOptimal", solver == null ? null : solver.provenOptimal());
        m.put("solverTimedOut", solver == null ? null : solver.timedOut());
        m.put("solverFallbacks", solver == null ? null : solver.fallbacks());
        AgentCounts agent = cell.agent();
        m.put("agentDecisions", agent == null ? null : agent.decisions());
        m.put("agentFallbacks", agent == null ? null : agent.fallbacks());
        m.put("agentHolds", agent == null ? null : agent.holds());
        m.put("target", cell.target() == null ? null : number(cell.target().target()));
        m.put("costMax", cell.target() == null ? null : number(cell.target().maxCost()));
        if (scenario.cluster().isElastic()) {
            CapacityStats c = cell.capacity();
            m.put("nodeLaunches", c.nodeLaunches());
            m.put("nodeHours", c.nodeHours());
            m.put("interruptions", c.interruptions());
            m.put("executorsLost", c.executorsLost());
            m.put("executorSecondsLost", c.executorSecondsLost());
            m.put("jobsStopped", c.jobsStopped());
            m.put("nodesRemovedEmpty", c.nodesRemovedEmpty());
            m.put("nodesRemovedUnderused", c.nodesRemovedUnderused());
            m.put("executorsEvicted", c.executorsEvicted());
            m.put("jobsEvicted", c.jobsEvicted());
            m.put("executorSecondsEvicted", c.executorSecondsEvicted());
        }
        if (hasDrivers(scenario)) {
            m.put("applicationsRestarted", cell.capacity().applicationsRestarted());
        }
        if (dynamic) {
            CapacityStats c = cell.capacity();
            m.put("executorsAdded", c.executorsAdded());
            m.put("executorsCancelled", c.executorsCancelled());
            m.put("addedExecutorHours", c.addedExecutorHours());
        }
        if (!m.keySet().equals(new java.util.LinkedHashSet<>(names(scenario, dynamic)))) {
            throw new IllegalStateException("results schema and NAMES disagree");
        }
        return m;
    }

    private static Double number(double v) {
        return Double.isNaN(v) ? null : v;
    }
}

package io.execplace.schedulers.offline;

import com.google.ortools.sat.BoolVar;
import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.CumulativeConstraint;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.IntervalVar;
import com.google.ortools.sat.LinearExpr;
import com.google.ortools.sat.LinearExprBuilder;
import com.google.ortools.sat.Literal;
import io.execplace.core.metrics.CostLowerBound;
import io.execplace.core.model.Capacity;
import io.execplace.core.model.Cluster;
import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.Vm;
import io.execplace.core.rules.Billing;
import io.execplace.core.rules.DurationCase;
import io.execplace.core.rules.DurationModel;
import io.execplace.schedulers.milp.NativeSolves;
import io.execplace.schedulers.milp.OrTools;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code offline-optimum}: the cheapest possible schedule of a whole (small) workload by a
 * scheduler that knows every arrival in advance, solved exactly with CP-SAT. A reference to judge
 * online schedulers against, not a scheduler: it may start jobs in any order and hold any job back.
 *
 * <h2>The model</h2>
 * <ul>
 *   <li>Each job {@code j} has one start {@code s_j >= arrival} (gang start: all executors start
 *       together), one duration case ({@link DurationModel#cases}: local-only or not, the type's
 *       layout or any) whose duration it runs, and end {@code e_j = s_j + d_j}.</li>
 *   <li>{@code x_jv} executors of job {@code j} on VM {@code v}, {@code Σ_v x_jv = E_j}; a boolean
 *       {@code u_jv} says the VM hosts some. The case constrains them: local-only cases forbid cloud
 *       VMs, a spread layout allows one executor per VM, a consolidate layout one VM.</li>
 *   <li>Per VM an optional interval {@code [s_j, e_j)} present iff {@code u_jv}, in two cumulative
 *       constraints: cores ({@code demand = cores_j · x_jv}) and memory.</li>
 *   <li>Cost: each VM has up to {@code n} <em>busy segments</em>, optional, in time order and
 *       disjoint; a job on the VM lies inside one of them. The cost is {@code Σ_v price_v × Σ
 *       segment lengths}. Any feasible choice of segments covers the VM's busy union, so it costs at
 *       least the union; the union's own maximal periods are a feasible choice; so the minimum is
 *       exactly {@code Σ_v price_v × |busy union of v|}, the simulator's exact billing.</li>
 * </ul>
 *
 * <h2>Why integer time is exact</h2>
 * CP-SAT needs integers. Times are multiplied by the smallest power of ten (≤ 1000) that makes every
 * arrival and case duration whole (TPDS: whole-second arrivals and durations, ×1.3 and ×1.69 →
 * hundredths). Fix the order of all start and end points of an optimal schedule: the schedules with
 * that order form a polyhedron of difference constraints {@code s_a − s_b ≥ integer} (a network
 * matrix, totally unimodular), on which the cost is linear; so it has an optimal vertex with whole
 * start times. Hence restricting starts to the grid loses nothing. Memory is scaled the same way,
 * prices by a common unit (e.g. $0.24/h). When no exact scale exists (HYB durations are real
 * numbers) durations and arrivals are rounded <em>up</em> to milliseconds and capacities down, so
 * every model schedule is feasible in reality and its reported cost is recomputed exactly; it is
 * then optimal only up to that rounding ({@link OfflineResult#exactGrid()} is false).
 *
 * <p>Only the {@code exact} billing rule is modelled. Deadlines and queue rules are ignored (the
 * reference minimises cost only); jobs that cannot fit the empty cluster are left out, as the
 * simulator drops them.
 */
public final class OfflineOptimum {

    /** Name under which reports show it. */
    public static final String NAME = "offline-optimum";

    private final Cluster cluster;
    private final DurationModel model;
    private final List<Job> jobs = new ArrayList<>();
    private final int leftOut;

    private OfflineScales scales;

    private OfflineOptimum(Cluster cluster, DurationModel model, List<Job> all) {
        this.cluster = cluster;
        this.model = model;
        int out = 0;
        for (Job job : all) {
            if (cluster.executorCapacityWhenEmpty(job.coresPerExecutor(), job.memoryGbPerExecutor()) >= job.executors()) {
                jobs.add(job);
            } else {
                out++;
            }
        }
        leftOut = out;
    }

    /**
     * Solves the workload's offline problem.
     *
     * @param billing only {@link Billing#EXACT} is supported
     * @throws IllegalArgumentException for another billing rule or a hint for other jobs
     */
    public static OfflineResult solve(Cluster cluster, DurationModel model, Billing billing, List<Job> jobs,
                                      OfflineOptions options) {
        if (billing != Billing.EXACT) {
            throw new IllegalArgumentException("offline-optimum models exact billing only, not '"
                    + billing.name().toLowerCase(java.util.Locale.ROOT) + "'");
        }
        return new OfflineOptimum(cluster, model, jobs).run(options);
    }

    private OfflineResult run(OfflineOptions options) {
        double lowerBound = CostLowerBound.of(cluster, model, jobs);
        if (jobs.isEmpty()) {
            OfflineSchedule empty = new OfflineSchedule(cluster, model, jobs, new double[0], new Placement[0]);
            return new OfflineResult(OfflineResult.Status.OPTIMAL, empty, 0, true, leftOut, 0);
        }
        scales = OfflineScales.of(cluster, model, jobs);
        OrTools.load();
        int n = jobs.size();
        int m = cluster.size();
        CpModel cp = new CpModel();

        // Times on the grid.
        long[] arrival = new long[n];
        long[][] caseDuration = new long[n][];
        List<List<DurationCase>> cases = new ArrayList<>();
        long horizon = 0;
        long sumMax = 0;
        for (int j = 0; j < n; j++) {
            Job job = jobs.get(j);
            arrival[j] = IntegerGrid.up(job.arrival(), scales.time());
            horizon = Math.max(horizon, arrival[j]);
            List<DurationCase> c = model.cases(job);
            cases.add(c);
            caseDuration[j] = new long[c.size()];
            long max = 0;
            for (int k = 0; k < c.size(); k++) {
                caseDuration[j][k] = Math.max(1, IntegerGrid.up(c.get(k).duration(), scales.time()));
                max = Math.max(max, caseDuration[j][k]);
            }
            sumMax += max;
        }
        // Every job fits the empty cluster, so running them one after another after the last
        // arrival is feasible: no optimal schedule needs to end later.
        horizon += sumMax;

        OfflineVariables vars = new OfflineVariables(n, m);
        IntVar[] end = new IntVar[n];
        IntVar[] duration = new IntVar[n];
        for (int j = 0; j < n; j++) {
            Job job = jobs.get(j);
            long dMin = Arrays.stream(caseDuration[j]).min().orElseThrow();
            long dMax = Arrays.stream(caseDuration[j]).max().orElseThrow();
            vars.start[j] = cp.newIntVar(arrival[j], horizon - dMin, "s" + j);
            duration[j] = cp.newIntVar(dMin, dMax, "d" + j);
            end[j] = cp.newIntVar(arrival[j] + dMin, horizon, "e" + j);
            cp.addEquality(LinearExpr.sum(new IntVar[]{vars.start[j], duration[j]}), end[j]);
            vars.caseOf[j] = new BoolVar[caseDuration[j].length];
            for (int k = 0; k < vars.caseOf[j].length; k++) {
                vars.caseOf[j][k] = cp.newBoolVar("c" + j + "_" + k);
            }
            cp.addExactlyOne(vars.caseOf[j]);
            cp.addEquality(duration[j], LinearExpr.weightedSum(vars.caseOf[j], caseDuration[j]));
            LinearExprBuilder executors = LinearExpr.newBuilder();
            LinearExprBuilder vmsUsed = LinearExpr.newBuilder();
            for (int v = 0; v < m; v++) {
                Vm vm = cluster.vm(v);
                int fit = Math.min(job.executors(), Capacity.executorsThatFit(vm.cores(), vm.memoryGb(),
                        job.coresPerExecutor(), job.memoryGbPerExecutor()));
                vars.count[j][v] = cp.newIntVar(0, fit, "x" + j + "_" + v);
                vars.uses[j][v] = cp.newBoolVar("u" + j + "_" + v);
                cp.addGreaterOrEqual(vars.count[j][v], vars.uses[j][v]);
                cp.addLessOrEqual(vars.count[j][v], LinearExpr.term(vars.uses[j][v], fit));
                executors.add(vars.count[j][v]);
                vmsUsed.add(vars.uses[j][v]);
                for (int k = 0; k < vars.caseOf[j].length; k++) {
                    DurationCase c = cases.get(j).get(k);
                    if (c.localOnly() && !vm.isLocal()) {
                        cp.addImplication(vars.caseOf[j][k], vars.uses[j][v].not());
                    }
                    if (c.layout() == io.execplace.core.model.PlacementPreference.SPREAD) {
                        cp.addLessOrEqual(vars.count[j][v], 1).onlyEnforceIf(vars.caseOf[j][k]);
                    }
                }
            }
            cp.addEquality(executors, job.executors());
            for (int k = 0; k < vars.caseOf[j].length; k++) {
                if (cases.get(j).get(k).layout() == io.execplace.core.model.PlacementPreference.CONSOLIDATE) {
                    cp.addLessOrEqual(vmsUsed, 1).onlyEnforceIf(vars.caseOf[j][k]);
                }
            }
        }

        // Capacity of every VM over time, and its busy segments.
        LinearExprBuilder cost = LinearExpr.newBuilder();
        long[] price = scales.prices();
        for (int v = 0; v < m; v++) {
            Vm vm = cluster.vm(v);
            CumulativeConstraint cores = cp.addCumulative(vm.cores());
            CumulativeConstraint memory = cp.addCumulative(IntegerGrid.down(vm.memoryGb(), scales.memory()));
            List<Integer> candidates = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                if (vars.count[j][v].getDomain().max() == 0) {
                    cp.addEquality(vars.uses[j][v], 0);
                    continue;
                }
                candidates.add(j);
                IntervalVar iv = cp.newOptionalIntervalVar(vars.start[j], duration[j], end[j], vars.uses[j][v], "i" + j + "_" + v);
                Job job = jobs.get(j);
                cores.addDemand(iv, LinearExpr.term(vars.count[j][v], job.coresPerExecutor()));
                memory.addDemand(iv, LinearExpr.term(vars.count[j][v], IntegerGrid.up(job.memoryGbPerExecutor(), scales.memory())));
            }
            int segments = candidates.size();
            vars.segStart[v] = new IntVar[segments];
            vars.segLength[v] = new IntVar[segments];
            vars.segPresent[v] = new BoolVar[segments];
            IntVar[] segEnd = new IntVar[segments];
            for (int k = 0; k < segments; k++) {
                vars.segStart[v][k] = cp.newIntVar(0, horizon, "ss" + v + "_" + k);
                vars.segLength[v][k] = cp.newIntVar(0, horizon, "sl" + v + "_" + k);
                segEnd[k] = cp.newIntVar(0, horizon, "se" + v + "_" + k);
                vars.segPresent[v][k] = cp.newBoolVar("sp" + v + "_" + k);
                cp.addEquality(LinearExpr.sum(new IntVar[]{vars.segStart[v][k], vars.segLength[v][k]}), segEnd[k]);
                cp.addEquality(vars.segLength[v][k], 0).onlyEnforceIf(vars.segPresent[v][k].not());
                cost.addTerm(vars.segLength[v][k], price[v]);
                if (k > 0) {
                    // Present segments come first and in time order (removes their symmetry).
                    cp.addImplication(vars.segPresent[v][k], vars.segPresent[v][k - 1]);
                    cp.addGreaterOrEqual(vars.segStart[v][k], segEnd[k - 1]).onlyEnforceIf(vars.segPresent[v][k]);
                }
            }
            for (int j : candidates) {
                vars.inSeg[j][v] = new BoolVar[segments];
                LinearExprBuilder one = LinearExpr.newBuilder();
                for (int k = 0; k < segments; k++) {
                    BoolVar z = cp.newBoolVar("z" + j + "_" + v + "_" + k);
                    vars.inSeg[j][v][k] = z;
                    one.add(z);
                    cp.addImplication(z, vars.segPresent[v][k]);
                    cp.addLessOrEqual(vars.segStart[v][k], vars.start[j]).onlyEnforceIf(z);
                    cp.addLessOrEqual(end[j], segEnd[k]).onlyEnforceIf(z);
                    cp.addGreaterOrEqual(vars.segLength[v][k], duration[j]).onlyEnforceIf(z);
                }
                cp.addEquality(one, vars.uses[j][v]);
            }
        }
        addAreaBounds(cp, vars.count, vars.segLength);
        breakVmSymmetry(cp, vars.uses, vars.count);
        if (scales.exact()) {
            // CostLowerBound is valid for the real problem, which the grid model then equals.
            cp.addGreaterOrEqual(cost, (long) Math.floor(lowerBound * scales.time() / scales.priceUnit() * (1 - 1e-9)));
        }
        cp.minimize(cost);
        if (options.hint() != null) {
            new OfflineHint(cluster, model, jobs, scales).add(cp, options.hint(), vars);
        }

        CpSolver solver = new CpSolver();
        solver.getParameters().setNumWorkers(options.workers()).setRandomSeed(1)
                .setMaxTimeInSeconds(options.timeLimitSeconds()).setLogSearchProgress(false)
                .setCatchSigintSignal(false); // the command line stops solvers itself (NativeSolves)
        if (options.deterministicLimit() > 0) {
            // Work units instead of wall time: the same search, hence the same result, on any machine.
            solver.getParameters().setMaxDeterministicTime(options.deterministicLimit());
        }
        long t0 = System.nanoTime();
        CpSolverStatus status = NativeSolves.run(solver::stopSearch, () -> solver.solve(cp));
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (status != CpSolverStatus.OPTIMAL && status != CpSolverStatus.FEASIBLE) {
            return new OfflineResult(OfflineResult.Status.NO_SOLUTION, null, lowerBound, scales.exact(), leftOut, seconds);
        }
        double[] starts = new double[n];
        Placement[] placements = new Placement[n];
        for (int j = 0; j < n; j++) {
            int[] vms = new int[jobs.get(j).executors()];
            int e = 0;
            for (int v = 0; v < m; v++) {
                for (long c = solver.value(vars.count[j][v]); c > 0; c--) {
                    vms[e++] = v;
                }
            }
            placements[j] = Placement.wrap(vms);
        }
        decodeStarts(solver, vars.start, end, placements, starts);
        OfflineSchedule schedule = new OfflineSchedule(cluster, model, jobs, starts, placements);
        double bound = lowerBound;
        if (scales.exact()) {
            bound = Math.max(bound, solver.bestObjectiveBound() * scales.priceUnit() / scales.time());
        }
        OfflineResult.Status s = status == CpSolverStatus.OPTIMAL ? OfflineResult.Status.OPTIMAL
                : OfflineResult.Status.FEASIBLE;
        if (s == OfflineResult.Status.OPTIMAL && scales.exact()) {
            bound = Math.min(bound, schedule.cost());
        }
        return new OfflineResult(s, schedule, Math.min(bound, schedule.cost()), scales.exact(), leftOut, seconds);
    }

    /**
     * Real start times from the grid's: {@code s / scale}, but never before the real finish of a job
     * that the grid schedule has ending no later on a shared VM (a real duration such as
     * {@code 134 × 1.3 = 174.20000000000002} can exceed its grid value by a rounding error).
     */
    private void decodeStarts(CpSolver solver, IntVar[] start, IntVar[] end, Placement[] placements, double[] starts) {
        int n = jobs.size();
        Integer[] order = new Integer[n];
        for (int j = 0; j < n; j++) {
            order[j] = j;
        }
        Arrays.sort(order, (a, b) -> Long.compare(solver.value(start[a]), solver.value(start[b])));
        double[] finish = new double[n];
        boolean[] done = new boolean[n];
        for (int j : order) {
            double s = Math.max(jobs.get(j).arrival(), solver.value(start[j]) / (double) scales.time());
            for (int k = 0; k < n; k++) {
                if (done[k] && solver.value(end[k]) <= solver.value(start[j]) && shareVm(placements[j], placements[k])) {
                    s = Math.max(s, finish[k]);
                }
            }
            starts[j] = s;
            finish[j] = s + model.duration(jobs.get(j), placements[j], cluster);
            done[j] = true;
        }
    }

    private static boolean shareVm(Placement a, Placement b) {
        for (int x = 0; x < a.executors(); x++) {
            if (b.usesVm(a.vm(x))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Redundant cuts that strengthen the linear relaxation: a VM is busy at least as long as the
     * core-seconds and the GB-seconds its executors need, divided by its cores and memory (with
     * each job's shortest duration).
     */
    private void addAreaBounds(CpModel cp, IntVar[][] count, IntVar[][] segLength) {
        for (int v = 0; v < cluster.size(); v++) {
            Vm vm = cluster.vm(v);
            LinearExprBuilder busyCores = LinearExpr.newBuilder();
            LinearExprBuilder busyMemory = LinearExpr.newBuilder();
            long memCap = IntegerGrid.down(vm.memoryGb(), scales.memory());
            for (IntVar len : segLength[v]) {
                busyCores.addTerm(len, vm.cores());
                busyMemory.addTerm(len, memCap);
            }
            for (int j = 0; j < jobs.size(); j++) {
                Job job = jobs.get(j);
                long dMin = Long.MAX_VALUE;
                for (DurationCase c : model.cases(job)) {
                    dMin = Math.min(dMin, Math.max(1, IntegerGrid.up(c.duration(), scales.time())));
                }
                busyCores.addTerm(count[j][v], -dMin * job.coresPerExecutor());
                busyMemory.addTerm(count[j][v], -dMin * IntegerGrid.up(job.memoryGbPerExecutor(), scales.memory()));
            }
            cp.addGreaterOrEqual(busyCores, 0);
            cp.addGreaterOrEqual(busyMemory, 0);
        }
    }

    /**
     * Among VMs of one shape, site and price (interchangeable: swapping their whole schedules changes
     * nothing), require that a VM's first job (by index) comes no earlier than the previous twin's.
     */
    private void breakVmSymmetry(CpModel cp, BoolVar[][] uses, IntVar[][] count) {
        int n = jobs.size();
        for (int w = 1; w < cluster.size(); w++) {
            Vm a = cluster.vm(w - 1);
            Vm b = cluster.vm(w);
            if (a.cores() != b.cores() || a.memoryGb() != b.memoryGb() || a.site() != b.site()
                    || a.pricePerSecond() != b.pricePerSecond()) {
                continue;
            }
            List<Literal> earlier = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                earlier.add(uses[j][w - 1]);
                List<Literal> clause = new ArrayList<>(earlier);
                clause.add(uses[j][w].not());
                cp.addBoolOr(clause);
            }
        }
    }

}

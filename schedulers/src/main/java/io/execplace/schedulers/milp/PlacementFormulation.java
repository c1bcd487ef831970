package io.execplace.schedulers.milp;

import io.execplace.core.model.Job;
import io.execplace.core.model.Placement;
import io.execplace.core.model.PlacementPreference;
import io.execplace.core.rules.DurationCase;

import java.util.Arrays;
import java.util.List;

/**
 * The integer program of one decision and the way back from its solution to a placement.
 *
 * <p>The job's {@linkplain io.execplace.core.rules.DurationModel#cases duration cases} (local-only or
 * any site × type layout or any layout) each fix {@code T_C}, so within a case every VM class has a
 * fixed cost. The program chooses one case with a binary {@code z_c} (exactly one is 1) and, per
 * class {@code v} the case allows, how many of its VMs to use ({@code u_cv}) and how many executors
 * they take ({@code x_cv}):
 * <pre>
 *   minimise  Σ_c coef(case c)·z_c + Σ_cv coef(class v in case c)·u_cv
 *   s.t.      Σ_c z_c = 1
 *             Σ_v x_cv = E·z_c              (every executor placed, in the chosen case only)
 *             u_cv ≤ x_cv ≤ room_v·u_cv     (a used VM hosts 1..room executors)
 *             0 ≤ u_cv ≤ min(VMs in v, E)
 * </pre>
 * A spread case has {@code x_cv = u_cv} (one executor per VM), a consolidate case {@code Σ_v u_cv =
 * z_c} with {@code x_cv = E·u_cv} over the classes whose VMs hold the whole job. The cases'
 * relaxations (a relaxed case charges at least the true duration of what it admits, see {@link
 * DurationCase}) make the program's optimum the true optimum. Instead of the paper's binary per
 * executor × VM, executors being identical and class VMs interchangeable, the program has at most
 * {@code 4 × (2 × classes + 1)} small integer variables.
 */
final class PlacementFormulation {

    private final Job job;
    private final VmClasses classes;
    private final List<DurationCase> cases;
    private final IntegerProgram program = new IntegerProgram();
    private final int[] caseVar;
    private final int[][] usedVar;      // [case][class]: u, or -1 when the case cannot use the class
    private final int[][] executorVar;  // [case][class]: x, or -1 when x follows from u

    /**
     * Builds the program over the given cases (each must be able to hold the job on its own; see
     * {@link #canHold}).
     */
    PlacementFormulation(Job job, VmClasses classes, List<DurationCase> cases, PlacementObjective objective) {
        this(job, classes, cases, objective, null);
    }

    /**
     * The same program with {@code milp-elastic}'s node costs in each VM's coefficient ({@link
     * SlotCost}); {@code slots} null is {@code milp}'s.
     */
    PlacementFormulation(Job job, VmClasses classes, List<DurationCase> cases, PlacementObjective objective,
            SlotCost slots) {
        this.job = job;
        this.classes = classes;
        this.cases = List.copyOf(cases);
        int k = cases.size();
        int n = classes.size();
        int e = job.executors();
        caseVar = new int[k];
        usedVar = new int[k][n];
        executorVar = new int[k][n];
        int[] oneCase = new int[k];
        for (int c = 0; c < k; c++) {
            DurationCase dc = cases.get(c);
            caseVar[c] = program.addVariable(0, 1, objective.caseCoefficient(dc.duration()));
            oneCase[c] = caseVar[c];
            Arrays.fill(usedVar[c], -1);
            Arrays.fill(executorVar[c], -1);
            // Placement row: Σ x (or Σ u for consolidate) - E·z = 0, with z as the last term.
            int[] rowVars = new int[n + 1];
            long[] rowCoefs = new long[n + 1];
            int terms = 0;
            for (int v = 0; v < n; v++) {
                int room = roomInCase(dc, v);
                if (room == 0) {
                    continue;
                }
                long maxVms = dc.layout() == PlacementPreference.CONSOLIDATE ? 1 : Math.min(classes.count(v), e);
                int u = program.addVariable(0, maxVms,
                        objective.vmCoefficient(dc.duration(), classes, v, slots));
                usedVar[c][v] = u;
                if (dc.layout() == PlacementPreference.CONSOLIDATE || room == 1) {
                    rowVars[terms] = u;
                    rowCoefs[terms++] = 1;
                    continue;
                }
                long maxExecutors = Math.min(maxVms * room, e);
                int x = program.addVariable(0, maxExecutors, 0);
                executorVar[c][v] = x;
                // Lower sides are the least values the bounds allow: finite, so SCIP sees no huge numbers.
                program.addConstraint(new int[]{x, u}, new long[]{1, -room}, -room * maxVms, 0);
                program.addConstraint(new int[]{u, x}, new long[]{1, -1}, -maxExecutors, 0);
                rowVars[terms] = x;
                rowCoefs[terms++] = 1;
            }
            rowVars[terms] = caseVar[c];
            rowCoefs[terms++] = dc.layout() == PlacementPreference.CONSOLIDATE ? -1 : -e;
            program.addConstraint(Arrays.copyOf(rowVars, terms), Arrays.copyOf(rowCoefs, terms), 0, 0);
        }
        long[] ones = new long[k];
        Arrays.fill(ones, 1);
        program.addConstraint(oneCase, ones, 1, 1);
    }

    /**
     * Executors of the job one VM of class {@code v} can take in the case: 0 when the case may not
     * use the class (site, or a consolidate case whose VMs cannot hold the whole job), 1 when spread.
     */
    private int roomInCase(DurationCase dc, int v) {
        if (dc.localOnly() && !classes.local(v)) {
            return 0;
        }
        int room = classes.room(v);
        return switch (dc.layout()) {
            case ANY -> room;
            case SPREAD -> 1;
            case CONSOLIDATE -> room >= job.executors() ? room : 0;
        };
    }

    /** True when the case's VMs among {@code classes} can hold every executor of the job. */
    static boolean canHold(Job job, VmClasses classes, DurationCase dc) {
        long total = 0;
        for (int v = 0; v < classes.size(); v++) {
            if (dc.localOnly() && !classes.local(v)) {
                continue;
            }
            int room = classes.room(v);
            switch (dc.layout()) {
                case ANY -> total += (long) room * classes.count(v);
                case SPREAD -> total += classes.count(v);
                case CONSOLIDATE -> {
                    if (room >= job.executors()) {
                        return true;
                    }
                }
            }
        }
        return total >= job.executors();
    }

    IntegerProgram program() {
        return program;
    }

    /** The placement a solution describes: per class, its first {@code u} VMs (by id) share {@code x} executors. */
    Placement decode(long[] values) {
        int chosen = -1;
        for (int c = 0; c < caseVar.length; c++) {
            if (values[caseVar[c]] == 1) {
                chosen = c;
            }
        }
        if (chosen < 0) {
            throw new IllegalStateException("solution chooses no case");
        }
        DurationCase dc = cases.get(chosen);
        int[] result = new int[job.executors()];
        int placed = 0;
        for (int v = 0; v < classes.size(); v++) {
            int u = usedVar[chosen][v];
            if (u < 0 || values[u] == 0) {
                continue;
            }
            int vms = (int) values[u];
            long executors = executorVar[chosen][v] >= 0 ? values[executorVar[chosen][v]]
                    : dc.layout() == PlacementPreference.CONSOLIDATE ? job.executors() : vms;
            int room = classes.room(v);
            for (int i = 0; i < vms; i++) {
                // Each later VM of the class still needs at least one executor.
                int k = (int) Math.min(room, executors - (vms - i - 1));
                for (int j = 0; j < k; j++) {
                    result[placed++] = classes.vm(v, i);
                }
                executors -= k;
            }
        }
        if (placed != result.length) {
            throw new IllegalStateException("solution places " + placed + " of " + result.length + " executors");
        }
        return Placement.wrap(result);
    }
}

package io.execplace.schedulers.milp;

import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPSolverParameters;
import com.google.ortools.linearsolver.MPVariable;

/**
 * Solves with SCIP (branch and cut) through OR-Tools' linear solver wrapper, with a zero relative
 * gap so that "optimal" means proven optimal as with CP-SAT. SCIP works in floating point, so the
 * objective is scaled down by 2^20 (exactly, a power of two) to keep its values near 10^6, where
 * SCIP's tolerances still tell apart the integer steps of the objective.
 */
final class ScipProgramSolver implements IntegerProgramSolver {

    private static final double OBJECTIVE_SCALE = 1.0 / (1 << 20);

    ScipProgramSolver() {
        OrTools.load();
    }

    @Override
    public Result solve(IntegerProgram p, long timeLimitMillis) {
        MPSolver solver = MPSolver.createSolver("SCIP");
        if (solver == null) {
            return new Result(Status.ERROR, null);
        }
        try {
            solver.setTimeLimit(timeLimitMillis);
            MPVariable[] vars = new MPVariable[p.variables()];
            MPObjective objective = solver.objective();
            for (int v = 0; v < vars.length; v++) {
                vars[v] = solver.makeIntVar(p.lower(v), p.upper(v), "x" + v);
                objective.setCoefficient(vars[v], p.objective(v) * OBJECTIVE_SCALE);
            }
            objective.setMinimization();
            for (int r = 0; r < p.constraints(); r++) {
                MPConstraint c = solver.makeConstraint(p.constraintLower(r), p.constraintUpper(r));
                int[] idx = p.constraintVariables(r);
                long[] coefs = p.constraintCoefficients(r);
                for (int k = 0; k < idx.length; k++) {
                    c.setCoefficient(vars[idx[k]], coefs[k]);
                }
            }
            MPSolverParameters params = new MPSolverParameters();
            params.setDoubleParam(MPSolverParameters.DoubleParam.RELATIVE_MIP_GAP, 0);
            MPSolver.ResultStatus status = NativeSolves.run(solver::interruptSolve, () -> solver.solve(params));
            return switch (status) {
                case OPTIMAL -> new Result(Status.OPTIMAL, values(vars));
                case FEASIBLE -> new Result(Status.FEASIBLE, values(vars));
                case INFEASIBLE -> new Result(Status.INFEASIBLE, null);
                case NOT_SOLVED -> new Result(Status.NO_SOLUTION, null);
                default -> new Result(Status.ERROR, null);
            };
        } finally {
            solver.delete();
        }
    }

    private static long[] values(MPVariable[] vars) {
        long[] out = new long[vars.length];
        for (int v = 0; v < vars.length; v++) {
            out[v] = Math.round(vars[v].solutionValue());
        }
        return out;
    }
}

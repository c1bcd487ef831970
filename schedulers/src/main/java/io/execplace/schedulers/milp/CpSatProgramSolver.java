package io.execplace.schedulers.milp;

import com.google.ortools.sat.CpModel;
import com.google.ortools.sat.CpSolver;
import com.google.ortools.sat.CpSolverStatus;
import com.google.ortools.sat.IntVar;
import com.google.ortools.sat.LinearExpr;

/**
 * Solves with OR-Tools CP-SAT: one worker, so that a run is deterministic and runs in parallel do
 * not compete for cores, and no presolve, which on programs of a few dozen variables costs more
 * than the search itself (it more than halved the median decision time in our measurements).
 * CP-SAT's own Ctrl-C handler is off: solves in parallel threads install and remove it in turn,
 * and a signal between the two aborted the process ({@code std::bad_function_call}); the command
 * line stops the solvers itself ({@link NativeSolves}).
 */
final class CpSatProgramSolver implements IntegerProgramSolver {

    private final CpSolver solver;

    CpSatProgramSolver() {
        OrTools.load();
        solver = new CpSolver();
        solver.getParameters().setNumWorkers(1).setCpModelPresolve(false).setRandomSeed(1)
                .setLogSearchProgress(false).setCatchSigintSignal(false);
    }

    @Override
    public Result solve(IntegerProgram p, long timeLimitMillis) {
        CpModel model = new CpModel();
        IntVar[] vars = new IntVar[p.variables()];
        long[] objective = new long[vars.length];
        for (int v = 0; v < vars.length; v++) {
            vars[v] = model.newIntVar(p.lower(v), p.upper(v), "");
            objective[v] = p.objective(v);
        }
        for (int r = 0; r < p.constraints(); r++) {
            int[] idx = p.constraintVariables(r);
            IntVar[] terms = new IntVar[idx.length];
            for (int k = 0; k < idx.length; k++) {
                terms[k] = vars[idx[k]];
            }
            model.addLinearConstraint(LinearExpr.weightedSum(terms, p.constraintCoefficients(r)),
                    p.constraintLower(r), p.constraintUpper(r));
        }
        model.minimize(LinearExpr.weightedSum(vars, objective));
        solver.getParameters().setMaxTimeInSeconds(timeLimitMillis / 1000.0);
        CpSolverStatus status = NativeSolves.run(solver::stopSearch, () -> solver.solve(model));
        return switch (status) {
            case OPTIMAL -> new Result(Status.OPTIMAL, values(vars));
            case FEASIBLE -> new Result(Status.FEASIBLE, values(vars));
            case INFEASIBLE -> new Result(Status.INFEASIBLE, null);
            case UNKNOWN -> new Result(Status.NO_SOLUTION, null);
            default -> new Result(Status.ERROR, null);
        };
    }

    private long[] values(IntVar[] vars) {
        long[] out = new long[vars.length];
        for (int v = 0; v < vars.length; v++) {
            out[v] = solver.value(vars[v]);
        }
        return out;
    }
}

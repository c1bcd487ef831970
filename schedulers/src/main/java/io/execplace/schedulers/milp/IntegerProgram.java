package io.execplace.schedulers.milp;

import java.util.Arrays;

/**
 * A small integer linear program in a solver-neutral form: bounded integer variables, linear
 * constraints {@code lo ≤ Σ coef·x ≤ hi} and an objective to minimise, all with integer
 * coefficients. {@link PlacementFormulation} builds one per decision; an {@link
 * IntegerProgramSolver} translates it for CP-SAT or SCIP, so the two solve the very same program.
 */
final class IntegerProgram {

    private long[] lower = new long[16];
    private long[] upper = new long[16];
    private long[] objective = new long[16];
    private int variables;

    private int[][] rowVars = new int[8][];
    private long[][] rowCoefs = new long[8][];
    private long[] rowLower = new long[8];
    private long[] rowUpper = new long[8];
    private int rows;

    /** Adds an integer variable {@code lb ≤ x ≤ ub} with the given objective coefficient; returns its index. */
    int addVariable(long lb, long ub, long objectiveCoefficient) {
        if (lb > ub) {
            throw new IllegalArgumentException("empty variable domain [" + lb + ", " + ub + "]");
        }
        if (variables == lower.length) {
            int n = variables * 2;
            lower = Arrays.copyOf(lower, n);
            upper = Arrays.copyOf(upper, n);
            objective = Arrays.copyOf(objective, n);
        }
        lower[variables] = lb;
        upper[variables] = ub;
        objective[variables] = objectiveCoefficient;
        return variables++;
    }

    /** Adds {@code lo ≤ Σ coefs[k]·x[vars[k]] ≤ hi} (the arrays are kept, not copied). */
    void addConstraint(int[] vars, long[] coefs, long lo, long hi) {
        if (vars.length != coefs.length) {
            throw new IllegalArgumentException("constraint has " + vars.length + " variables and " + coefs.length
                    + " coefficients");
        }
        if (rows == rowVars.length) {
            int n = rows * 2;
            rowVars = Arrays.copyOf(rowVars, n);
            rowCoefs = Arrays.copyOf(rowCoefs, n);
            rowLower = Arrays.copyOf(rowLower, n);
            rowUpper = Arrays.copyOf(rowUpper, n);
        }
        rowVars[rows] = vars;
        rowCoefs[rows] = coefs;
        rowLower[rows] = lo;
        rowUpper[rows] = hi;
        rows++;
    }

    int variables() {
        return variables;
    }

    long lower(int var) {
        return lower[var];
    }

    long upper(int var) {
        return upper[var];
    }

    long objective(int var) {
        return objective[var];
    }

    int constraints() {
        return rows;
    }

    int[] constraintVariables(int row) {
        return rowVars[row];
    }

    long[] constraintCoefficients(int row) {
        return rowCoefs[row];
    }

    long constraintLower(int row) {
        return rowLower[row];
    }

    long constraintUpper(int row) {
        return rowUpper[row];
    }

    /** True when the values respect every bound and constraint (used to check solver answers). */
    boolean isFeasible(long[] values) {
        if (values.length != variables) {
            return false;
        }
        for (int v = 0; v < variables; v++) {
            if (values[v] < lower[v] || values[v] > upper[v]) {
                return false;
            }
        }
        for (int r = 0; r < rows; r++) {
            long sum = 0;
            for (int k = 0; k < rowVars[r].length; k++) {
                sum += rowCoefs[r][k] * values[rowVars[r][k]];
            }
            if (sum < rowLower[r] || sum > rowUpper[r]) {
                return false;
            }
        }
        return true;
    }

    /** The objective value of an assignment. */
    long objectiveValue(long[] values) {
        long sum = 0;
        for (int v = 0; v < variables; v++) {
            sum += objective[v] * values[v];
        }
        return sum;
    }
}

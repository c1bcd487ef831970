/**
 * The exact per-job scheduler {@code milp}: the HYB paper's integer program (Eq. 16; TPDS Eq. 6
 * with beta) solved by OR-Tools CP-SAT or SCIP, its options, and the gio fallback when the solver
 * finds nothing in time; and {@code milp-elastic}, the same program with an elastic cluster's launch
 * billing, spot interruption cost and late-node penalty in its coefficients.
 *
 * <p>May import {@code core.io}, {@code core.model}, {@code core.policy}, {@code core.rules}, {@code
 * schedulers.heuristics}, {@code schedulers.spi}.
 */
package io.execplace.schedulers.milp;

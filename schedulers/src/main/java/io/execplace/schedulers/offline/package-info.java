/**
 * The offline optimum: the cheapest schedule of a whole workload when every arrival is known,
 * solved as one integer program on a time grid. Not a scheduler (it knows the future): a
 * reference beside the cost lower bound of {@code core.metrics}, kept here because it uses milp's
 * solvers.
 *
 * <p>May import {@code core.metrics}, {@code core.model}, {@code core.policy}, {@code core.rules},
 * {@code core.sim}, {@code schedulers.milp}.
 */
package io.execplace.schedulers.offline;

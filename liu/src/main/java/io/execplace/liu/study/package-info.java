/**
 * {@code execplace reproduce liu}: the LIU study (§V: Figs. 4–5, Tables II–III) and its report.
 *
 * <p>May import {@code core.io}, {@code core.progress}, {@code experiments.heldout}, {@code experiments.report}, {@code
 * experiments.results}, {@code experiments.run}, {@code experiments.study}, {@code liu.agent}, {@code liu.env},
 * {@code liu.managers}, {@code liu.metrics}, {@code liu.model}, {@code liu.pairmanager}, {@code liu.sim}, {@code rl.nn},
 * {@code rl.train}, {@code schedulers.spi} (how managers are named).
 */
package io.execplace.liu.study;

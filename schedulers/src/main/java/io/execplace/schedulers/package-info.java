/**
 * The built-in schedulers: {@code Schedulers} assembles the registry of the heuristics, {@code
 * milp}, {@code lookahead} and the elastic policies. The one place that knows every family; the
 * families know only {@code spi}.
 *
 * <p>May import {@code core.policy}, {@code schedulers.elastic}, {@code schedulers.heuristics},
 * {@code schedulers.lookahead}, {@code schedulers.milp}, {@code schedulers.spi}.
 */
package io.execplace.schedulers;

/**
 * The papers' placement heuristics: Spark's round robin (spread out) and consolidate, first fit,
 * GIO, AsQ, AEP and random, with the allocation-free {@code PlacementBuilder} they share and the
 * frame that drives it ({@code PackingHeuristic}).
 *
 * <p>May import {@code core.model}, {@code core.policy}, {@code core.rules}.
 */
package io.execplace.schedulers.heuristics;

/**
 * The LIU multi-cluster model (Liu et al., time-critical hybrid workloads): clusters of identical
 * executor slots, applications of three categories (regular, time-critical, streaming
 * time-critical), the three arrival patterns and the workload generator. The physics that runs
 * them is in {@link io.execplace.liu.sim}; see {@code docs/liu.md}.
 *
 * <p>May import {@code core.io}.
 */
package io.execplace.liu.model;

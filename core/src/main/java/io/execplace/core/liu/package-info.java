/**
 * The LIU multi-cluster model (Liu et al., time-critical hybrid workloads): clusters of identical
 * executor slots, applications of three categories (regular, time-critical, streaming
 * time-critical), the three arrival patterns and the workload generator. The physics that runs
 * them is in {@link io.execplace.core.liu.sim}; see {@code docs/liu.md}.
 */
package io.execplace.core.liu;

/**
 * The domain model as immutable records with units in their names: VM types and VMs, sites,
 * clusters and their presets, pricing models, jobs (Spark applications) with their executors, job
 * types, placements and workloads.
 *
 * <p>May import {@code core.io}.
 */
package io.execplace.core.model;

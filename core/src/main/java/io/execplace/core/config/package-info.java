/**
 * Cluster files: the YAML form of a cluster of priced VMs (types, counts, sites, prices), read
 * with every error naming file, line and field.
 *
 * <p>May import {@code core.io}, {@code core.model}.
 */
package io.execplace.core.config;

/**
 * The price table: node price per hour by instance type and site, read from a file with errors
 * naming file, line and field.
 *
 * <p>May import {@code core.io}.
 */
package io.execplace.kubernetes.pricing;

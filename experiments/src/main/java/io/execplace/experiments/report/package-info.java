/**
 * Charts (PNG + SVG) and self-contained HTML reports for experiment results.
 *
 * <p>Generic on purpose: nothing here knows about schedulers or pricing models, so the
 * {@code compare} and {@code reproduce} commands can both feed it. Every file is written
 * atomically (temporary file in the same directory, then an atomic rename), so a reader never
 * sees half a chart or half a report, and a failed write leaves the previous file untouched.
 * Chart rendering is headless.
 */
package io.execplace.experiments.report;

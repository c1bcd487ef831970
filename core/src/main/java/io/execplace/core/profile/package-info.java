/**
 * Job-type profiles: the base durations of WordCount, Sort and PageRank and their placement factors
 * (docs/profile.md). The papers' numbers are the built-in {@link io.execplace.core.profile.JobProfile#paper()};
 * a profile measured on a real Spark cluster ({@code execplace profile}) is read with
 * {@link io.execplace.core.profile.ProfileFile}.
 *
 * <p>May import {@code core.io}, {@code core.model}, {@code core.rules}.
 */
package io.execplace.core.profile;

/**
 * The rule-based global managers of LIU §V-B: {@code random}, {@code sf-p}, {@code lf-p}, {@code sf-e}, {@code lf-e}.
 *
 * <p>May import {@code core.io}, {@code liu.model}, {@code liu.sim}.
 */
package io.execplace.liu.managers;

/** The rule-based global managers of LIU §V-B: {@code random}, {@code sf-p}, {@code lf-p}, {@code sf-e}, {@code lf-e}. */
package io.execplace.schedulers.liu;

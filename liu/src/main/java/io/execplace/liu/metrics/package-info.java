/**
 * LIU §V-C evaluation: Eval (Eq. 9) and the comparative Score-A…D of an approach against a baseline.
 *
 * <p>May import nothing of execplace.
 */
package io.execplace.liu.metrics;

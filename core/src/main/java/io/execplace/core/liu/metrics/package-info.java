/** LIU §V-C evaluation: Eval (Eq. 9) and the comparative Score-A…D of an approach against a baseline. */
package io.execplace.core.liu.metrics;

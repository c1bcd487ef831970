/**
 * Binding executor pods to nodes through the API server, with retries and the result of each
 * attempt.
 *
 * <p>May import nothing of execplace.
 */
package io.execplace.kubernetes.bind;

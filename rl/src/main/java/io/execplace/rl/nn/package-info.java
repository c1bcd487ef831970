/**
 * Small dense neural networks written for speed on one core: layers, activations, losses, Adam,
 * the shuffled order of minibatches, and a GEMM path for large batches. Imports only core.io (for
 * the model file format).
 *
 * <p>May import {@code core.io}.
 */
package io.execplace.rl.nn;

/**
 * How far a long piece of work is: the one progress type of the runner, the cell engines, the
 * studies and the trainings, here at the bottom of the module stack so that every module can report
 * through it; and, kept apart from it, the one seam through which a training in rounds hands each
 * round's result to its caller ({@link io.execplace.core.progress.RoundResults}).
 *
 * <p>May import nothing of execplace.
 */
package io.execplace.core.progress;

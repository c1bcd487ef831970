package io.execplace.core.progress;

import java.io.IOException;

/**
 * Told each finished round's result of a training that works in rounds (expert iteration, choice
 * regression): what the caller saves, evaluates or prints. A result, not progress — how far the work
 * is goes to {@link ProgressListener}.
 *
 * @param <R> the round's result
 */
@FunctionalInterface
public interface RoundResults<R> {

    /** Called on the training's thread, in round order; a failure here stops the training. */
    void roundDone(R round) throws IOException;
}

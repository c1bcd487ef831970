package io.execplace.core.io;

import java.io.IOException;

/**
 * A consumer that may throw {@link IOException}; lets file-writing callbacks use ordinary
 * {@code Writer} methods without wrapping every call.
 *
 * @param <T> what the callback receives (a {@code Writer} or {@code OutputStream})
 */
@FunctionalInterface
public interface IOConsumer<T> {

    void accept(T value) throws IOException;
}

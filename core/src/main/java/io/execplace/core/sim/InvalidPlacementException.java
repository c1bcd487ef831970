package io.execplace.core.sim;

/** A placement policy returned a placement that breaks the rules (wrong size, unknown VM, over capacity). */
public final class InvalidPlacementException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public InvalidPlacementException(String message) {
        super(message);
    }
}

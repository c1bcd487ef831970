package io.execplace.kubernetes.run;

/**
 * The Kubernetes API server cannot be used: it does not answer, or it refuses the credentials. An
 * environment problem, not bad input and not a bug: the message says which server and which
 * configuration were tried, and what to check.
 */
public final class ApiServerUnavailableException extends RuntimeException {

    public ApiServerUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}

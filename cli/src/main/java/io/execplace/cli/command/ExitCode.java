package io.execplace.cli.command;

/** The exit codes of execplace's commands. */
public final class ExitCode {

    /** A failed run: an I/O error, a policy that broke the rules, an internal error. */
    public static final int FAILURE = 1;
    /** Bad input: unknown names, malformed files, impossible numbers, refused options. */
    public static final int BAD_INPUT = 2;
    /** Something outside execplace cannot be used (the Kubernetes API server does not answer or refuses us). */
    public static final int ENVIRONMENT = 3;

    private ExitCode() {
    }
}

package io.execplace.cli;

import io.execplace.schedulers.milp.NativeSolves;
import sun.misc.Signal;

import java.io.PrintStream;

/**
 * Ctrl-C (SIGINT) of a command: the solvers' native threads are stopped first ({@link
 * NativeSolves#stopAll}), then one line, then exit code 130 (128 + the signal's number, as shells
 * report it). The JVM's default exit would run the C++ static destructors while CP-SAT is still
 * searching, which aborts the process in native code (exit 134). Output folders are staged (a
 * shutdown hook removes the staging folder) and files renamed into place only once complete, so an
 * interrupted run leaves every earlier output as it was.
 */
final class Interrupts {

    /** The exit code of a run ended by Ctrl-C. */
    static final int EXIT_INTERRUPTED = 130;

    /** How long the solvers get to leave native code; a search checks its stop flag many times a second. */
    private static final long SOLVER_STOP_MILLIS = 10_000;

    private Interrupts() {
    }

    /** Installs the handler (once per process, before the command runs). */
    static void install(PrintStream err) {
        try {
            Signal.handle(new Signal("INT"), signal -> interrupted(err));
        } catch (IllegalArgumentException e) {
            // No SIGINT on this platform or the JVM reserves it (-Xrs): keep the JVM's own handling.
        }
    }

    private static void interrupted(PrintStream err) {
        NativeSolves.stopAll(SOLVER_STOP_MILLIS);
        err.println("execplace: interrupted; nothing was written (earlier outputs are as they were)");
        err.flush();
        System.exit(EXIT_INTERRUPTED);
    }
}

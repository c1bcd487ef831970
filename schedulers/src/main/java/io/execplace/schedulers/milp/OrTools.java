package io.execplace.schedulers.milp;

import com.google.ortools.Loader;

/** Loads OR-Tools' native libraries once per JVM, the first time a solver is made. */
public final class OrTools {

    private OrTools() {
    }

    /** The holder's class initialisation runs exactly once, whatever the number of threads. */
    private static final class Holder {
        static {
            Loader.loadNativeLibraries();
        }

        static void touch() {
            // Loading happened in the static initialiser.
        }
    }

    /** Loads the native libraries if no solver has yet. */
    public static void load() {
        Holder.touch();
    }
}

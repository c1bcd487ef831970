package io.execplace.experiments.report;

/**
 * Switches AWT to headless mode before any chart code touches it. Experiments run on servers and
 * in CI without a display; without this, AWT may try to connect to one and fail.
 */
final class Headless {

    static {
        System.setProperty("java.awt.headless", setting(System.getProperty("java.awt.headless")));
    }

    private Headless() {
    }

    /** The value to use: an explicit choice ({@code -Djava.awt.headless=false} on a desktop), else headless. */
    static String setting(String explicit) {
        return explicit == null ? "true" : explicit;
    }

    /** Runs the static initialiser once; cheap afterwards. Call before any AWT use. */
    static void ensure() {
        // the work happens in the static block
    }
}

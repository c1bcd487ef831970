package io.execplace.experiments.report;

/**
 * Switches AWT to headless mode before any chart code touches it. Experiments run on servers and
 * in CI without a display; without this, AWT may try to connect to one and fail.
 */
final class Headless {

    static {
        // Respect an explicit choice (-Djava.awt.headless=false on a desktop); default to headless.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Headless() {
    }

    /** Runs the static initialiser once; cheap afterwards. Call before any AWT use. */
    static void ensure() {
        // the work happens in the static block
    }
}

package io.execplace.cli.output;

import picocli.CommandLine;

/** Reports the version from the jar manifest ({@code dev} when run from classes). */
public final class Version implements CommandLine.IVersionProvider {

    static String version() {
        String v = Version.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }

    @Override
    public String[] getVersion() {
        return new String[]{"execplace " + version(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")"};
    }
}

package io.execplace.architecture;

import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.LocationProvider;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The class path entries that hold execplace's modules: their class folders in this checkout (a reactor
 * build) or their jars. Importing these alone, rather than scanning every jar of Spark for the package,
 * takes the class import from most of a minute to seconds.
 */
final class ExecplaceModules implements LocationProvider {

    @Override
    public Set<Location> get(Class<?> testClass) {
        Path root = RepoRoot.find();
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().normalize())
                .filter(entry -> entry.startsWith(root) || entry.getFileName().toString().startsWith("execplace-"))
                .filter(entry -> !entry.endsWith("test-classes"))
                .map(Location::of)
                .collect(Collectors.toSet());
    }
}

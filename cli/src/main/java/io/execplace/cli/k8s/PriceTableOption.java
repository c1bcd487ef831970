package io.execplace.cli.k8s;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** {@code --prices}: the price table that nodes are priced and billed at ({@code k8s-scheduler}, {@code replay}). */
final class PriceTableOption {

    @Option(names = "--prices", paramLabel = "FILE", required = true,
            description = "Price table (YAML, version 1): instance type -> price per hour (the testbed's DIR/prices.yaml).")
    Path file;
}

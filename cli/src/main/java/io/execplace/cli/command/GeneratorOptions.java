package io.execplace.cli.command;

import picocli.CommandLine.Option;

/**
 * What shapes a generated workload besides its preset, size and seed: request ranges, arrival gaps and
 * deadlines ({@code --deadline-tolerance} also moves a trace file's deadlines). Part of {@link
 * ScenarioOptions}, and {@code generate}'s own.
 */
public final class GeneratorOptions {

    @Option(names = "--requests", paramLabel = "paper|reference",
            description = "Request ranges of generated jobs: paper (cores 1-6, 1-10 GB, 1-8 executors) or reference (1-4, 2-12 GB, 1-7).")
    public String requests;

    @Option(names = "--deadline-tolerance", paramLabel = "SECONDS",
            description = "Deadline tolerance (HYB: 1000 s light, 5000 s high); for trace files it is added to every deadline.")
    public Double deadlineTolerance;

    @Option(names = "--mean-gap", paramLabel = "SECONDS", description = "Mean arrival gap of the hybrid and HJS workloads.")
    public Double meanGap;

    @Option(names = "--gaps", paramLabel = "poisson|exponential",
            description = "Arrival gaps of the hybrid and HJS workloads: integer Poisson (reference simulator) or exponential.")
    public String gaps;

    @Option(names = "--deadline-share", paramLabel = "FRACTION",
            description = "HJS presets: fraction of jobs with a deadline, 0..1 (hjs-60-*: 0.6).")
    public Double deadlineShare;

    @Option(names = "--deadline-slack", paramLabel = "FACTOR",
            description = "HJS presets: mean deadline slack in base durations (deadline = arrival + r x (1 + FACTOR x U[0,2))); default 1.")
    public Double deadlineSlack;
}

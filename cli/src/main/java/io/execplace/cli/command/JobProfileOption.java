package io.execplace.cli.command;

import picocli.CommandLine.Option;

/** {@code --profile}: the job-type profile file, for the commands that generate or run TPDS and HJS jobs. */
public final class JobProfileOption {

    @Option(names = "--profile", paramLabel = "FILE",
            description = "Job-type profile (execplace profile, docs/profile.md): base durations of TPDS and HJS jobs and "
                    + "each type's placement factor. Default: the papers' numbers.")
    public String file;
}

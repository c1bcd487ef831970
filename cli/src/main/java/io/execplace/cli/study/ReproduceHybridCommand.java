package io.execplace.cli.study;

import io.execplace.cli.command.Options;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.MilpSolverOptions;
import io.execplace.experiments.study.HybridStudy;
import io.execplace.schedulers.spi.SchedulerOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code execplace reproduce hybrid}: the HYB paper's simulation study (§6.3). */
@Command(name = "hybrid", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"The HYB paper's simulation study (section 6.3) as CSV, charts and an HTML report.",
                "Cost per pricing model x load (Figs. 2-3), deadline-met %% with and without admission (Fig. 4),",
                "mean duration (Fig. 5), scheduling delay (Tables 4-5) and the 10,000-job large scale on",
                "hybrid-large (Fig. 6), EDF queue, for round-robin (FIFO), round-robin-consolidate (FIFO-C), asq,",
                "first-fit, gio and the exact milp (at every scale)."})
final class ReproduceHybridCommand extends StudyCommand {

    @Option(names = "--quick", description = "2 seeds, 300 small-scale and 2,000 large-scale jobs (under a minute).")
    boolean quick;

    @Option(names = "--seeds", paramLabel = "N", description = "Seeds per cell (default 5, as the paper).")
    Integer seeds;

    @Option(names = "--jobs", paramLabel = "N", description = "Jobs per small-scale run (default 1000).")
    Integer jobs;

    @Option(names = "--large-jobs", paramLabel = "N", description = "Jobs per large-scale run (default 10000).")
    Integer largeJobs;

    @Mixin
    MilpSolverOptions milpOptions;

    @Override
    public Integer call() throws Exception {
        study.checkStaged(context());
        HybridStudy.Settings base = quick ? HybridStudy.Settings.quick() : HybridStudy.Settings.full();
        HybridStudy.Settings settings = Options.checked("--seeds, --jobs, --large-jobs",
                () -> base.with(seeds, jobs, largeJobs));
        SchedulerOptions milp = milpOptions.tuning().build()
                .withMilp(SchedulerOptions.defaults());
        study.run(spec, context(), "reproduce hybrid", runner -> new HybridStudy(settings, runner, milp));
        return 0;
    }
}

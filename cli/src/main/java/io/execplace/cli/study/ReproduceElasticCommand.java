package io.execplace.cli.study;

import io.execplace.cli.command.Options;
import io.execplace.cli.output.Version;
import io.execplace.experiments.study.ElasticStudy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code execplace reproduce elastic}: spot capacity under deadlines on elastic node pools (docs/elastic.md). */
@Command(name = "elastic", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"The elastic-cluster spot study as CSV, charts and an HTML report (docs/elastic.md).",
                "AWS m7g nodes priced and interrupted as published, on-demand only, spot + on-demand, and spot with",
                "an availability trace; hybrid-medium and hybrid-day; today's stack (kube-default, kube-most), the",
                "practitioners' rule (kube-spot), Uniform Progress and finish-together(-spot). Held-out seeds 1001-."})
final class ReproduceElasticCommand extends StudyCommand {

    @Option(names = "--quick", description = "2 seeds, 300 hybrid-medium and 2,000 hybrid-day jobs.")
    boolean quick;

    @Option(names = "--seeds", paramLabel = "N", description = "Seeds per cell (default 5).")
    Integer seeds;

    @Option(names = "--first-seed", paramLabel = "N",
            description = "First seed (default 1001, held out; the policies were tuned on seeds 1-3).")
    Long firstSeed;

    @Option(names = "--jobs", paramLabel = "N", description = "Jobs per hybrid-medium run (default 1000).")
    Integer jobs;

    @Option(names = "--day-jobs", paramLabel = "N", description = "Jobs per hybrid-day run (default 10000).")
    Integer dayJobs;

    @Option(names = "--drivers", description = "Every application runs a driver pod (Spark's defaults, 1 core and 1g + "
            + "384 MiB) on the pools: the +drivers presets, where kube-spot keeps drivers on on-demand and a driver's "
            + "node taken back restarts its application (docs/elastic.md, \"Driver pods\").")
    boolean drivers;

    @Override
    public Integer call() throws Exception {
        study.checkStaged(context());
        ElasticStudy.Settings base = quick ? ElasticStudy.Settings.quick() : ElasticStudy.Settings.full();
        ElasticStudy.Settings settings = Options.checked("--seeds, --first-seed, --jobs, --day-jobs",
                () -> base.with(seeds, firstSeed, jobs, dayJobs));
        study.run(spec, context(), "reproduce elastic", runner -> new ElasticStudy(settings, runner, drivers));
        return 0;
    }
}

package io.execplace.cli.study;

import io.execplace.cli.command.DeprecatedNames;
import io.execplace.cli.command.LiuApps;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Progress;
import io.execplace.cli.output.Version;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.core.progress.ProgressListener;

import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.study.StudyOutcome;
import io.execplace.liu.pairmanager.PairTrainingConfig;
import io.execplace.liu.study.LiuStudy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;

/** {@code execplace reproduce liu}: the LIU paper's study (§V). */
@Command(name = "liu", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"The LIU multi-cluster study: the value agent against the five baselines (Figs. 4-5, Tables II-III).",
                "The LIU paper's study (section V) as CSV, charts and an HTML report: the value agent trained",
                "with the SF-E-guided epsilon-greedy on the Bernoulli, uniform and Beta arrival patterns (Fig. 4(a-c)),",
                "with plain epsilon-greedy on Bernoulli (Fig. 4(d)), against random, sf-p, lf-p, sf-e and lf-e on the",
                "same held-out test workloads (Fig. 5, Table II), and on eased and stressed uniform workloads (Table III);",
                "beside it the pair manager (beyond the paper: imitation of outlook, then counterfactual rollouts).",
                "Trainings resume from the checkpoints in the output folder."})
final class ReproduceLiuCommand extends StudyCommand {

    @Option(names = "--quick", description = "60 episodes of 150 applications, a 256-64 network, 10 test episodes (minutes).")
    boolean quick;

    @Option(names = "--episodes", paramLabel = "N", description = "Training episodes per agent (default 2000).")
    Integer episodes;

    @Mixin
    LiuApps apps;

    @Option(names = "--test-episodes", paramLabel = "N", description = "Test workloads per pattern (default 50).")
    Integer testEpisodes;

    @Option(names = "--curve-points", paramLabel = "N",
            description = "Evaluations of each agent during training, for Fig. 4 (default 20; each costs --curve-episodes greedy episodes).")
    Integer curvePoints;

    @Option(names = "--curve-episodes", paramLabel = "N", description = "Test workloads per curve point (default 10).")
    Integer curveEpisodes;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of training and test workloads (default 1).")
    Long seed;

    @Option(names = "--runs", paramLabel = "LIST", split = ",",
            description = "Trainings to run, comma-separated, of bernoulli, uniform, beta, bernoulli-plain (default all four; "
                    + "Table III needs uniform, Fig. 4(d) both Bernoulli ones).")
    List<String> runs;

    @Option(names = "--no-pair-manager", description = "Leave out the pair manager (beyond the paper; about 10 min of "
            + "training per pattern, seconds with --quick).")
    Boolean noPairManager;

    /** The old name of --no-pair-manager ("pairs" is the size-free pair agent's): still read, with a warning. */
    @Option(names = "--no-pairs", hidden = true)
    Boolean oldNoPairs;

    @Override
    public Integer call() throws Exception {
        study.check(context());
        noPairManager = DeprecatedNames.either(context(), "--no-pairs", oldNoPairs, "--no-pair-manager", noPairManager);
        LiuStudy.Settings s = Options.checked("--episodes, --apps, --test-episodes, --seed, --curve-points, --curve-episodes",
                this::settings);
        List<LiuStudy.Run> chosen = runs == null ? LiuStudy.Run.all()
                : Options.checked("--runs", () -> runs.stream().map(LiuStudy.Run::of).toList());
        if (chosen.stream().distinct().count() != chosen.size()) {
            throw new BadInputException("--runs: each training at most once, got " + runs);
        }
        OutputPaths.checkFolder("--out", study.out); // the trainings resume from their checkpoints in it
        return runStudy(s, chosen);
    }

    /** The study's settings: a preset with the options given laid over it. */
    private LiuStudy.Settings settings() {
        LiuStudy.Settings s = quick ? LiuStudy.Settings.quick() : LiuStudy.Settings.full();
        if (episodes != null) {
            s = s.withEpisodes(episodes);
        }
        if (apps.apps != null) {
            s = s.withApps(apps.apps);
        }
        if (testEpisodes != null) {
            s = s.withTestEpisodes(testEpisodes);
        }
        if (seed != null) {
            s = s.withSeed(seed);
        }
        if (curvePoints != null || curveEpisodes != null) {
            s = s.withCurve(curveEpisodes != null ? curveEpisodes : s.curveEpisodes(),
                    curvePoints != null ? curvePoints : s.evaluations());
        }
        if (study.threads != null) {
            s = s.withThreads(study.threads);
        }
        return s;
    }

    private int runStudy(LiuStudy.Settings s, List<LiuStudy.Run> chosen) throws Exception {
        ProgressListener progress = Progress.timedLines(spec.commandLine().getErr(), study.quietOption.quiet);
        StudyOutcome outcome;
        try (CellEngine cells = study.open(context(), s.threads())) {
            LiuStudy liu = cells == null ? new LiuStudy() : new LiuStudy().withEngine(cells);
            if (!Boolean.TRUE.equals(noPairManager)) {
                liu = liu.withPairs(quick ? PairTrainingConfig.quick() : PairTrainingConfig.standard());
            }
            outcome = liu.run(s, chosen, study.out, progress);
        }
        StudyOptions.report(spec, study.out, List.of("table2.csv", "table3.csv", "curves.csv", "results.json", "charts/", "agents/"),
                outcome);
        return 0;
    }
}

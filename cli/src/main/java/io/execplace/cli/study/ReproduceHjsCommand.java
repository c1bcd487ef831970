package io.execplace.cli.study;

import io.execplace.cli.command.Options;
import io.execplace.cli.output.Progress;
import io.execplace.cli.output.Version;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.study.HjsStudy;
import io.execplace.experiments.study.HjsStudySettings;
import io.execplace.experiments.study.StudyOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;

/** {@code execplace reproduce hjs}: the HJS paper's study (§5, Figs. 1–2). */
@Command(name = "hjs", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"The HJS paper's study (section 5) as CSV, charts and an HTML report.",
                "The six job sets hjs-60-100 ... hjs-40-20 on c5; per job set an HJS agent (REINFORCE with baseline, hjs-weight queue)",
                "and the TPDS DQN agent are trained; Fig. 1 (Target and deadline success vs lambda) and Fig. 2",
                "(Target of HJS, FIFO+RR, EDF, DQN, gio and milp with EDF and hjs-weight) on the training and on",
                "held-out workloads, with 95%% intervals."})
final class ReproduceHjsCommand extends StudyCommand {

    @Option(names = "--quick", description = "2 training and 5 held-out workloads, short training, no milp (a few minutes).")
    boolean quick;

    @Option(names = "--job-sets", split = ",", paramLabel = "SET", description = "Job sets to run (default: all six).")
    List<String> jobSets;

    @Option(names = "--held-out", paramLabel = "N", description = "Held-out workloads per job set (default 20; quick 5).")
    Integer heldOut;

    @Option(names = "--train-workloads", paramLabel = "N", description = "Training workloads per job set (default 4; quick 2).")
    Integer trainWorkloads;

    @Option(names = "--hjs-iterations", paramLabel = "N", description = "REINFORCE iterations of the HJS agents (default 200; quick 30).")
    Integer hjsIterations;

    @Option(names = "--dqn-iterations", paramLabel = "N", description = "DQN iterations of the TPDS agents (default 2000; quick 300).")
    Integer dqnIterations;

    @Option(names = "--milp-time-limit", paramLabel = "MS",
            description = "milp time limit per decision in ms; 0 leaves milp out (default 200; quick 0).")
    Long milpTimeLimitMs;

    @Override
    public Integer call() throws Exception {
        HjsStudySettings s = quick ? HjsStudySettings.quick() : HjsStudySettings.full();
        if (jobSets != null) {
            HjsStudySettings before = s;
            s = Options.checked("--job-sets", () -> before.withJobSets(jobSets));
        }
        if (heldOut != null || trainWorkloads != null) {
            HjsStudySettings before = s;
            s = Options.checked(heldOut != null ? "--held-out" : "--train-workloads",
                    () -> before.withWorkloads(trainWorkloads != null ? trainWorkloads : before.trainWorkloads(),
                            heldOut != null ? heldOut : before.heldOutWorkloads()));
        }
        if (hjsIterations != null || dqnIterations != null) {
            HjsStudySettings before = s;
            s = Options.checked(hjsIterations != null ? "--hjs-iterations" : "--dqn-iterations",
                    () -> before.withIterations(hjsIterations != null ? hjsIterations : before.hjsIterations(),
                            dqnIterations != null ? dqnIterations : before.dqnIterations()));
        }
        if (milpTimeLimitMs != null) {
            HjsStudySettings before = s;
            s = Options.checked("--milp-time-limit", () -> before.withMilpTimeLimitMs(milpTimeLimitMs));
        }
        study.check(context());
        HjsStudy hjs = new HjsStudy(s, context().schedulers(), study.threads());
        StudyOutcome outcome;
        try (CellEngine cells = study.open(context(), study.threads());
             Progress progress = study.progress(spec, "reproduce hjs", hjs.totalWork())) {
            HjsStudy running = cells == null ? hjs : hjs.withEngine(cells);
            outcome = running.run(study.out, (done, total, what) -> progress.step(null));
        }
        StudyOptions.report(spec, study.out, List.of("results.csv", "results.json", "training.csv", "charts/", "agents/"), outcome);
        return 0;
    }
}

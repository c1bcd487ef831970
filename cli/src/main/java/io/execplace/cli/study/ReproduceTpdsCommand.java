package io.execplace.cli.study;

import io.execplace.cli.output.Progress;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.JobProfileOption;
import io.execplace.experiments.run.CellEngine;
import io.execplace.experiments.study.StudyOutcome;
import io.execplace.experiments.study.TpdsStudy;
import io.execplace.experiments.study.TpdsStudySettings;
import io.execplace.rl.agent.Algorithm;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import io.execplace.core.io.StagedFolder;
import io.execplace.core.profile.ProfileFile;
import java.nio.file.Path;
import java.util.List;

import static io.execplace.cli.command.Options.checked;

/** {@code execplace reproduce tpds}: the TPDS paper's RL study (§7) with DQN, REINFORCE, PPO and SAC. */
@Command(name = "tpds", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"The TPDS study: train DQN, REINFORCE, PPO and SAC, then compare them with the heuristics.",
                "Trains every agent for each beta on tpds-normal and tpds-burst,",
                "then compares them as schedulers with round-robin, round-robin-consolidate, first-fit, aep (and milp",
                "when available): convergence (Figs. 4-5), cost (Fig. 6), mean duration (Fig. 7), good placements",
                "(Fig. 8), the beta sweep (Fig. 9); then every agent and baseline on 20 held-out workloads beside the",
                "training one (intervals, win rates). CSV, JSON, charts and index.html. The full study takes hours on 2 cores."})
final class ReproduceTpdsCommand extends StudyCommand {

    @Option(names = "--quick", description = "beta 0 and 1, short training: a check that the pipeline runs (about 75 s of CPU, ~1 min on 2 idle cores).")
    boolean quick;

    @Option(names = "--agents", paramLabel = "a,b", split = ",", description = "Agents to train (default dqn,reinforce,ppo,sac).")
    List<String> agents;

    @Option(names = "--betas", paramLabel = "b,b", split = ",", description = "Beta values (default 0,0.25,0.5,0.75,1; quick 0,1).")
    List<Double> betas;

    @Option(names = "--iterations", paramLabel = "N", description = "Training iterations on tpds-normal for every agent (burst: x2 in the full study).")
    Integer iterations;

    @Option(names = "--busy-time", description = "Agents also observe every VM's remaining busy time (execplace extension; "
            + "default: the paper's observation).")
    boolean busyTime;

    @Option(names = "--per-job-reward", description = "Pay R_epi as it accrues, job by job; same undiscounted return "
            + "(execplace extension; default: R_epi at the end, as the paper).")
    boolean perJobReward;

    @Option(names = "--normal-trace", paramLabel = "FILE", description = "Trace to use instead of the generated "
            + "tpds-normal workload, e.g. the TPDS authors' input/jobs.csv (format detected; see docs/fidelity.md).")
    Path normalTrace;

    @Option(names = "--burst-trace", paramLabel = "FILE", description = "Trace to use instead of the generated "
            + "tpds-burst workload, e.g. the TPDS authors' input/jobs_burst.csv.")
    Path burstTrace;

    @Mixin
    JobProfileOption jobProfile;

    @Option(names = "--held-out", paramLabel = "N", description = "Held-out workloads every agent and baseline is also "
            + "judged on: other seeds and SWIM arrival windows (default 20).")
    Integer heldOut;

    @Override
    public Integer call() throws Exception {
        study.checkStaged(context());
        TpdsStudySettings.Builder settings = (quick ? TpdsStudySettings.quick() : TpdsStudySettings.full()).toBuilder();
        if (agents != null) {
            settings.agents(checked("--agents", () -> agents.stream().map(Algorithm::parse).toList()));
        }
        if (betas != null) {
            settings.betas(betas);
        }
        if (iterations != null) {
            settings.dqnIterations(iterations).reinforceIterations(iterations).ppoIterations(iterations);
        }
        settings.busyTime(busyTime).perJobReward(perJobReward);
        if (heldOut != null) {
            settings.heldOut(heldOut);
        }
        TpdsStudySettings built = checked("--agents, --betas, --iterations, --held-out", settings::build);
        TpdsStudy tpds = new TpdsStudy(built, context().schedulers(), study.threads());
        if (normalTrace != null || burstTrace != null) {
            tpds = tpds.withTraces(normalTrace, burstTrace);
        }
        if (jobProfile.file != null) {
            Path profile = checked("--profile", () -> Path.of(jobProfile.file));
            ProfileFile.read(profile); // refuses a bad profile before any training starts
            tpds = tpds.withProfile(profile);
        }
        StudyOutcome outcome;
        try (CellEngine cells = study.open(context(), study.threads());
             Progress progress = study.progress(spec, "reproduce tpds (iterations)", tpds.totalIterations())) {
            TpdsStudy running = cells == null ? tpds : tpds.withEngine(cells);
            try (StagedFolder folder = StagedFolder.create(study.out)) {
                outcome = running.run(folder.path(), (done, total, what) -> progress.step(null));
                folder.commit();
            }
        }
        StudyOptions.report(spec, study.out, List.of("results.csv", "results.json", "heldout.csv", "heldout.json", "curves.csv",
                "charts/", "agents/"), outcome);
        return 0;
    }
}

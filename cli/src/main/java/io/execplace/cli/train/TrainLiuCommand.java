package io.execplace.cli.train;

import io.execplace.cli.command.CommandContext;
import io.execplace.cli.command.ContextCommand;
import io.execplace.cli.command.DeprecatedNames;
import io.execplace.cli.command.LiuApps;
import io.execplace.cli.command.Options;
import io.execplace.cli.output.Progress;
import io.execplace.cli.output.Version;
import io.execplace.cli.command.QuietOption;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.OutputPaths;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.pairmanager.PairAgentFiles;
import io.execplace.liu.pairmanager.PairTrainer;
import io.execplace.liu.pairmanager.PairTrainingConfig;
import io.execplace.liu.sim.LiuSimulation;
import io.execplace.liu.study.LiuHeldOut;
import io.execplace.rl.train.AgentFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** {@code execplace train-liu}: the LIU pair manager, imitation of outlook then the policy gradient. */
@Command(name = "train-liu", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Train the LIU pair manager (beyond the paper): imitation of outlook, then the policy gradient.",
                "A network scores every (waiting application, cluster) pair from features Table I hides (committed",
                "work, projected misses); it clones outlook, runs DAgger rounds, then REINFORCE on a return that",
                "charges each dispatch with the misses it caused others. Training workloads only; the stage with",
                "the fewest misses on validation workloads (training stream) is kept. docs/liu.md."})
public final class TrainLiuCommand extends ContextCommand {

    public TrainLiuCommand(CommandContext context) {
        super(context);
    }

    @Option(names = "--arrivals", paramLabel = "PATTERN", defaultValue = "uniform",
            description = "Training workloads: bernoulli, uniform, beta, eased or stressed (default ${DEFAULT-VALUE}).")
    String arrivals;

    @Mixin
    LiuApps apps;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the network, the sampling and the training workloads (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--rl-iterations", paramLabel = "N",
            description = "Policy-gradient iterations (default: the standard schedule's).")
    Integer rlIterations;

    @Option(names = "--improve-rounds", paramLabel = "N",
            description = "Improvement rounds by counterfactual rollouts (default: the standard schedule's; 0: imitation only).")
    Integer improveRounds;

    @Option(names = "--quick", description = "A few episodes of each stage (seconds): a smoke run, not a useful agent.")
    boolean quick;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output folder, as train's: writes "
            + "DIR/agent.xprl (the manager agent:DIR). A path ending in .xprl is the old form (that file; deprecated).")
    Path out;

    @Mixin
    QuietOption quietOption;

    @Override
    public Integer call() throws Exception {
        LiuHeldOut.Arrivals a = Options.checked("--arrivals", () -> LiuHeldOut.Arrivals.of(arrivals));
        int episodeApps = apps.orPaper();
        if (seed < 0 || seed >= (1L << 20)) {
            throw BadInputException.option("--seed", "must be in 0..1048575 (training workload seeds stay below 2^40), got " + seed);
        }
        PairTrainingConfig base = quick ? PairTrainingConfig.quick() : PairTrainingConfig.standard();
        PairTrainingConfig withRl = rlIterations == null ? base : Options.checked("--rl-iterations",
                () -> base.withPolicyGradient(rlIterations, base.rlEpisodes(), base.rlRate()));
        PairTrainingConfig config = improveRounds == null ? withRl : Options.checked("--improve-rounds",
                () -> withRl.withImprovement(improveRounds, withRl.improveEpisodes()));
        // train-liu wrote one file before it took a folder as train does; a FILE.xprl still names that file.
        boolean oldFileForm = out.getFileName() != null && out.getFileName().toString().endsWith(".xprl")
                && !Files.isDirectory(out);
        if (oldFileForm) {
            OutputPaths.checkFile("--out", out);
            DeprecatedNames.warn(context, "--out FILE.xprl", "--out DIR (writes DIR/" + AgentFiles.MODEL_FILE + ")");
        } else {
            OutputPaths.checkFolder("--out", out);
        }
        Path file = oldFileForm ? out : out.resolve(AgentFiles.MODEL_FILE);
        long t0 = System.nanoTime();
        PairTrainer trainer = new PairTrainer(ExecutorClusters.liu(), LiuSimulation.DEFAULT_MIN_SHARE, a.spec(episodeApps), config, seed,
                Progress.timedLines(spec.commandLine().getErr(), quietOption.quiet));
        PairTrainer.Result result = trainer.train();
        if (!oldFileForm) {
            Files.createDirectories(out);
        }
        PairAgentFiles.write(file, result.model(), trainer.metadata(result, a.label()));
        PrintWriter o = spec.commandLine().getOut();
        o.printf(Locale.ROOT, "wrote %s (manager agent:%s; kept stage %s; %.0f s)%n", file, out, result.best(),
                (System.nanoTime() - t0) / 1e9);
        o.flush();
        return 0;
    }
}

package io.execplace.cli.k8s;

import io.execplace.cli.output.Version;
import io.execplace.core.io.BadInputException;
import io.execplace.experiments.study.ReplayReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code execplace report}: an HTML report of replays on the Kubernetes testbed, each figure beside
 * the simulator's prediction and the sim-to-real gap (docs/testbed.md).
 */
@Command(name = "report", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = {"Write an HTML report of replays on the Kubernetes testbed (docs/testbed.md).",
                "From the JSON files of execplace replay --json: every figure, the simulator's prediction of it",
                "(--predict) and the sim-to-real gap."})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--replay", paramLabel = "JSON", required = true, description = "A replay's JSON file (repeat for several).")
    List<Path> replays = new ArrayList<>();

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "The HTML file to write (one self-contained page).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Path folder = out.toAbsolutePath().getParent();
        if (!Files.isDirectory(folder)) {
            throw BadInputException.option("--out", "no directory " + folder);
        }
        if (Files.isDirectory(out)) {
            throw BadInputException.option("--out", out + " is a directory; give the HTML file's name");
        }
        List<ReplayReport.Replay> read = new ArrayList<>();
        for (Path r : replays) {
            read.add(ReplayReport.read(r));
        }
        ReplayReport.report(read).write(out);
        spec.commandLine().getOut().println("wrote " + out);
        return 0;
    }
}

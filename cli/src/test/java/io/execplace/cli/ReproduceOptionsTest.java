package io.execplace.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The reproduce commands share their study options: the same names, help and checks everywhere. */
class ReproduceOptionsTest {

    private static final List<String> SHARED = List.of("--threads", "--quiet", "--engine", "--master");

    @Test
    void everyStudyHasTheSharedOptionsWithOneHelpText() {
        PrintWriter sink = new PrintWriter(new StringWriter());
        CommandLine reproduce = Main.commandLine(Main.schedulers(), Map.of(), Main.Extensions.none(), sink, sink)
                .getSubcommands().get("reproduce");
        assertThat(reproduce.getSubcommands().keySet()).containsExactlyInAnyOrder("tpds", "hybrid", "hjs", "liu", "elastic");
        for (String option : SHARED) {
            List<String> helps = reproduce.getSubcommands().values().stream()
                    .map(study -> study.getCommandSpec().findOption(option))
                    .map(o -> o == null ? "missing" : String.join(" ", o.description()))
                    .distinct().toList();
            assertThat(helps).as(option).hasSize(1).doesNotContain("missing");
        }
        OptionSpec quiet = reproduce.getSubcommands().get("liu").getCommandSpec().findOption("-q");
        assertThat(quiet.longestName()).isEqualTo("--quiet");
    }

    @Test
    void aBadThreadCountIsRefusedTheSameWayByEveryStudy() {
        for (String study : List.of("tpds", "hybrid", "hjs", "liu", "elastic")) {
            CliRunner.Result r = CliRunner.run("reproduce", study, "--quick", "--threads", "0", "--out",
                    "target/never-written-" + study);
            assertThat(r.exitCode()).as(study).isEqualTo(Main.EXIT_BAD_INPUT);
            assertThat(r.err()).as(study).contains("--threads").contains("at least 1");
            assertThat(java.nio.file.Path.of("target/never-written-" + study)).doesNotExist();
        }
    }
}

package io.execplace.experiments.scenario;

import io.execplace.schedulers.milp.MilpOptions;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFileException;
import io.execplace.core.rules.QueuePolicy;
import io.execplace.core.rules.Billing;
import io.execplace.schedulers.Schedulers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScenarioResolverTest {

    private final ScenarioResolver resolver = new ScenarioResolver(Schedulers.builtIn());

    @TempDir
    Path dir;

    private Path file(String yaml) throws IOException {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    private ScenarioSpec spec(String yaml) throws IOException {
        return resolver.spec(ScenarioFiles.read(file(yaml)));
    }

    private String error(String yaml) throws IOException {
        Path f = file(yaml);
        try {
            resolver.resolve(ScenarioFiles.read(f), dir);
        } catch (BadInputException e) {
            return e.getMessage().replace(f.toString(), "s.yaml");
        }
        throw new AssertionError("accepted: " + yaml);
    }

    @Test
    void commandLineOverFileOverDefaults() throws IOException {
        ScenarioInput fileInput = ScenarioFiles.read(file("name: mine\ncluster: tpds\nworkload: tpds-normal\n"
                + "seeds: 3\nqueue: edf\nbilling: hourly\n"));
        ScenarioInput cli = ScenarioInput.empty().withOption("seeds", 2, "--seeds").withOption("queue", "fcfs", "--queue");
        ScenarioSpec s = resolver.spec(cli.over(fileInput));
        assertThat(s.seeds().count()).isEqualTo(2);              // command line
        assertThat(s.rules().queue()).isEqualTo(QueuePolicy.FCFS); // command line over the file's edf
        assertThat(s.rules().billing()).isEqualTo(Billing.HOURLY); // file
        assertThat(s.cluster().name()).isEqualTo("tpds");          // file
        assertThat(s.seeds().first()).isEqualTo(ScenarioResolver.DEFAULT_SEED); // default
        assertThat(s.schedulers().names()).isEqualTo(Schedulers.names());       // default: all
        assertThat(s.name()).isEqualTo("mine");
        // the other way round the file wins
        assertThat(resolver.spec(fileInput.over(cli)).seeds().count()).isEqualTo(3);
    }

    @Test
    void withoutAScenarioTheDefaultScenarioIsTheBaseUnlessTheClusterOrWorkloadMoves() {
        ScenarioSpec plain = resolver.spec(ScenarioResolver.layered(null, ScenarioInput.empty()));
        assertThat(plain.name()).isEqualTo("default");
        assertThat(plain.rules().queue()).isEqualTo(QueuePolicy.EDF);

        ScenarioInput moved = ScenarioInput.empty().withOption("cluster", "tpds", "--cluster")
                .withOption("workload", "tpds-normal", "--workload");
        ScenarioSpec tpds = resolver.spec(ScenarioResolver.layered(null, moved));
        assertThat(tpds.name()).isNull(); // named after what runs
        assertThat(tpds.rules().queue()).isEqualTo(QueuePolicy.FCFS); // the TPDS paper's queue
        assertThat(tpds.cluster().pricing()).isNull(); // the default scenario's pricing does not leak
        assertThat(resolver.resolve(ScenarioResolver.layered(null, moved), null).name()).isEqualTo("tpds-tpds-normal");

        ScenarioInput large = ScenarioInput.empty().withOption("cluster", "hybrid-large", "--cluster")
                .withOption("workload", "hybrid-day", "--workload").withOption("jobs", 50, "--jobs");
        Scenario s = resolver.resolve(ScenarioResolver.layered(null, large), null);
        assertThat(s.name()).isEqualTo("hybrid-large-hybrid-day");
        assertThat(s.options().queue()).isEqualTo(QueuePolicy.EDF); // the HYB paper's queue

        // a named scenario keeps its name unless its cluster or workload is changed
        assertThat(resolver.spec(ScenarioResolver.layered("tpds-burst",
                ScenarioInput.empty().withOption("seeds", 1, "--seeds"))).name()).isEqualTo("tpds-burst");
        assertThat(resolver.spec(ScenarioResolver.layered("hybrid-high",
                ScenarioInput.empty().withOption("cluster", "hybrid-large", "--cluster"))).name()).isNull();
    }

    @Test
    void everyBuiltInScenarioAndTheReadmeExampleStillRead() throws IOException {
        for (ScenarioPresets.Preset p : ScenarioPresets.list()) {
            Scenario s = resolver.resolve(ScenarioPresets.preset(p.name()), null);
            assertThat(s.name()).isEqualTo(p.name());
        }
        Files.writeString(dir.resolve("my-cluster.yaml"), "vmTypes:\n  - {name: a, cores: 8, memoryGb: 32, "
                + "pricePerHour: 1, count: 3}\n");
        Path readme = file("""
                name: my-study            # all fields optional; command-line options override them
                cluster: my-cluster.yaml  # preset or file (relative to this file)
                workload: hybrid-high     # preset or trace file
                jobs: 500
                schedulers: [first-fit, gio]   # or [all]
                queue: edf
                admission: true
                backfilling: false
                billing: exact
                seed: 1
                seeds: 5
                """);
        Scenario s = resolver.resolve(ScenarioFiles.read(readme), dir);
        assertThat(s.name()).isEqualTo("my-study");
        assertThat(s.cluster().size()).isEqualTo(3);
        assertThat(s.schedulers()).containsExactly("first-fit", "gio");
        assertThat(s.options().admission()).isTrue();
        assertThat(s.seeds()).containsExactly(1L, 2L, 3L, 4L, 5L);
        // the old spellings: a comma-separated text, a quoted pricing, on/off penalties
        ScenarioSpec old = spec("schedulers: gio, asq\npricing: \"2\"\ntypePenalty: off\nhybridPenalty: auto\n"
                + "penaltyFactor: 1.5\nbeta: 0.5\nmilpTimeLimitMs: 200\nmilpSolver: scip\n");
        assertThat(old.schedulers().names()).containsExactly("gio", "asq");
        assertThat(old.rules().penalties().type()).isFalse();
        assertThat(old.rules().penalties().hybrid()).isNull();
        assertThat(old.rules().penalties().factor()).isEqualTo(1.5);
        assertThat(MilpOptions.of(old.schedulers().options()).timeLimitMillis()).isEqualTo(200);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "cluster: tpds\\nseeds: -1\\n|s.yaml line 2, field 'seeds': expected a whole number >= 1, got -1",
        "queue: lifo\\n|s.yaml line 1, field 'queue': unknown queue order 'lifo' (expected fcfs, edf, edf-feasible, hjs-weight or hjs-weight:LAMBDA)",
        "cluster: tpds\\nschedulers: [gio, fastest]\\n|s.yaml line 2, field 'schedulers': unknown scheduler 'fastest'",
        "seeds: [1, 2]\\n|s.yaml line 1, field 'seeds': expected a single value, got a list",
        "seeds: three\\n|s.yaml line 1, field 'seeds': expected a whole number, got 'three'",
        "seeds: 2000000000\\n|s.yaml line 1, field 'seeds': too large: at most 100000 seeds per scenario, got 2000000000",
        "jobs: 2000000000\\n|s.yaml line 1, field 'jobs': too large: at most",
        "seed: 9223372036854775807\\nseeds: 2\\n|s.yaml line 1, field 'seed': seed 9223372036854775807 with 2 seeds passes",
        "admission: maybe\\n|s.yaml line 1, field 'admission': expected true or false, got 'maybe'",
        "cluster: {name: x}\\n|s.yaml line 1, field 'cluster': expected a single value, got a mapping",
        "cluster: nope\\n|s.yaml line 1, field 'cluster': 'nope' is neither a cluster preset",
        "workload: nope\\n|s.yaml line 1, field 'workload': workload 'nope' is neither a preset",
        "cluster: tpds\\npricing: 3\\n|s.yaml line 2, field 'pricing': the pricing model applies to the hybrid presets",
        "sedes: 3\\n|s.yaml line 1, field 'sedes': unknown field (known: name, cluster,",
        "seeds: 1\\nseeds: 2\\n|s.yaml line 2, field 'seeds': given twice",
        "- a\\n- b\\n|s.yaml line 1: expected a mapping of scenario fields",
        "cluster: [a\\n|s.yaml line ",
        "''|s.yaml: the scenario file is empty",
    })
    void errorsNameFileLineAndField(String yaml, String expected) throws IOException {
        assertThat(error(yaml.replace("\\n", "\n"))).startsWith(expected);
    }

    @Test
    void libraryInternalsNeverReachTheUser() throws IOException {
        for (String yaml : List.of("seeds: [1]\n", "jobs: x\n", "", "schedulers: {a: 1}\n", "seed: 1.5\n")) {
            assertThat(error(yaml)).doesNotContain("java.lang", "JsonToken", "No content to map", "deserialize");
        }
        Path binary = dir.resolve("b.yaml");
        Files.write(binary, new byte[]{(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0x80});
        assertThatThrownBy(() -> ScenarioFiles.read(binary)).isInstanceOf(InputFileException.class)
                .hasMessage(binary + ": not a text file (expected UTF-8 YAML)");
    }

    @Test
    void optionRefusalsNameTheOption() {
        ScenarioInput cli = ScenarioInput.empty().withOption("seed", Long.MAX_VALUE, "--seed").withOption("seeds", 2, "--seeds");
        assertThatThrownBy(() -> resolver.spec(cli)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--seed: seed 9223372036854775807 with 2 seeds passes the largest seed");
        ScenarioInput pricing = ScenarioInput.empty().withOption("cluster", "tpds", "--cluster")
                .withOption("pricing", "3", "--pricing");
        assertThatThrownBy(() -> resolver.resolve(pricing, null)).isInstanceOf(BadInputException.class)
                .hasMessage("--pricing: the pricing model applies to the hybrid presets (hybrid-small, hybrid-large), "
                        + "not to cluster 'tpds'");
        ScenarioInput all = ScenarioInput.empty().withOption("schedulers", List.of("all"), "--schedulers");
        assertThat(resolver.spec(all).schedulers().names()).isEqualTo(Schedulers.names());
    }

    @Test
    void hjsSettingsComeFromTheFileWithFileAndLineInRefusals() throws IOException {
        ScenarioSpec s = spec("cluster: c5\nworkload: hjs-60-20\ndeadlineShare: 0.25\ndeadlineSlack: 2\n"
                + "queue: hjs-weight:0.7\n");
        assertThat(s.workload().generator().deadlineShare()).isEqualTo(0.25);
        assertThat(s.workload().generator().deadlineSlack()).isEqualTo(2.0);
        assertThat(s.rules().queue().name()).isEqualTo("hjs-weight:0.7");
        assertThat(error("cluster: c5\nworkload: hjs-60-20\ndeadlineShare: 1.5\n"))
                .isEqualTo("s.yaml line 3, field 'deadlineShare': expected a number from 0 to 1, got 1.5");
        // HJS settings on a workload without deadline shares are refused at the workload's line.
        assertThat(error("cluster: c5\nworkload: tpds-normal\ndeadlineSlack: 2\n")).startsWith("s.yaml line 2, field 'workload': ")
                .contains("--deadline-share and --deadline-slack apply to the hjs-* presets");
    }

    @Test
    void seedRangesRefuseOverflow() {
        assertThat(new ScenarioSpec.SeedRange(Long.MAX_VALUE - 1, 2).list()).containsExactly(Long.MAX_VALUE - 1, Long.MAX_VALUE);
        assertThatThrownBy(() -> new ScenarioSpec.SeedRange(Long.MAX_VALUE, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ScenarioSpec.SeedRange(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theScenarioBuilderSetsEachFieldByName() {
        Scenario base = resolver.resolve(ScenarioPresets.preset("tpds-normal"), null);
        SimulationOptions rules = SimulationOptions.defaults().withQueue(QueuePolicy.EDF).withAdmission(true);
        io.execplace.schedulers.spi.SchedulerOptions tuned = io.execplace.schedulers.spi.SchedulerOptions.defaults().with(MilpOptions.defaults().withBeta(0.5));
        Scenario s = Scenario.builder().name("n").cluster(base.cluster()).workloads(base.workloads())
                .schedulers(List.of("gio")).seeds(List.of(7L, 8L)).options(rules).schedulerOptions(tuned).build();
        assertThat(s).isEqualTo(new Scenario("n", base.cluster(), base.workloads(), List.of("gio"), List.of(7L, 8L),
                rules, tuned, null));
        assertThat(s.cells()).isEqualTo(2);
    }

    @Test
    void aFolderNamedLikeAPresetDoesNotHideItButAFileDoes() throws IOException {
        // "compare --out default" or an old results folder in the working directory
        Files.createDirectories(dir.resolve("default")).resolve("results.csv").toFile().createNewFile();
        ScenarioSpec builtIn = resolver.spec(ScenarioPresets.preset("default"));
        assertThat(resolver.spec(ScenarioPresets.load("default", dir))).isEqualTo(builtIn);
        Files.writeString(dir.resolve("tpds-burst"), "name: mine\ncluster: tpds\nworkload: tpds-normal\nseeds: 3\n");
        assertThat(resolver.spec(ScenarioPresets.load("tpds-burst", dir)).name()).isEqualTo("mine");
        Files.createDirectories(dir.resolve("not-a-preset"));
        assertThatThrownBy(() -> ScenarioPresets.load("not-a-preset", dir)).isInstanceOf(BadInputException.class);
    }
}

package io.execplace.experiments.env;

import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.EnvChecker;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.env.registry.EnvSetting;
import io.execplace.rl.env.registry.Envs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The environment registry: every registered environment conforms, and bad settings are refused in one line. */
class EnvsTest {

    /** Smaller episodes than the defaults, to keep the check quick; an environment not listed runs with its defaults. */
    private static final Map<String, Map<String, String>> QUICK = Map.of(
            "pairs", Map.of("clusters", "tpds,c5", "workloads", "tpds-burst", "cluster-variants", "3"),
            "pairs-elastic", Map.of("jobs", "60", "workload-seeds", "2"),
            "tpds", Map.of("workload", "tpds-burst", "workload-seeds", "2"),
            "hjs", Map.of("cluster", "c5", "workload", "hjs-60-20"));

    static List<String> registered() {
        return Envs.names();
    }

    @Test
    void registersTheEnvironmentsOfThisModule() {
        // liu registers itself from its own module (checked there, with all four).
        assertThat(Envs.names()).containsExactly("hjs", "pairs", "pairs-elastic", "tpds");
        assertThat(Envs.help("tpds")).startsWith("tpds: TPDS executor placement").contains("\n  workload=tpds-normal  ");
        assertThat(Envs.help()).startsWith("hjs: ").contains("\npairs: ", "\n  beta=0.5  ");
        for (String name : Envs.names()) {
            assertThat(Envs.description(name)).isNotBlank();
            assertThat(Envs.settings(name)).isNotEmpty().allSatisfy(s -> assertThat(s.help()).isNotBlank());
        }
    }

    @ParameterizedTest
    @MethodSource("registered")
    void everyRegisteredEnvironmentPassesTheChecker(String name) {
        Map<String, String> settings = QUICK.getOrDefault(name, Map.of());
        // The masked environments (all but the default TPDS one) allow no penalised action.
        boolean masked = !name.equals("tpds");
        List<String> problems = EnvChecker.check(() -> Envs.make(name, settings),
                new EnvChecker.Options(new long[]{0, 1, 5}, 20_000, masked));
        assertThat(problems).as(name).isEmpty();
    }

    /**
     * A {@code +drivers} preset through the cluster setting: every application runs a driver pod, which
     * the kernel places with the last executor; the environments conform, masked and not, and the
     * episodes' nodes hold the drivers.
     */
    @ParameterizedTest
    @CsvSource({"tpds, cluster, false", "tpds, cluster, true", "hjs, cluster, true", "pairs-elastic, clusters, true"})
    void driverPodPresetsWorkThroughTheClusterSetting(String name, String key, boolean masked) {
        Map<String, String> settings = new java.util.HashMap<>(QUICK.get(name));
        settings.put(key, "elastic-spot+drivers");
        if (!name.equals("pairs-elastic")) {
            settings.put("workload", "tpds-burst");
            settings.put("mask", Boolean.toString(masked));
        }
        // With drivers the mask does not count the driver's room, so a masked agent may meet a penalty.
        assertThat(EnvChecker.check(() -> Envs.make(name, settings), new EnvChecker.Options(new long[]{0, 5}, 20_000, false)))
                .as(name).isEmpty();
    }

    @Test
    void defaultsBuildWhatTrainBuildsByDefault() {
        // execplace train's defaults: cluster tpds, workload tpds-normal seed 1, the paper's rewards, beta 0.5.
        Workload w = WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(1));
        Env direct = new TpdsEnv(ClusterPresets.tpds(), List.of(w),
                SimulationConfig.defaults(ClusterPresets.tpds(), w).durationModel(), TpdsEnvConfig.paper(0.5)).wrapped();
        Env made = Envs.make("tpds", Map.of());
        assertThat(EnvTraces.trace(made, 3)).isEqualTo(EnvTraces.trace(direct, 3));
    }

    @Test
    void keysMayBeWrittenAsPythonOrAsOptions() {
        Env a = Envs.make("tpds", Map.of("workload_seeds", "2", "--mask", "on", "seed", "3"));
        Env b = Envs.make("tpds", Map.of("workload-seeds", "2", "mask", "true", "seed", "3"));
        assertThat(EnvTraces.trace(a, 1)).isEqualTo(EnvTraces.trace(b, 1));
        assertThat(a.actionMask()).contains(false);
    }

    @Test
    void severalEnvironmentsAtOnceAreEachTheOneMadeAlone() {
        // tpds shares its prepared workloads among them, hjs makes each anew (the factory's default).
        for (String name : List.of("tpds", "hjs")) {
            Map<String, String> settings = Map.of("workload-seeds", "2");
            List<Env> made = Envs.make(name, settings, 3);
            assertThat(made).hasSize(3).doesNotHaveDuplicates();
            // Stepped in turn, one episode each, with the same seeds: their traces are the one made alone's.
            for (int i = 0; i < made.size(); i++) {
                assertThat(EnvTraces.trace(made.get(i), 2)).isEqualTo(EnvTraces.trace(Envs.make(name, settings), 2));
            }
        }
        assertThatThrownBy(() -> Envs.make("tpds", Map.of(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("count must be at least 1, got 0");
    }

    @Test
    void badInputIsOneClearLine() {
        assertThatThrownBy(() -> Envs.make("atari", Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown environment 'atari'; registered: hjs, pairs, pairs-elastic, tpds");
        assertThatThrownBy(() -> Envs.make("tpds", Map.of("colour", "red")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("env 'tpds' has no setting 'colour'; it accepts cluster, pricing, workload");
        assertThatThrownBy(() -> Envs.make("tpds", Map.of("beta", "heavy")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("env 'tpds': setting 'beta' must be a number, got 'heavy'");
        assertThatThrownBy(() -> Envs.make("tpds", Map.of("beta", "2")))
                .hasMessage("env 'tpds': setting 'beta' must be in [0, 1], got 2.0");
        assertThatThrownBy(() -> Envs.make("hjs", Map.of("mask", "maybe")))
                .hasMessage("env 'hjs': setting 'mask' must be true or false, got 'maybe'");
        assertThatThrownBy(() -> Envs.make("tpds", Map.of("workload", "no-such-preset")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("env 'tpds': ")
                .hasMessageContaining("no-such-preset");
        assertThatThrownBy(() -> Envs.make("pairs", Map.of("mask", "true")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no setting 'mask'");
        for (String name : Envs.names()) {
            for (EnvSetting s : Envs.settings(name)) {
                assertThat(s.toString()).doesNotContain("\n");
            }
        }
    }
}

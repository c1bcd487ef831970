package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The TPDS environment, with every combination of its options, passes the generic conformance check. */
class EnvConformanceTest {

    private static final Cluster CLUSTER = ClusterPresets.tpds();
    private static final List<Workload> WORKLOADS = List.of(
            WorkloadPresets.generate("tpds-normal", WorkloadOptions.seed(1)),
            WorkloadPresets.generate("tpds-burst", WorkloadOptions.seed(2)));

    static Stream<Arguments> everyOption() {
        List<Arguments> all = new ArrayList<>();
        for (int bits = 0; bits < 64; bits++) {
            TpdsEnvConfig c = TpdsEnvConfig.paper((bits % 5) / 4.0)
                    .withMasking((bits & 1) != 0)
                    .withNormalised((bits & 2) != 0)
                    .withBusyTime((bits & 4) != 0)
                    .withPerJobReward((bits & 8) != 0)
                    .withLookAhead((bits & 16) != 0)
                    .withMaxSteps((bits & 32) != 0 ? 40 : 0);
            all.add(Arguments.of(c));
        }
        return all.stream();
    }

    private static Env env(TpdsEnvConfig config) {
        return new TpdsEnv(CLUSTER, WORKLOADS,
                SimulationConfig.defaults(CLUSTER, WORKLOADS.get(0)).durationModel(), config).wrapped();
    }

    @ParameterizedTest
    @MethodSource("everyOption")
    void conforms(TpdsEnvConfig config) {
        // The look-ahead variant can end an episode after an allowed placement (the reference code's
        // check is stricter than the mask), so only without it must the mask prevent every penalty.
        boolean maskPrevents = config.masking() && !config.lookAhead();
        List<String> problems = EnvChecker.check(() -> env(config),
                new EnvChecker.Options(new long[]{0, 1, 7}, 20_000, maskPrevents));
        assertThat(problems).as(config.toString()).isEmpty();
    }

    @Test
    void theCheckFindsABrokenEnvironment() {
        // An environment whose observations leave the declared space and whose mask allows nothing
        // once its episode is half done: the check must say so.
        Env broken = new EnvWrapper(env(TpdsEnvConfig.paper(0.5).withMasking(true))) {
            private int steps;

            @Override
            public double[] reset(long seed) {
                steps = 0;
                return env.reset(seed);
            }

            @Override
            public StepResult step(int action) {
                steps++;
                StepResult r = env.step(action);
                r.observation()[0] = -1;
                return r;
            }

            @Override
            public boolean[] actionMask() {
                boolean[] m = env.actionMask();
                if (steps > 5) {
                    java.util.Arrays.fill(m, false);
                }
                return m;
            }
        };
        List<String> problems = EnvChecker.check(() -> broken, new EnvChecker.Options(new long[]{0}, 20_000, true));
        assertThat(problems).anyMatch(p -> p.contains("outside the observation space"))
                .anyMatch(p -> p.contains("allows no action"));
    }

    @Test
    void theCheckFindsMaskBytesThatDisagreeWithTheMask() {
        // Bytes that allow every VM whatever the mask says, as a batch's buffer would then show them.
        Env disagreeing = new EnvWrapper(env(TpdsEnvConfig.paper(0.5).withMasking(true))) {
            @Override
            public int writeActionMask(byte[] rows, int base, int[] allowed) {
                int count = env.writeActionMask(rows, base, allowed);
                java.util.Arrays.fill(rows, base + 1, base + actionCount(), (byte) 1);
                return count;
            }
        };
        List<String> problems = EnvChecker.check(() -> disagreeing, new EnvChecker.Options(new long[]{0}, 20_000, true));
        assertThat(problems).anyMatch(p -> p.contains("writeActionMask gives 1"));
        assertThat(EnvChecker.check(() -> env(TpdsEnvConfig.paper(0.5).withMasking(true)),
                new EnvChecker.Options(new long[]{0}, 20_000, true))).as("the environment itself").isEmpty();
    }
}

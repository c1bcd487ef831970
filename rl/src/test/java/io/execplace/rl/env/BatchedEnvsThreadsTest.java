package io.execplace.rl.env;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Two threads step a batch exactly as one does: every buffer the same, bit for bit, after every step. */
class BatchedEnvsThreadsTest {

    private static final Cluster CLUSTER = ClusterPresets.tpds();

    /** Masked TPDS environments on four burst workloads, episodes of at most 300 steps. */
    static List<TpdsEnv> envs(int count) {
        List<Workload> workloads = new ArrayList<>();
        for (long seed = 1; seed <= 4; seed++) {
            workloads.add(WorkloadPresets.generate("tpds-burst", WorkloadOptions.seed(seed)));
        }
        TpdsEnv first = new TpdsEnv(CLUSTER, workloads, SimulationConfig.defaults(CLUSTER, workloads.get(0)).durationModel(),
                TpdsEnvConfig.paper(0.5).withMasking(true).withMaxSteps(300));
        List<TpdsEnv> all = new ArrayList<>(List.of(first));
        while (all.size() < count) {
            all.add(first.copy());
        }
        return all;
    }

    @Test
    void twoThreadsGiveTheSameBuffersAsOne() {
        int n = 17; // an odd count: the halves differ in size
        try (BatchedEnvs one = new BatchedEnvs(envs(n).stream().map(TpdsEnv::wrapped).toList());
             BatchedEnvs two = new BatchedEnvs(envs(n).stream().map(TpdsEnv::wrapped).toList(), 2)) {
            assertThat(two.threads()).isEqualTo(2);
            one.reset(0);
            two.reset(0);
            Random random = new Random(42);
            int actions = one.actionCount();
            int endedTotal = 0;
            for (int step = 0; step < 3000; step++) {
                for (int i = 0; i < n; i++) {
                    // Mostly allowed actions (random among them), now and then any action (penalties too).
                    int a = random.nextInt(actions);
                    if (random.nextInt(20) != 0) {
                        for (int k = 0; k < actions && one.masks().get(i * actions + a) == 0; k++) {
                            a = (a + 1) % actions;
                        }
                    }
                    one.actions().putLong(8 * i, a);
                    two.actions().putLong(8 * i, a);
                }
                int ended = one.step();
                assertThat(two.step()).as("step %d", step).isEqualTo(ended);
                endedTotal += ended;
                for (Function<BatchedEnvs, ByteBuffer> buffer : List.<Function<BatchedEnvs, ByteBuffer>>of(
                        BatchedEnvs::observations, BatchedEnvs::rewards, BatchedEnvs::flags, BatchedEnvs::masks,
                        BatchedEnvs::events, BatchedEnvs::finalObservations, BatchedEnvs::outcomeValues)) {
                    assertThat(buffer.apply(two).duplicate().clear()).as("step %d", step)
                            .isEqualTo(buffer.apply(one).duplicate().clear());
                }
            }
            assertThat(endedTotal).as("episodes ended and were reset on both threads").isGreaterThan(2 * n);
        }
    }

    @Test
    void anEnvironmentsErrorNamesItAndTheBatchGoesOn() {
        try (BatchedEnvs two = new BatchedEnvs(envs(4).stream().map(e -> (Env) e).toList(), 2)) {
            two.reset(0);
            for (int i = 0; i < 4; i++) {
                two.actions().putLong(8 * i, 0);
            }
            two.actions().putLong(8 * 3, two.actionCount());
            assertThatThrownBy(two::step).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("environment 3");
            two.actions().putLong(8 * 3, 1);
            two.step();
        }
    }

    /** Refuses one action that the batch's range check lets through, as an environment may. */
    private static final class Refusing extends EnvWrapper {
        Refusing(Env env) {
            super(env);
        }

        @Override
        public StepResult step(int action) {
            if (action == 1) {
                throw new IllegalArgumentException("refused action 1");
            }
            return super.step(action);
        }
    }

    @Test
    void anErrorOnTheSecondThreadReachesTheCallerNamingItsEnvironment() {
        List<Env> envs = new ArrayList<>(envs(4).stream().map(e -> (Env) e).toList());
        envs.set(3, new Refusing(envs.get(3)));
        try (BatchedEnvs two = new BatchedEnvs(envs, 2)) {
            two.reset(0);
            for (int i = 0; i < 4; i++) {
                two.actions().putLong(8 * i, 1);
            }
            assertThatThrownBy(two::step).isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("environment 3: refused action 1");
            two.actions().putLong(8 * 3, 2);
            two.step(); // the second thread goes on
        }
    }

    @Test
    void refusesThreadCountsOtherThanOneOrTwo() {
        assertThatThrownBy(() -> new BatchedEnvs(envs(4), 3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("threads must be 1, or 2");
        assertThatThrownBy(() -> new BatchedEnvs(envs(1), 2)).isInstanceOf(IllegalArgumentException.class);
    }
}

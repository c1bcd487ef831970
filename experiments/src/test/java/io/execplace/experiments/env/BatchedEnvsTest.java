package io.execplace.experiments.env;

import io.execplace.rl.env.BatchedEnvs;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.OutcomeValues;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.env.registry.Envs;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A batch steps exactly as its environments stepped one by one, auto-resets included, and keeps
 * each ended episode's last observation and outcome.
 */
class BatchedEnvsTest {

    private static Env tpds() {
        return Envs.make("tpds", Map.of("workload", "tpds-burst", "mask", "true"));
    }

    @Test
    void aBatchIsItsEnvironmentsSteppedOneByOne() {
        int n = 3;
        // The batch's environments come from one make (they share its prepared workloads, two of
        // them), the others are made one by one: every value must still be the same.
        Map<String, String> settings = Map.of("workload", "tpds-burst", "mask", "true", "workload-seeds", "2");
        List<Env> batched = Envs.make("tpds", settings, n);
        List<Env> alone = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            alone.add(Envs.make("tpds", settings));
        }
        assertThat(batched).doesNotHaveDuplicates();
        BatchedEnvs batch = new BatchedEnvs(batched);
        batch.reset(10);
        long[] episode = {10, 11, 12};
        double[][] obs = new double[n][];
        for (int i = 0; i < n; i++) {
            obs[i] = alone.get(i).reset(episode[i], episode[i]).clone();
        }
        SplittableRandom rng = new SplittableRandom(5);
        int episodesEnded = 0;
        for (int t = 0; t < 3000; t++) {
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < batch.observationSize(); k++) {
                    assertThat(batch.observations().getDouble(8 * (i * batch.observationSize() + k))).isEqualTo(obs[i][k]);
                }
                boolean[] mask = alone.get(i).actionMask();
                List<Integer> allowed = new ArrayList<>();
                for (int a = 0; a < mask.length; a++) {
                    assertThat(batch.masks().get(i * batch.actionCount() + a) == 1).isEqualTo(mask[a]);
                    if (mask[a]) {
                        allowed.add(a);
                    }
                }
                batch.actions().putLong(8 * i, (long) allowed.get(rng.nextInt(allowed.size())));
            }
            int endedNow = batch.step();
            int done = 0;
            for (int i = 0; i < n; i++) {
                StepResult r = alone.get(i).step((int) batch.actions().getLong(8 * i));
                assertThat(batch.rewards().getDouble(8 * i)).isEqualTo(r.reward());
                assertThat(batch.flags().get(i)).isEqualTo((byte) ((r.terminated() ? 1 : 0) | (r.truncated() ? 2 : 0)));
                assertThat(batch.terminated().get(i)).isEqualTo((byte) (r.terminated() ? 1 : 0));
                assertThat(batch.truncated().get(i)).isEqualTo((byte) (r.truncated() ? 1 : 0));
                done += r.done() ? 1 : 0;
                if (r.done()) {
                    // The ended episode's last observation and outcome outlive the auto-reset.
                    for (int k = 0; k < batch.observationSize(); k++) {
                        assertThat(batch.finalObservations().getDouble(8 * (i * batch.observationSize() + k)))
                                .isEqualTo(r.observation()[k]);
                    }
                    assertThat(batch.endedOutcome(i)).isEqualTo(alone.get(i).outcome());
                    int columns = OutcomeValues.COLUMNS.size();
                    double[] row = OutcomeValues.of(alone.get(i).outcome());
                    for (int k = 0; k < columns; k++) {
                        assertThat(Double.doubleToLongBits(batch.outcomeValues().getDouble(8 * (i * columns + k))))
                                .isEqualTo(Double.doubleToLongBits(row[k]));
                    }
                    episode[i] += n;
                    episodesEnded++;
                    obs[i] = alone.get(i).reset(episode[i], episode[i]).clone();
                    assertThat(batch.episode(i)).isEqualTo(episode[i]);
                } else {
                    obs[i] = r.observation().clone();
                }
            }
            assertThat(endedNow).isEqualTo(done);
        }
        assertThat(episodesEnded).isGreaterThanOrEqualTo(n);
    }

    @Test
    void aSingleEnvironmentStopsAtTheEndOfItsEpisodeAndReportsEachEvent() {
        Env env = tpds();
        Env alone = tpds();
        BatchedEnvs single = BatchedEnvs.single(env);
        single.reset(0, 7, 3);
        double[] obs = alone.reset(7, 3).clone();
        SplittableRandom rng = new SplittableRandom(11);
        int events = 0;
        StepResult r;
        do {
            for (int k = 0; k < single.observationSize(); k++) {
                assertThat(single.observations().getDouble(8 * k)).isEqualTo(obs[k]);
            }
            boolean[] mask = alone.actionMask();
            List<Integer> allowed = new ArrayList<>();
            for (int a = 0; a < mask.length; a++) {
                if (mask[a]) {
                    allowed.add(a);
                }
            }
            int action = allowed.get(rng.nextInt(allowed.size()));
            single.actions().putLong(0, action);
            single.step();
            r = alone.step(action);
            assertThat(single.rewards().getDouble(0)).isEqualTo(r.reward());
            assertThat(single.events().get(0)).isEqualTo((byte) (r.event() == null ? -1 : r.event().ordinal()));
            events += r.event() == null ? 0 : 1;
            obs = r.observation().clone();
        } while (!r.done());
        assertThat(events).isPositive();
        // No auto-reset: the ended episode's outcome stays readable and the next step is refused.
        assertThat(single.episode(0)).isEqualTo(3);
        assertThat(env.outcome()).isEqualTo(alone.outcome());
        assertThat(single.flags().get(0)).isNotZero();
        single.actions().putLong(0, 0);
        assertThatThrownBy(single::step).isInstanceOf(IllegalStateException.class);
        // A bad action keeps the environment's own message: there is only one environment to name.
        single.reset(0, 1, 1);
        single.actions().putLong(0, 999);
        assertThatThrownBy(single::step).isInstanceOf(IllegalArgumentException.class).message().doesNotStartWith("environment 0");
    }

    @Test
    void refusesWhatItCannotRun() {
        assertThatThrownBy(() -> new BatchedEnvs(List.of())).isInstanceOf(IllegalArgumentException.class);
        BatchedEnvs batch = new BatchedEnvs(List.of(tpds(), tpds()));
        assertThatThrownBy(batch::step).isInstanceOf(IllegalStateException.class);
        batch.reset(0);
        // Every action is checked before any environment steps: environment 0 is where it was.
        batch.actions().putLong(0, batch.masks().get(1) == 1 ? 1 : 0);
        batch.actions().putLong(8, 1L << 32);
        double before = batch.observations().getDouble(0);
        assertThatThrownBy(batch::step).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("environment 1: action 4294967296 is not an action of this environment (0..12)");
        assertThat(batch.observations().getDouble(0)).isEqualTo(before);
        batch.actions().putLong(8, -1);
        assertThatThrownBy(batch::step).hasMessageStartingWith("environment 1: action -1 ");
        assertThatThrownBy(() -> new BatchedEnvs(List.of(tpds(), Envs.make("tpds", Map.of("cluster", "hybrid-small")))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("every environment of a batch must have 28 observation values and 13 actions");
    }
}

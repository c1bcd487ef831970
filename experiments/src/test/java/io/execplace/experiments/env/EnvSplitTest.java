package io.execplace.experiments.env;

import io.execplace.core.model.Job;
import io.execplace.core.model.Workload;
import io.execplace.experiments.heldout.HeldOutSplit;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.EnvWrapper;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.registry.Envs;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An environment's episodes are the workloads of its named split, as {@code execplace heldout} draws them. */
class EnvSplitTest {

    private static List<List<Job>> episodes(Env env, int count) {
        TpdsEnv bare = (TpdsEnv) (env instanceof EnvWrapper w ? w.unwrapped() : env);
        List<List<Job>> out = new ArrayList<>();
        for (int e = 0; e < count; e++) {
            env.reset(e);
            out.add(List.copyOf(bare.episodeJobs()));
        }
        return out;
    }

    private static List<List<Job>> jobs(List<Workload> workloads) {
        return workloads.stream().map(w -> List.copyOf(w.jobs())).toList();
    }

    @Test
    void episodeIOfAHeldOutEnvironmentIsHeldOutWorkloadIOfTheSplit() {
        Env env = Envs.make("tpds", Map.of("workload", "tpds-burst", "split", "held-out", "held-out", "3",
                "held-out-seed", "500", "seed", "7", "workload-seeds", "2"));
        HeldOutSplit split = HeldOutSplit.of("tpds-burst", null, 7, 2, 3, 500);
        assertThat(episodes(env, 3)).isEqualTo(jobs(split.heldOutWorkloads()));
        Env training = Envs.make("tpds", Map.of("workload", "tpds-burst", "seed", "7", "workload-seeds", "2"));
        assertThat(episodes(training, 2)).isEqualTo(jobs(split.trainingWorkloads()));
    }

    @Test
    void badSplitsAreOneClearLine() {
        assertThatThrownBy(() -> Envs.make("tpds", Map.of("split", "test")))
                .hasMessage("env 'tpds': setting 'split' must be training or held-out, got 'test'");
        assertThatThrownBy(() -> Envs.make("tpds", Map.of("held-out", "5")))
                .hasMessage("env 'tpds': setting 'held-out' applies to split held-out only");
        assertThatThrownBy(() -> Envs.make("hjs", Map.of("workload", "hjs-60-20", "split", "held-out",
                "held-out-seed", "1")))
                .hasMessageStartingWith("env 'hjs': setting 'held-out-seed' is refused: ")
                .hasMessageContaining("seed 1 is used in training");
        assertThatThrownBy(() -> Envs.make("pairs", Map.of("split", "held-out")))
                .hasMessageContaining("has no setting 'split'");
    }
}

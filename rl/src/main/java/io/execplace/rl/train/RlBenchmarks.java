package io.execplace.rl.train;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.util.List;

/**
 * Speed measurements of the learned-scheduler stack (run by {@code execplace bench --rl}): environment
 * steps per second under a uniformly random valid-action policy, single-threaded.
 */
public final class RlBenchmarks {

    private RlBenchmarks() {
    }

    /**
     * Environment steps per second on the {@code tpds} cluster with the given workload preset,
     * choosing uniformly among the actions the mask allows.
     *
     * @param seconds how long to measure (after a warm-up of the same length)
     */
    public static double envStepsPerSecond(String workloadPreset, double seconds) {
        Cluster cluster = ClusterPresets.tpds();
        Workload workload = WorkloadPresets.generate(workloadPreset, WorkloadOptions.seed(1));
        TpdsEnv env = new TpdsEnv(cluster, List.of(workload), SimulationConfig.defaults(cluster, workload).durationModel(),
                TpdsEnvConfig.paper(0.5).withMasking(true));
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(1L);
        runSteps(env, rng, seconds);
        return runSteps(env, rng, seconds);
    }

    private static double runSteps(TpdsEnv env, UniformRandomProvider rng, double seconds) {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        long steps = 0;
        long t0 = System.nanoTime();
        long now = t0;
        env.reset(0);
        while (now < deadline) {
            for (int i = 0; i < 100_000; i++) {
                int a = randomValid(env.actionMask(), rng);
                StepResult r = env.step(a);
                if (r.done()) {
                    env.reset(0);
                }
            }
            steps += 100_000;
            now = System.nanoTime();
        }
        return steps / ((now - t0) / 1e9);
    }

    /** A uniformly random index among the true entries of the mask. */
    static int randomValid(boolean[] mask, UniformRandomProvider rng) {
        int count = 0;
        for (boolean m : mask) {
            count += m ? 1 : 0;
        }
        int pick = rng.nextInt(count);
        for (int a = 0; a < mask.length; a++) {
            if (mask[a] && pick-- == 0) {
                return a;
            }
        }
        throw new IllegalStateException("empty mask");
    }

    public static void main(String[] args) {
        for (String w : List.of("tpds-normal", "tpds-burst")) {
            System.out.printf("%s: %.2f M steps/s%n", w, envStepsPerSecond(w, 3) / 1e6);
        }
    }
}

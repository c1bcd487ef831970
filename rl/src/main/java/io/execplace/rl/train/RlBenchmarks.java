package io.execplace.rl.train;

import io.execplace.core.model.Cluster;
import io.execplace.core.model.ClusterPresets;
import io.execplace.core.model.Workload;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.core.workload.WorkloadOptions;
import io.execplace.core.workload.WorkloadPresets;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.DqnConfig;
import io.execplace.rl.agent.Learner;
import io.execplace.rl.agent.Learners;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.agent.SacConfig;
import io.execplace.rl.env.StepResult;
import io.execplace.rl.env.Env;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Speed of the learned-scheduler stack ({@code execplace bench --rl}), single-threaded on the
 * {@code tpds} cluster: environment steps per second under a uniformly random valid-action policy,
 * and the wall time of 10,000 training iterations of DQN and REINFORCE at TPDS Table 5's settings (and of SAC).
 */
public final class RlBenchmarks {

    /**
     * One measurement.
     *
     * @param name        what was measured
     * @param value       the number
     * @param unit        its unit
     * @param target      the target, as text
     * @param met         whether the target is met
     * @param extrapolated true when measured on fewer iterations and scaled up (quick mode)
     */
    public record Result(String name, double value, String unit, String target, boolean met, boolean extrapolated) {
    }

    private RlBenchmarks() {
    }

    /** Every measurement; quick mode measures 1,000 training iterations and scales to 10,000. */
    public static List<Result> run(boolean quick, Consumer<Result> sink) {
        List<Result> out = new ArrayList<>();
        double seconds = quick ? 1 : 3;
        TpdsEnvConfig plain = TpdsEnvConfig.paper(0.5).withMasking(true);
        for (String w : List.of("tpds-normal", "tpds-burst")) {
            double sps = envStepsPerSecond(w, plain, seconds);
            add(out, sink, new Result("environment steps/s, random valid actions, " + w, sps, "steps/s", ">= 5,000,000",
                    sps >= 5e6, false));
        }
        double extended = envStepsPerSecond("tpds-burst", plain.withBusyTime(true).withPerJobReward(true), seconds);
        add(out, sink, new Result("environment steps/s, random valid actions, tpds-burst, --busy-time --per-job-reward",
                extended, "steps/s", ">= 5,000,000", extended >= 5e6, false));
        int iterations = quick ? 1000 : 10_000;
        double scale = 10_000.0 / iterations;
        double dqn = trainingSeconds(DqnConfig.paper(), TpdsEnvConfig.paper(1), iterations) * scale;
        add(out, sink, new Result("10,000 DQN iterations, Table 5 settings, paper environment, tpds-normal", dqn, "s",
                "<= 60 s", dqn <= 60, quick));
        double reinforce = trainingSeconds(ReinforceConfig.paper(), TpdsEnvConfig.paper(1), iterations) * scale;
        add(out, sink, new Result("10,000 REINFORCE iterations, Table 5 settings, paper environment, tpds-normal",
                reinforce, "s", "<= 300 s", reinforce <= 300, quick));
        int masked = quick ? 200 : 10_000;
        double full = trainingSeconds(ReinforceConfig.paper(), TpdsEnvConfig.paper(1).withMasking(true).withNormalised(true),
                masked) * 10_000.0 / masked;
        add(out, sink, new Result("10,000 REINFORCE iterations, Table 5 settings, masked environment (whole episodes), "
                + "tpds-normal", full, "s", "<= 300 s", full <= 300, quick));
        double sac = trainingSeconds(SacConfig.defaults(), TpdsEnvConfig.paper(1).withMasking(true).withNormalised(true),
                iterations) * scale;
        add(out, sink, new Result("10,000 SAC iterations, defaults, masked environment, tpds-normal", sac, "s", "none",
                true, quick));
        return out;
    }

    private static void add(List<Result> out, Consumer<Result> sink, Result r) {
        out.add(r);
        sink.accept(r);
    }

    private static Env environment(String workloadPreset, TpdsEnvConfig config) {
        Cluster cluster = ClusterPresets.tpds();
        Workload workload = WorkloadPresets.generate(workloadPreset, WorkloadOptions.seed(1));
        return new TpdsEnv(cluster, List.of(workload), SimulationConfig.defaults(cluster, workload).durationModel(), config)
                .wrapped();
    }

    /**
     * Environment steps per second on {@code tpds} with the given workload preset and options, choosing uniformly
     * among the actions the mask allows (after a warm-up of the same length).
     */
    public static double envStepsPerSecond(String workloadPreset, TpdsEnvConfig config, double seconds) {
        Env env = environment(workloadPreset, config);
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(1L);
        runSteps(env, rng, seconds);
        return runSteps(env, rng, seconds);
    }

    /**
     * Steps per second of this thread's CPU time (wall time where the JVM cannot measure it): on a
     * machine shared with other work, wall time would count the time the thread waits for a core.
     */
    private static double runSteps(Env env, UniformRandomProvider rng, double seconds) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean cpu = threads.isCurrentThreadCpuTimeSupported();
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        long steps = 0;
        long t0 = cpu ? threads.getCurrentThreadCpuTime() : System.nanoTime();
        long now = System.nanoTime();
        env.reset(0);
        while (now < deadline) {
            for (int i = 0; i < 100_000; i++) {
                StepResult r = env.step(randomValid(env.actionMask(), rng));
                if (r.done()) {
                    env.reset(0);
                }
            }
            steps += 100_000;
            now = System.nanoTime();
        }
        long t1 = cpu ? threads.getCurrentThreadCpuTime() : now;
        return steps / ((t1 - t0) / 1e9);
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

    /** Wall seconds of {@code iterations} training iterations on tpds-normal (network creation included). */
    public static double trainingSeconds(AgentConfig agent, TpdsEnvConfig env, int iterations) {
        long t0 = System.nanoTime();
        Learner learner = Learners.create(agent, environment("tpds-normal", env), 1);
        for (int i = 0; i < iterations; i++) {
            learner.iterate();
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}

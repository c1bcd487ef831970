package io.execplace.liu.agent;

import io.execplace.liu.model.ArrivalPattern;
import io.execplace.liu.model.ExecutorClusters;
import io.execplace.liu.model.LiuWorkloadSpec;
import io.execplace.liu.env.LiuEnv;
import io.execplace.liu.env.LiuObservation;
import io.execplace.rl.nn.Activation;
import io.execplace.rl.nn.Gemm;
import io.execplace.rl.nn.GemmMlp;
import io.execplace.rl.nn.Mlp;
import io.execplace.rl.train.RlBenchmarks;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.simple.RandomSource;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * Speed of the LIU value network and training ({@code execplace bench --liu}): the 529-2000-500-5
 * network's forward pass for a few waiting applications and a 1,000-sample SGD update, on
 * {@link Mlp}'s own loops, on netlib's BLAS (native OpenBLAS when installed) and on netlib's
 * pure-Java BLAS; then wall time of real training episodes, extrapolated to the paper's 2,000.
 * Single JVM, whatever threads OpenBLAS uses (set {@code OPENBLAS_NUM_THREADS} to pin).
 */
public final class LiuBenchmarks {

    private LiuBenchmarks() {
    }

    public static List<RlBenchmarks.Result> run(boolean quick, Consumer<RlBenchmarks.Result> sink) {
        List<RlBenchmarks.Result> out = new ArrayList<>();
        UniformRandomProvider rng = RandomSource.XO_RO_SHI_RO_128_PP.create(1L);
        Mlp net = Mlp.create(new int[] {529, 2000, 500, 5}, Activation.RELU, rng);
        double seconds = quick ? 0.5 : 2;
        List<String> names = new ArrayList<>(List.of("mlp", "netlib-java"));
        if (Gemm.nativeBlasAvailable()) {
            names.add(1, "netlib-native");
        }
        for (String name : names) {
            GemmMlp g = name.equals("mlp") ? null
                    : new GemmMlp(net, name.equals("netlib-native") ? Gemm.blas() : Gemm.javaBlas());
            for (int rows : new int[] {1, 3}) {
                double[] x = random(rng, rows * 529);
                double ms = timeMs(seconds, k -> {
                    if (g == null) {
                        net.forward(x, rows);
                    } else {
                        g.forward(x, rows);
                    }
                });
                add(out, sink, new RlBenchmarks.Result("LIU network forward, " + rows + " waiting application(s), " + name,
                        ms, "ms", "-", true, false));
            }
            double[] x = random(rng, 100 * 529);
            double[] d = random(rng, 100 * 5);
            double ms = 10 * timeMs(seconds, k -> {
                net.zeroGradients();
                if (g == null) {
                    net.forward(x, 100);
                    net.backward(d, 100);
                } else {
                    g.forward(x, 100);
                    g.backward(d, 100);
                }
            });
            add(out, sink, new RlBenchmarks.Result("LIU SGD update, 1,000 samples in mini-batches of 100, " + name, ms, "ms",
                    "-", true, false));
        }
        PairScorer scorer = new PairScorer(net, LiuObservation.standard(5, 1900).appOffset());
        for (int rows : new int[] {1, 3}) {
            double[] x = random(rng, rows * 529);
            double[] q = new double[rows * 5];
            double ms = timeMs(seconds, k -> scorer.score(x, rows, q));
            add(out, sink, new RlBenchmarks.Result("LIU network forward, " + rows
                    + " waiting application(s), pair scorer (float, shared cluster part)", ms, "ms", "-", true, false));
        }
        int episodes = quick ? 2 : 6;
        LiuAgentConfig config = LiuAgentConfig.paper();
        LiuObservation enc = LiuObservation.standard(5, 1900);
        LiuValueAgent agent = new LiuValueAgent(config, enc, 1);
        LiuEnv env = new LiuEnv(ExecutorClusters.liu(), LiuWorkloadSpec.standard(ArrivalPattern.bernoulliPattern()), enc,
                0.5);
        // Fill the replay first so every measured episode also trains.
        env.reset(0);
        agent.playEpisode(env, 1);
        agent.endEpisode(env.episode());
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (double eps : new double[] {0.8, 0.4, 0.0}) {
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            for (int e = 0; e < episodes; e++) {
                env.reset(e + 1);
                agent.playEpisode(env, eps);
                agent.endEpisode(env.episode());
            }
            double s = (System.nanoTime() - t0) / 1e9 / episodes;
            // Thread CPU time (OpenBLAS with one thread runs on this thread): what a shared machine does not inflate.
            double cpu = (threads.getCurrentThreadCpuTime() - c0) / 1e9 / episodes;
            add(out, sink, new RlBenchmarks.Result("LIU training episode (500 applications, Bernoulli, ε1 = " + eps
                    + "), wall", s, "s", "-", true, false));
            add(out, sink, new RlBenchmarks.Result("LIU training episode (500 applications, Bernoulli, ε1 = " + eps
                    + "), thread CPU", cpu, "s", "-", true, false));
            if (eps == 0.4) {
                // ε1 falls linearly, so the mid-schedule episode is the average one.
                double minutes = cpu * 2000 / 60;
                add(out, sink, new RlBenchmarks.Result("LIU 2,000-episode training (ε1 = 0.4 episode × 2,000, CPU time)",
                        minutes, "min", "<= 30", minutes <= 30, true));
            }
        }
        return out;
    }

    private static double[] random(UniformRandomProvider rng, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextDouble();
        }
        return v;
    }

    /** Median-free simple timing: warm up, then repeat for about {@code seconds}; mean ms per call. */
    private static double timeMs(double seconds, IntConsumer body) {
        for (int k = 0; k < 3; k++) {
            body.accept(k);
        }
        long t0 = System.nanoTime();
        int n = 0;
        while (System.nanoTime() - t0 < seconds * 1e9) {
            body.accept(n++);
        }
        return (System.nanoTime() - t0) / 1e6 / n;
    }

    private static void add(List<RlBenchmarks.Result> out, Consumer<RlBenchmarks.Result> sink, RlBenchmarks.Result r) {
        out.add(r);
        sink.accept(r);
    }
}

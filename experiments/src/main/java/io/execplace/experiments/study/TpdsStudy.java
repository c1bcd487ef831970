package io.execplace.experiments.study;

import io.execplace.core.metrics.CostLowerBound;
import io.execplace.core.metrics.RunSummary;
import io.execplace.core.model.Workload;
import io.execplace.core.sim.Simulation;
import io.execplace.core.rules.SimulationConfig;
import io.execplace.experiments.scenario.EnvironmentSetup;
import io.execplace.rl.agent.AgentConfig;
import io.execplace.rl.agent.Algorithm;
import io.execplace.rl.agent.DqnConfig;
import io.execplace.rl.agent.IterationStats;
import io.execplace.rl.agent.PpoConfig;
import io.execplace.rl.agent.ReinforceConfig;
import io.execplace.rl.agent.SacConfig;
import io.execplace.rl.env.TpdsEnv;
import io.execplace.rl.env.TpdsEnvConfig;
import io.execplace.rl.train.AgentPolicy;
import io.execplace.rl.train.LearningCurve;
import io.execplace.rl.train.RlSchedulers;
import io.execplace.rl.train.TrainedAgent;
import io.execplace.rl.train.Trainer;
import io.execplace.rl.train.TrainingListener;
import io.execplace.rl.train.TrainingSpec;
import io.execplace.schedulers.Schedulers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code execplace reproduce tpds}: the TPDS study (§7) — DQN, REINFORCE, PPO and SAC trained for each β
 * on the normal and burst workloads, their convergence (Figs. 4–5), then run as schedulers in the
 * simulator next to round-robin, round-robin-consolidate, first-fit, AEP (and MILP when available)
 * on the same workload: cost (Fig. 6), mean duration (Fig. 7), good placements (Fig. 8) and the β
 * sweep (Fig. 9). Trainings run in parallel, each single-threaded and seeded.
 */
public final class TpdsStudy {

    /** The two TPDS workloads (§7.1). */
    public static final List<String> WORKLOADS = List.of("tpds-normal", "tpds-burst");

    /**
     * Size of the study.
     *
     * @param agents              algorithms to train
     * @param betas               β values (Table 5: 0, 0.25, 0.5, 0.75, 1)
     * @param dqnIterations       DQN iterations on the normal workload (Table 5: 10,000)
     * @param reinforceIterations REINFORCE iterations on the normal workload (10,000)
     * @param ppoIterations       PPO iterations on the normal workload
     * @param burstFactor         burst runs train this many times longer (Table 5: 20,000 vs 10,000 → 2)
     * @param evaluations         evaluation points per run (Table 5: every 1,000 of 10,000 → 10)
     * @param evalEpisodes        greedy episodes per evaluation (10)
     * @param seed                workload seed and training seed
     * @param busyTime            agents also observe every VM's remaining busy time (execplace extension)
     * @param perJobReward        {@code R_epi} paid as it accrues (execplace extension)
     */
    public record Settings(List<Algorithm> agents, List<Double> betas, int dqnIterations, int reinforceIterations,
                           int ppoIterations, int burstFactor, int evaluations, int evalEpisodes, long seed,
                           boolean busyTime, boolean perJobReward) {

        public Settings {
            agents = List.copyOf(agents);
            betas = List.copyOf(betas);
            if (agents.isEmpty() || betas.isEmpty()) {
                throw new IllegalArgumentException("the study needs at least one agent and one beta");
            }
            for (double b : betas) {
                if (!(b >= 0 && b <= 1)) {
                    throw new IllegalArgumentException("beta must be in [0, 1], got " + b);
                }
            }
            if (dqnIterations < 1 || reinforceIterations < 1 || ppoIterations < 1 || burstFactor < 1
                    || evaluations < 1 || evalEpisodes < 1) {
                throw new IllegalArgumentException("iterations, burst factor, evaluations and episodes must be at least 1");
            }
        }

        /** Table 5's schedule for DQN and REINFORCE; PPO (not in TPDS) 2,000 iterations, each far heavier. */
        public static Settings full() {
            return new Settings(List.of(Algorithm.values()), List.of(0.0, 0.25, 0.5, 0.75, 1.0), 10_000, 10_000, 2_000,
                    2, 10, 10, 1, false, false);
        }

        /** β 0 and 1 and short training: minutes on two cores. */
        public static Settings quick() {
            return new Settings(List.of(Algorithm.values()), List.of(0.0, 1.0), 3_000, 300, 80, 1, 5, 1, 1, false, false);
        }

        public int iterations(Algorithm agent, String workload) {
            int base = switch (agent) {
                case DQN, SAC -> dqnIterations;
                case REINFORCE -> reinforceIterations;
                case PPO -> ppoIterations;
            };
            return workload.contains("burst") ? base * burstFactor : base;
        }

        public Settings withAgents(List<Algorithm> a) {
            return new Settings(a, betas, dqnIterations, reinforceIterations, ppoIterations, burstFactor, evaluations,
                    evalEpisodes, seed, busyTime, perJobReward);
        }

        public Settings withBetas(List<Double> b) {
            return new Settings(agents, b, dqnIterations, reinforceIterations, ppoIterations, burstFactor, evaluations,
                    evalEpisodes, seed, busyTime, perJobReward);
        }

        /** Every agent's normal-workload iterations set to {@code n}. */
        public Settings withIterations(int n) {
            return new Settings(agents, betas, n, n, n, burstFactor, evaluations, evalEpisodes, seed, busyTime,
                    perJobReward);
        }

        /** The execplace extensions of the environment on or off (docs/rl.md, "Beyond the paper"). */
        public Settings withExtensions(boolean observeBusyTime, boolean payPerJob) {
            return new Settings(agents, betas, dqnIterations, reinforceIterations, ppoIterations, burstFactor,
                    evaluations, evalEpisodes, seed, observeBusyTime, payPerJob);
        }

        /** The study's environment for {@code beta}: Table 3 rewards, the mask, normalised observations, and the extensions chosen. */
        public TpdsEnvConfig environment(double beta) {
            return TpdsEnvConfig.paper(beta).withMasking(true).withNormalised(true).withBusyTime(busyTime)
                    .withPerJobReward(perJobReward);
        }
    }

    /** Progress, in training iterations, from any thread. */
    @FunctionalInterface
    public interface Progress {
        void advanced(long done, long total);
    }

    /** The study's hyper-parameters: Table 5's, with rewards scaled by 0.001 for the value-based learners. */
    public static AgentConfig agentConfig(Algorithm agent) {
        return switch (agent) {
            case DQN -> {
                DqnConfig p = DqnConfig.paper();
                yield new DqnConfig(p.hidden(), p.learningRate(), p.gamma(), p.batchSize(), p.replayCapacity(),
                        p.collectSteps(), p.epsilon(), p.targetUpdatePeriod(), p.doubleDqn(), p.loss(), p.warmupSteps(),
                        p.gradientClip(), 1e-3);
            }
            case REINFORCE -> ReinforceConfig.paper();
            case PPO -> PpoConfig.defaults();
            case SAC -> SacConfig.defaults();
        };
    }

    /** The TPDS baselines (§7.1) that execplace has: RR, RRC, FF, AEP, and MILP when registered. */
    public static List<String> heuristics() {
        List<String> h = new ArrayList<>(List.of("round-robin", "round-robin-consolidate", "first-fit", "aep"));
        if (Schedulers.names().contains("milp")) {
            h.add("milp");
        }
        return h;
    }

    /** One training run. */
    record Run(String workload, Algorithm agent, double beta) {

        String label() {
            return agent.name() + " β=" + betaText(beta);
        }

        String folder() {
            return agent.label() + "-beta-" + betaText(beta);
        }
    }

    /** A trained agent's curve and its run as a scheduler. */
    record AgentResult(Run run, LearningCurve curve, RunSummary summary, long fallbacks, long holds, double seconds) {
    }

    private final Settings settings;
    private final int threads;

    public TpdsStudy(Settings settings, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.settings = settings;
        this.threads = threads;
    }

    public Settings settings() {
        return settings;
    }

    List<Run> runs() {
        List<Run> runs = new ArrayList<>();
        for (String w : WORKLOADS) {
            for (Algorithm a : settings.agents()) {
                for (double b : settings.betas()) {
                    runs.add(new Run(w, a, b));
                }
            }
        }
        return runs;
    }

    /** Total training iterations of the study (the unit of progress). */
    public long totalIterations() {
        long total = 0;
        for (Run r : runs()) {
            total += settings.iterations(r.agent(), r.workload());
        }
        return total;
    }

    /** Trains, evaluates and writes results, charts and {@code index.html} into {@code dir}. */
    public Path run(Path dir, Progress progress) throws IOException {
        RlSchedulers.register();
        Files.createDirectories(dir);
        List<Run> runs = runs();
        long total = totalIterations();
        AtomicLong done = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, runs.size()), r -> {
            Thread t = new Thread(r, "execplace-tpds-study");
            t.setDaemon(true);
            return t;
        });
        List<AgentResult> results = new ArrayList<>();
        try {
            List<Future<AgentResult>> futures = new ArrayList<>();
            for (Run r : runs) {
                futures.add(pool.submit(() -> train(r, dir, () -> progress.advanced(done.incrementAndGet(), total))));
            }
            for (Future<AgentResult> f : futures) {
                results.add(f.get());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        Map<String, Map<String, RunSummary>> baselines = new LinkedHashMap<>();
        Map<String, Double> lowerBounds = new LinkedHashMap<>();
        for (String w : WORKLOADS) {
            EnvironmentSetup.Resolved setup = setup(w);
            Workload workload = setup.workloads().get(0);
            lowerBounds.put(w, CostLowerBound.of(setup.cluster(), setup.durationModel(), workload.jobs()));
            SimulationConfig config = SimulationConfig.defaults(setup.cluster(), workload);
            Map<String, RunSummary> byName = new LinkedHashMap<>();
            for (String h : heuristics()) {
                byName.put(h, Simulation.run(setup.cluster(), workload, Schedulers.create(h, settings.seed()), config).summary());
            }
            baselines.put(w, byName);
        }
        return new TpdsReport(settings, results, baselines, lowerBounds).write(dir);
    }

    private EnvironmentSetup.Resolved setup(String workload) {
        return EnvironmentSetup.tpds(workload, settings.seed()).resolve(null);
    }

    private AgentResult train(Run run, Path dir, Runnable tick) {
        try {
            EnvironmentSetup setup = EnvironmentSetup.tpds(run.workload(), settings.seed());
            EnvironmentSetup.Resolved resolved = setup.resolve(null);
            TpdsEnvConfig env = settings.environment(run.beta());
            int iterations = settings.iterations(run.agent(), run.workload());
            TrainingSpec spec = new TrainingSpec(agentConfig(run.agent()), env, iterations,
                    Math.max(1, iterations / settings.evaluations()), settings.evalEpisodes(), iterations, settings.seed());
            Path folder = dir.resolve("agents").resolve(run.workload()).resolve(run.folder());
            Files.createDirectories(folder);
            Trainer trainer = new Trainer(spec, environment(resolved, env), environment(resolved, env), folder, setup.toJson());
            long t0 = System.nanoTime();
            trainer.run(new TrainingListener() {
                @Override
                public void iterationDone(int iteration, int iterationsTotal, IterationStats s,
                                          double recent) {
                    tick.run();
                }
            });
            double seconds = (System.nanoTime() - t0) / 1e9;
            LearningCurves.write(run.label() + ", " + run.workload(), Map.of(run.label(), trainer.curve()), folder,
                    "learning-curve");
            AgentPolicy policy = new AgentPolicy("agent:" + folder, TrainedAgent.read(folder));
            Workload workload = resolved.workloads().get(0);
            RunSummary summary = Simulation.run(resolved.cluster(), workload, policy,
                    SimulationConfig.defaults(resolved.cluster(), workload)).summary();
            return new AgentResult(run, trainer.curve(), summary, policy.fallbacks(), policy.holds(), seconds);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static TpdsEnv environment(EnvironmentSetup.Resolved r, TpdsEnvConfig config) {
        return new TpdsEnv(r.cluster(), r.workloads(), r.durationModel(), config);
    }

    /** β as written in labels and folder names: 0, 0.25, 0.5, 0.75, 1. */
    static String betaText(double b) {
        return b == Math.rint(b) ? Long.toString((long) b) : Double.toString(b);
    }
}

package io.execplace.experiments.run;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.progress.ProgressListener;
import io.execplace.core.sim.Simulation;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs every (scheduler, seed) cell of a scenario, in parallel on a fixed thread pool, or as text on
 * a {@link CellEngine} ({@link #withEngine}, e.g. Spark). Results come back in (scheduler, seed)
 * order whatever the thread count or engine, so output files are reproducible.
 */
public final class Runner {

    /** Samples per cumulative-cost curve. */
    public static final int TIMELINE_POINTS = 200;

    private final SchedulerRegistry registry;
    private final int threads;
    /** Where cells run as text, or null to run them as objects on this runner's threads. */
    private final CellEngine engine;

    /**
     * @param registry the schedulers the runner can make, by name
     * @param threads  parallel runs
     */
    public Runner(SchedulerRegistry registry, int threads) {
        if (registry == null) {
            throw new IllegalArgumentException("a scheduler registry is required");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.registry = registry;
        this.threads = threads;
        this.engine = null;
    }

    private Runner(SchedulerRegistry registry, int threads, CellEngine engine) {
        this.registry = registry;
        this.threads = threads;
        this.engine = engine;
    }

    /**
     * This runner with its cells sent as text to {@code engine} ({@link ScenarioCells}); the first
     * seed's complete runs, which only reports' schedule charts need and which do not travel, are
     * run again here. Scenarios must then carry a {@link io.execplace.experiments.scenario.ScenarioRecipe}.
     */
    public Runner withEngine(CellEngine engine) {
        if (engine == null) {
            throw new IllegalArgumentException("an engine is required");
        }
        return new Runner(registry, threads, engine);
    }

    /** The schedulers this runner can make. */
    public SchedulerRegistry registry() {
        return registry;
    }

    /** A runner with one thread per available core. */
    public static Runner parallel(SchedulerRegistry registry) {
        return new Runner(registry, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs one cell: a fresh policy instance (tuned by the scenario's scheduler options), the seed's
     * workload, the scenario's rules. Solver counts are read from the policy after the run.
     */
    public CellRun runCell(Scenario scenario, String scheduler, long seed) {
        Workload workload = scenario.workloads().forSeed(seed);
        PlacementPolicy policy = registry.create(scheduler, seed, scenario.schedulerOptions());
        RunResult result = Simulation.run(scenario.cluster(), workload, policy,
                scenario.options().configFor(scenario.cluster(), workload).withCapacitySeed(seed));
        return new CellRun(scheduler, seed, result, PolicyCounts.of(policy));
    }

    /**
     * Runs every cell of {@code scenario}, in parallel, and keeps the first seed's complete runs for
     * schedule charts. Results are in (scheduler, seed) order.
     */
    public Comparison run(Scenario scenario, ProgressListener progress) {
        return run(scenario, progress, true);
    }

    /**
     * Runs every cell of {@code scenario}; {@code keepFirstRuns} keeps the first seed's complete runs
     * (per-job records, for schedule charts), which a study that draws none need not hold.
     */
    public Comparison run(Scenario scenario, ProgressListener progress, boolean keepFirstRuns) {
        if (engine != null) {
            return runOnEngine(scenario, progress, keepFirstRuns);
        }
        int total = scenario.cells();
        AtomicInteger done = new AtomicInteger();
        long firstSeed = scenario.seeds().get(0);
        Map<String, RunResult> firstRuns = new ConcurrentHashMap<>();
        List<Callable<CellResult>> tasks = new ArrayList<>(total);
        for (String scheduler : scenario.schedulers()) {
            for (long seed : scenario.seeds()) {
                tasks.add(() -> {
                    CellRun run = runCell(scenario, scheduler, seed);
                    if (keepFirstRuns && seed == firstSeed) {
                        firstRuns.put(scheduler, run.result());
                    }
                    CellResult cell = run.toCellResult(TIMELINE_POINTS);
                    progress.advanced(done.incrementAndGet(), total, scheduler + " seed " + seed);
                    return cell;
                });
            }
        }
        return new Comparison(scenario, ParallelTasks.runUnchecked("execplace-runner", threads, tasks), firstRuns);
    }

    /**
     * Runs the cells of several scenarios, in order, without the first seed's complete runs. On an
     * engine they go as one batch (no scenario waits for the previous one's slowest cell); here, one
     * scenario after the other as {@link #run} does.
     */
    public List<Comparison> runAll(List<Scenario> scenarios, ProgressListener progress) {
        if (engine == null) {
            int total = scenarios.stream().mapToInt(Scenario::cells).sum();
            AtomicInteger done = new AtomicInteger();
            List<Comparison> out = new ArrayList<>(scenarios.size());
            for (Scenario s : scenarios) {
                out.add(run(s, (d, t, what) -> progress.advanced(done.incrementAndGet(), total, what), false));
            }
            return out;
        }
        return runOnEngine(scenarios, progress, false);
    }

    private Comparison runOnEngine(Scenario scenario, ProgressListener progress, boolean keepFirstRuns) {
        return runOnEngine(List.of(scenario), progress, keepFirstRuns).get(0);
    }

    private List<Comparison> runOnEngine(List<Scenario> scenarios, ProgressListener progress, boolean keepFirstRuns) {
        List<String> texts = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            for (String scheduler : scenario.schedulers()) {
                for (long seed : scenario.seeds()) {
                    texts.add(ScenarioCells.cell(scenario, scheduler, seed, TIMELINE_POINTS));
                }
            }
        }
        List<String> results = engine.run(StandardCells.SCENARIO, texts, progress);
        List<Comparison> out = new ArrayList<>(scenarios.size());
        int next = 0;
        for (Scenario scenario : scenarios) {
            List<CellResult> cells = new ArrayList<>(scenario.cells());
            for (int i = 0; i < scenario.cells(); i++) {
                cells.add(ScenarioCells.result(results.get(next++)));
            }
            Map<String, RunResult> firstRuns = new ConcurrentHashMap<>();
            if (keepFirstRuns) {
                long firstSeed = scenario.seeds().get(0);
                for (String scheduler : scenario.schedulers()) {
                    firstRuns.put(scheduler, runCell(scenario, scheduler, firstSeed).result());
                }
            }
            out.add(new Comparison(scenario, cells, firstRuns));
        }
        return out;
    }
}

package io.execplace.experiments.run;

import io.execplace.core.metrics.RunResult;
import io.execplace.core.model.Workload;
import io.execplace.core.policy.PlacementPolicy;
import io.execplace.core.progress.ProgressListener;
import io.execplace.core.sim.Simulation;
import io.execplace.experiments.scenario.Scenario;
import io.execplace.schedulers.spi.SchedulerRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs every (scheduler, seed) cell of a scenario on a {@link CellEngine}: by default the local one
 * (objects on a fixed thread pool), or one whose cells are text ({@link #withEngine}, e.g. Spark).
 * Results come back in (scheduler, seed) order whatever the thread count or engine, so output files
 * are reproducible.
 */
public final class Runner {

    /** Samples per cumulative-cost curve. */
    public static final int TIMELINE_POINTS = 200;

    /**
     * One (scheduler, seed) cell of a scenario.
     *
     * @param keepRun whether the complete run comes back too (the first seed's, for schedule charts)
     */
    private record Cell(Scenario scenario, String scheduler, long seed, boolean keepRun) {
    }

    /** A cell's result and, when kept and run here, its complete run (null otherwise). */
    private record Outcome(CellResult result, RunResult run) {
    }

    private final SchedulerRegistry registry;
    private final CellEngine engine;

    /**
     * @param registry the schedulers the runner can make, by name
     * @param threads  parallel runs
     */
    public Runner(SchedulerRegistry registry, int threads) {
        this(registry, CellEngine.local(threads));
    }

    private Runner(SchedulerRegistry registry, CellEngine engine) {
        if (registry == null) {
            throw new IllegalArgumentException("a scheduler registry is required");
        }
        this.registry = registry;
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
        return new Runner(registry, engine);
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
        // the workload is handed over so that references (lookahead-clairvoyant) run here too
        PlacementPolicy policy = registry.create(scheduler, seed, scenario.schedulerOptions(), workload.jobs());
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
        return run(List.of(scenario), progress, keepFirstRuns).get(0);
    }

    /**
     * Runs the cells of several scenarios as one batch (no scenario waits for the previous one's
     * slowest cell), without the first seed's complete runs.
     */
    public List<Comparison> runAll(List<Scenario> scenarios, ProgressListener progress) {
        return run(scenarios, progress, false);
    }

    private List<Comparison> run(List<Scenario> scenarios, ProgressListener progress, boolean keepFirstRuns) {
        List<Cell> cells = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            long firstSeed = scenario.seeds().get(0);
            for (String scheduler : scenario.schedulers()) {
                for (long seed : scenario.seeds()) {
                    cells.add(new Cell(scenario, scheduler, seed, keepFirstRuns && seed == firstSeed));
                }
            }
        }
        List<Outcome> outcomes;
        try {
            outcomes = engine.run(cellType(), cells, progress.counting(cells.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Comparison> out = new ArrayList<>(scenarios.size());
        int next = 0;
        for (Scenario scenario : scenarios) {
            List<CellResult> results = new ArrayList<>(scenario.cells());
            Map<String, RunResult> firstRuns = new ConcurrentHashMap<>();
            for (int i = 0; i < scenario.cells(); i++, next++) {
                Cell cell = cells.get(next);
                results.add(outcomes.get(next).result());
                if (cell.keepRun()) {
                    RunResult run = outcomes.get(next).run();
                    firstRuns.put(cell.scheduler(), run != null ? run
                            : runCell(scenario, cell.scheduler(), cell.seed()).result());
                }
            }
            out.add(new Comparison(scenario, results, firstRuns));
        }
        return out;
    }

    /** The scenario cell in both forms: here with this runner's registry, elsewhere as {@link ScenarioCells}. */
    private CellType<Cell, Outcome> cellType() {
        return CellType.of(StandardCells.SCENARIO,
                cell -> ScenarioCells.cell(cell.scenario(), cell.scheduler(), cell.seed(), TIMELINE_POINTS),
                (cell, text) -> new Outcome(ScenarioCells.result(text), null),
                (cell, progress) -> {
                    CellRun run = runCell(cell.scenario(), cell.scheduler(), cell.seed());
                    Outcome outcome = new Outcome(run.toCellResult(TIMELINE_POINTS), cell.keepRun() ? run.result() : null);
                    progress.advanced(1, 1, cell.scheduler() + " seed " + cell.seed());
                    return outcome;
                });
    }
}

package io.execplace.experiments.run;

import io.execplace.core.metrics.RunResult;
import io.execplace.experiments.scenario.Scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * All cell results of a scenario, in (scheduler, seed) order.
 *
 * @param scenario      what ran
 * @param cells         one result per (scheduler, seed)
 * @param firstSeedRuns the complete run of every scheduler on the first seed (per-job records and
 *                      VM busy periods, for schedule timelines and utilisation); may be empty
 */
public record Comparison(Scenario scenario, List<CellResult> cells, Map<String, RunResult> firstSeedRuns) {

    public Comparison {
        cells = List.copyOf(cells);
        firstSeedRuns = Map.copyOf(firstSeedRuns);
    }

    /** Results without the full runs. */
    public Comparison(Scenario scenario, List<CellResult> cells) {
        this(scenario, cells, Map.of());
    }

    /** Results grouped by scheduler, in the scenario's scheduler order. */
    public Map<String, List<CellResult>> byScheduler() {
        Map<String, List<CellResult>> map = new LinkedHashMap<>();
        for (String s : scenario.schedulers()) {
            map.put(s, new ArrayList<>());
        }
        for (CellResult c : cells) {
            map.computeIfAbsent(c.scheduler(), k -> new ArrayList<>()).add(c);
        }
        return map;
    }
}

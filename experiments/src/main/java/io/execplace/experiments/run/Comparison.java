package io.execplace.experiments.run;

import io.execplace.experiments.scenario.Scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** All cell results of a scenario, in (scheduler, seed) order. */
public record Comparison(Scenario scenario, List<CellResult> cells) {

    public Comparison {
        cells = List.copyOf(cells);
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

package io.execplace.experiments.heldout;

import io.execplace.core.io.CsvTable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * {@code heldout.csv}, as {@code reproduce tpds} and {@code heldout --out} write it: one line per
 * workload preset, part ({@code training}, {@code held-out}) and scheduler, with the means and 95 %
 * half-widths of {@link HeldOutEvaluation.Row}; an undefined value is an empty field.
 */
public final class HeldOutCsv {

    private final CsvTable table = new CsvTable("workload", "part", "scheduler", "kind", "workloads", "cost", "cost_ci95",
            "mean_turnaround_s", "mean_turnaround_ci95", "vs_best_heuristic", "vs_best_heuristic_ci95",
            "wins_vs_heuristic", "vs_milp", "vs_milp_ci95", "wins_vs_milp", "turnaround_vs_milp",
            "turnaround_vs_milp_ci95");

    /** One row; {@code kind} is {@code agent} or {@code heuristic} (every scheduler that is not a trained agent). */
    public HeldOutCsv add(String workload, String part, HeldOutEvaluation.Row r, String kind) {
        table.row(workload, part, r.scheduler(), kind, r.cost().n(), num(r.cost().mean()), num(r.cost().halfWidth()),
                num(r.turnaround().mean()), num(r.turnaround().halfWidth()), num(r.vsBestHeuristic().mean()),
                num(r.vsBestHeuristic().halfWidth()), r.winsVsHeuristic(), num(r.vsMilp().mean()),
                num(r.vsMilp().halfWidth()), r.winsVsMilp(), num(r.turnaroundVsMilp().mean()),
                num(r.turnaroundVsMilp().halfWidth()));
        return this;
    }

    public void write(Path file) throws IOException {
        table.write(file);
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.6g", v);
    }
}

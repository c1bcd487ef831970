package io.execplace.experiments.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.CsvTable;
import io.execplace.experiments.run.CellResult;
import io.execplace.experiments.run.Comparison;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes {@code results.csv} and {@code results.json}: one record per (scheduler, seed). */
public final class ResultsFiles {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsFiles() {
    }

    public static List<Map<String, Object>> records(Comparison comparison) {
        return records(List.of(comparison));
    }

    /** The records of several comparisons, one after another (the scenario column tells them apart). */
    public static List<Map<String, Object>> records(List<Comparison> comparisons) {
        List<Map<String, Object>> out = new ArrayList<>();
        boolean dynamic = dynamic(comparisons);
        for (Comparison comparison : comparisons) {
            for (CellResult cell : comparison.cells()) {
                out.add(ResultColumns.record(comparison.scenario(), cell, dynamic));
            }
        }
        return out;
    }

    /** True when any cell of the comparisons has dynamic allocation: then every record has its columns. */
    private static boolean dynamic(List<Comparison> comparisons) {
        return comparisons.stream().flatMap(c -> c.cells().stream()).anyMatch(ResultColumns::dynamic);
    }

    /** Writes both files into {@code dir} (atomically each) and returns their paths. */
    public static List<Path> write(Comparison comparison, Path dir) throws IOException {
        return write(List.of(comparison), dir);
    }

    /** Writes the records of several comparisons into one pair of files. */
    public static List<Path> write(List<Comparison> comparisons, Path dir) throws IOException {
        List<Map<String, Object>> records = records(comparisons);
        Path csv = dir.resolve("results.csv");
        List<String> columns = ResultColumns.NAMES;
        for (Comparison c : comparisons) {
            if (c.scenario().cluster().isElastic() || dynamic(comparisons)) {
                columns = ResultColumns.names(c.scenario(), dynamic(comparisons));
            }
        }
        CsvTable table = new CsvTable(columns);
        records.forEach(table::record);
        table.write(csv);
        Path json = dir.resolve("results.json");
        AtomicFiles.write(json, w -> JSON.writeValue(w, records));
        return List.of(csv, json);
    }
}

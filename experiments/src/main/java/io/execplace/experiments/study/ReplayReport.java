package io.execplace.experiments.study;

import io.execplace.core.io.CsvTable;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.execplace.core.io.BadInputException;
import io.execplace.core.io.JsonKeys;
import io.execplace.experiments.report.Format;
import io.execplace.experiments.report.HtmlReport;
import io.execplace.experiments.report.ReportSection;
import io.execplace.experiments.report.ReportTable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Replays on the Kubernetes testbed ({@code execplace replay --json}) as a CSV record and as a
 * section of an HTML report: every figure of the replay beside the simulator's prediction of it
 * (its {@code simulated_} twin, written with {@code --predict}) and the sim-to-real gap, (simulated −
 * replay) ÷ replay.
 */
public final class ReplayReport {

    /** The prefix {@code execplace replay --predict} gives the simulator's figures. */
    public static final String SIMULATED = "simulated_";

    private ReplayReport() {
    }

    /**
     * One replay's figures.
     *
     * @param label   what the report calls it (the file name)
     * @param figures figure name → value, in the file's order; NaN where the file has null
     */
    public record Replay(String label, Map<String, Double> figures) {
        public Replay {
            figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        }
    }

    /**
     * Reads a replay's JSON object (numbers or null), keys in camelCase or, as written before 0.1, in
     * snake_case; the figures are named in snake_case either way. A malformed file is bad input naming
     * the file and field.
     */
    public static Replay read(Path json) throws IOException {
        String source = json.toString();
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(json));
        } catch (NoSuchFileException e) {
            throw new BadInputException(source, 0, null, "no such file");
        } catch (JsonProcessingException e) {
            throw new BadInputException(source, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), null,
                    "not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject() || root.isEmpty()) {
            throw new BadInputException(source, 1, null, "expected a JSON object of figures, as execplace replay --json writes");
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (!v.isNumber() && !v.isNull()) {
                throw new BadInputException(source, 0, e.getKey(), "expected a number or null, got " + v);
            }
            // The figures' names as printed and in the CSV: files of before 0.1 have them as keys, later ones in camelCase.
            figures.put(JsonKeys.snake(e.getKey()), v.isNull() ? Double.NaN : v.doubleValue());
        }
        return new Replay(json.getFileName().toString(), figures);
    }

    /**
     * The figures as CSV: a header of their names and one record, each value as the JSON has it (no
     * value: empty), so the CSV of several rounds appends into one table.
     */
    public static String csv(Map<String, ?> figures) {
        List<String> values = new ArrayList<>();
        for (Object v : figures.values()) {
            values.add(v == null || v instanceof Double d && !Double.isFinite(d) ? null : v.toString());
        }
        return new CsvTable(List.copyOf(figures.keySet())).row(values).text();
    }

    /** Each replay's figures, its prediction and the gap per figure, one table per replay. */
    public static ReportSection section(List<Replay> replays) {
        ReportSection.Builder s = ReportSection.builder("Replays on the Kubernetes testbed");
        s.paragraph("Each table is one execplace replay: the figure measured on the testbed, the simulator's prediction of it "
                + "for the same workload and policy (execplace replay --predict; blank without one), and the sim-to-real gap, "
                + "(simulated − replay) ÷ replay. Times are workload seconds, except the binding latencies (real seconds).");
        for (Replay r : replays) {
            List<List<String>> rows = new ArrayList<>();
            for (Map.Entry<String, Double> e : r.figures().entrySet()) {
                if (e.getKey().startsWith(SIMULATED)) {
                    continue;
                }
                Double sim = r.figures().get(SIMULATED + e.getKey());
                rows.add(List.of(e.getKey(), shown(e.getValue()), sim == null ? "" : shown(sim), sim == null ? "" : gap(e.getValue(), sim)));
            }
            s.table(new ReportTable(r.label(), List.of("figure", "replay", "simulated", "gap"), rows));
        }
        return s.build();
    }

    /** A report of the replays alone. */
    public static HtmlReport report(List<Replay> replays) {
        return HtmlReport.builder("execplace replay")
                .intro(replays.size() + (replays.size() == 1 ? " replay" : " replays") + " on the Kubernetes testbed (docs/testbed.md).")
                .section(section(replays)).build();
    }

    /** Counts as whole numbers, other figures with 4 significant digits. */
    private static String shown(double v) {
        if (Double.isNaN(v)) {
            return Format.MISSING;
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Format.sig(v, 4);
    }

    /** The gap in percent with its sign; no value when the replay's figure is 0 or missing. */
    static String gap(double replay, double simulated) {
        if (replay == 0 || !Double.isFinite(replay) || !Double.isFinite(simulated)) {
            return Format.MISSING;
        }
        return String.format(Locale.ROOT, "%+.1f %%", 100 * (simulated - replay) / replay);
    }
}

package io.execplace.core.spottrace;

import io.execplace.core.io.BadInputException;
import io.execplace.core.io.InputFileException;
import io.execplace.core.model.UnavailableWindow;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * Reads SpotLake's AWS snapshots (the 2025 open-data sample, CC BY-NC 4.0: one CSV, optionally gzip,
 * per 10 minutes with the columns {@code Time, InstanceType, Region, AZ, SPS, T3, T2, IF,
 * OndemandPrice, SpotPrice, Savings}) for one instance type in one Availability Zone ID, and turns
 * them into windows without spot capacity.
 *
 * <p>A snapshot says the pool has capacity when it has a spot price and a Spot Placement Score of at
 * least {@code minScore} (AWS: 1 low … 3 high for most types), and, asking for {@code nodes} > 1,
 * when its {@code T2} (or {@code T3}) column — the largest target capacity that scored 2 (3) or
 * higher — is at least {@code nodes}. A snapshot holds until the next one; missing snapshots carry
 * the last state on; the last holds for one interval (600 s). The data is not shipped: users read
 * the files they downloaded.
 */
public final class SpotLakeImport {

    static final List<String> COLUMNS = List.of("Time", "InstanceType", "Region", "AZ", "SPS", "T3", "T2", "IF",
            "OndemandPrice", "SpotPrice", "Savings");
    /** SpotLake's snapshot interval. */
    public static final double INTERVAL_SECONDS = 600;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /** One snapshot of the pool read. */
    private record Snapshot(boolean available, double spot, double onDemand, String band) {
    }

    private final String instanceType;
    private final String zone;
    private final int minScore;
    private final int nodes;
    private final TreeMap<Instant, Snapshot> snapshots = new TreeMap<>();
    private final TreeSet<String> typesInZone = new TreeSet<>();
    private long rowsRead;

    /**
     * @param minScore lowest Spot Placement Score counted as capacity (1–10)
     * @param nodes    nodes the pool must be able to get at once; above 1 only with {@code minScore} 2 or 3
     */
    public SpotLakeImport(String instanceType, String zone, int minScore, int nodes) {
        if (minScore < 1 || minScore > 10) {
            throw BadInputException.option("--min-score", "expected a Spot Placement Score from 1 to 10, got " + minScore);
        }
        if (nodes < 1 || (nodes > 1 && minScore != 2 && minScore != 3)) {
            throw BadInputException.option("--nodes", nodes < 1 ? "expected at least 1 node, got " + nodes
                    : "SpotLake gives capacity for several nodes (T2, T3) at scores 2 and 3 only; use --min-score 2 or 3");
        }
        this.instanceType = instanceType;
        this.zone = zone;
        this.minScore = minScore;
        this.nodes = nodes;
    }

    /** Reads files, or folders of {@code *.csv} / {@code *.csv.gz} files (recursively, in name order). */
    public SpotLakeTrace read(List<Path> paths) {
        for (Path path : paths) {
            for (Path file : files(path)) {
                readFile(file);
            }
        }
        if (snapshots.isEmpty()) {
            throw new BadInputException(paths.get(0).toString(), 0, null, "no rows for instance type " + instanceType
                    + " in zone " + zone + " among " + rowsRead + " rows"
                    + (typesInZone.isEmpty() ? " (no row of that zone either; SpotLake names zones by ID, e.g. use1-az1)"
                    : "; types in that zone include " + String.join(", ", typesInZone.stream().limit(8).toList())));
        }
        return trace();
    }

    private static List<Path> files(Path path) {
        if (!Files.isDirectory(path)) {
            return List.of(path);
        }
        try (Stream<Path> walk = Files.walk(path)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getFileName().toString().endsWith(".csv") || p.getFileName().toString().endsWith(".csv.gz"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new InputFileException(path.toString(), 0, null, "cannot list: " + e.getMessage(), e);
        }
    }

    private void readFile(Path file) {
        String label = file.toString();
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = label.endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String header = reader.readLine();
            Map<String, Integer> column = columns(header, label);
            String line;
            int number = 1;
            while ((line = reader.readLine()) != null) {
                number++;
                if (!line.contains(zone)) {
                    rowsRead++; // another zone's row: not split (a year of snapshots is 1.7 billion rows)
                } else if (!line.isBlank()) {
                    row(line.split(",", -1), column, label, number);
                }
            }
        } catch (NoSuchFileException e) {
            throw new InputFileException(label, 0, null, "no such file", e);
        } catch (IOException e) {
            throw new InputFileException(label, 0, null, "cannot read: " + e.getMessage(), e);
        }
    }

    private static Map<String, Integer> columns(String header, String file) {
        if (header == null) {
            throw new InputFileException(file, 1, null, "empty file (expected SpotLake's header " + String.join(",", COLUMNS) + ")");
        }
        String[] names = header.replace("\uFEFF", "").split(",", -1);
        Map<String, Integer> column = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            column.put(names[i].strip(), i);
        }
        for (String name : COLUMNS) {
            if (!column.containsKey(name)) {
                throw new InputFileException(file, 1, name, "missing column: not a SpotLake snapshot (expected "
                        + String.join(",", COLUMNS) + ")");
            }
        }
        return column;
    }

    private void row(String[] cells, Map<String, Integer> column, String file, int line) {
        rowsRead++;
        if (cells.length < COLUMNS.size()) {
            throw new InputFileException(file, line, null, "expected " + COLUMNS.size() + " cells, got " + cells.length);
        }
        if (!cell(cells, column, "AZ").equals(zone)) {
            return;
        }
        String type = cell(cells, column, "InstanceType");
        if (!type.equals(instanceType)) {
            typesInZone.add(type);
            return;
        }
        Instant time;
        try {
            time = LocalDateTime.parse(cell(cells, column, "Time"), TIME).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new InputFileException(file, line, "Time", "expected YYYY-MM-DD HH:MM:SS, got '" + cell(cells, column, "Time") + "'");
        }
        double sps = number(cells, column, "SPS", file, line);
        double spot = number(cells, column, "SpotPrice", file, line);
        double limit = nodes > 1 ? number(cells, column, minScore == 3 ? "T3" : "T2", file, line) : nodes;
        boolean available = !Double.isNaN(spot) && sps >= minScore && limit >= nodes;
        Snapshot s = new Snapshot(available, spot, number(cells, column, "OndemandPrice", file, line),
                band(number(cells, column, "IF", file, line)));
        // SpotLake keeps both rows where the price API gave two prices at one time: capacity if either says so.
        snapshots.merge(time, s, (a, b) -> a.available() ? a : b);
    }

    private static String cell(String[] cells, Map<String, Integer> column, String name) {
        return cells[column.get(name)].strip();
    }

    /** The cell's number; NaN when empty (SpotLake's missing value). */
    private static double number(String[] cells, Map<String, Integer> column, String name, String file, int line) {
        String text = cell(cells, column, name);
        if (text.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new InputFileException(file, line, name, "expected a number or an empty cell, got '" + text + "'");
        }
    }

    /** SpotLake's IF grade as the Spot Instance Advisor's band (3.0 = &lt;5 % … 1.0 = &gt;20 %). */
    static String band(double grade) {
        if (Double.isNaN(grade)) {
            return null;
        }
        return grade >= 3 ? "<5" : grade >= 2.5 ? "5-10" : grade >= 2 ? "10-15" : grade >= 1.5 ? "15-20" : ">20";
    }

    private SpotLakeTrace trace() {
        Instant start = snapshots.firstKey();
        List<UnavailableWindow> windows = new ArrayList<>();
        double openedAt = -1;
        double spot = 0;
        int spotCount = 0;
        double onDemand = 0;
        int onDemandCount = 0;
        Map<String, Integer> bands = new HashMap<>();
        for (Map.Entry<Instant, Snapshot> e : snapshots.entrySet()) {
            double at = (e.getKey().toEpochMilli() - start.toEpochMilli()) / 1000.0;
            Snapshot s = e.getValue();
            if (!s.available() && openedAt < 0) {
                openedAt = at;
            } else if (s.available() && openedAt >= 0) {
                windows.add(new UnavailableWindow(openedAt, at));
                openedAt = -1;
            }
            if (!Double.isNaN(s.spot())) {
                spot += s.spot();
                spotCount++;
            }
            if (!Double.isNaN(s.onDemand())) {
                onDemand += s.onDemand();
                onDemandCount++;
            }
            if (s.band() != null) {
                bands.merge(s.band(), 1, Integer::sum);
            }
        }
        double span = (snapshots.lastKey().toEpochMilli() - start.toEpochMilli()) / 1000.0 + INTERVAL_SECONDS;
        if (openedAt >= 0) {
            windows.add(new UnavailableWindow(openedAt, span));
        }
        String band = bands.entrySet().stream()
                .max(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .map(Map.Entry::getKey).orElse(null);
        return new SpotLakeTrace(instanceType, zone, start, span, snapshots.size(), windows,
                spotCount > 0 ? spot / spotCount : Double.NaN, onDemandCount > 0 ? onDemand / onDemandCount : Double.NaN,
                band);
    }
}

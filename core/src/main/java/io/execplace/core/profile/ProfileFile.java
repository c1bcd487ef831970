package io.execplace.core.profile;

import io.execplace.core.io.AtomicFiles;
import io.execplace.core.io.CsvTable;
import io.execplace.core.io.InputFileException;
import io.execplace.core.io.InputFiles;
import io.execplace.core.model.JobType;
import io.execplace.core.model.PlacementPreference;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The job-type profile file (format {@value #FORMAT_VERSION}, docs/profile.md): a first line with
 * the format version and the CRC-32 of everything after it, {@code # key: value} lines with the
 * provenance and the placement factors, then a CSV table with one row per measured cell:
 * <pre>
 * # execplace job profile, format 1, crc32 5c0a81f3
 * # master: local-cluster[2,1,1024]
 * # machine: host, 2 cores, 23 GB, Linux 6.8, Java 17.0.12
 * # spark: 4.1.1
 * # repetitions: 3
 * # date: 2026-11-22T19:30:00Z
 * # seed: 1
 * # factor.wordcount: 1.02
 * # ratio.wordcount: 1.02
 * ...
 * type,input_mb,executors,layout,runs,mean_s,sd_s,min_s,max_s,stages,shuffle_bytes
 * wordcount,16,2,spread,3,4.113,0.05,4.06,4.16,2,81234
 * </pre>
 * {@code crc32 none} turns the check off for a hand-written profile. Reading refuses anything else
 * with the file, line and field; numbers are written exactly (a write and a read give back every bit).
 */
public final class ProfileFile {

    /** The format version this build writes and reads. */
    public static final int FORMAT_VERSION = 1;
    /** The table's columns, in order. */
    public static final List<String> COLUMNS = List.of("type", "input_mb", "executors", "layout", "runs", "mean_s",
            "sd_s", "min_s", "max_s", "stages", "shuffle_bytes");

    private static final String TITLE = "execplace job profile";
    private static final Pattern FIRST = Pattern.compile("# " + TITLE + ", format (\\d+), crc32 (\\S+)");
    private static final Pattern META = Pattern.compile("# ([a-z.]+): (.*)");
    private static final List<String> PROVENANCE_KEYS = List.of("master", "machine", "spark", "repetitions", "date", "seed");

    private ProfileFile() {
    }

    /** Reads a profile file; every refusal names the file, line and field. */
    public static MeasuredProfile read(Path file) {
        return parse(InputFiles.readText(file, "profile"), file.toString(), file.getFileName().toString());
    }

    /** Writes a profile atomically. */
    public static void write(MeasuredProfile profile, Path file) throws IOException {
        String text = format(profile);
        AtomicFiles.write(file, w -> w.write(text));
    }

    /** The file text of a profile. */
    public static String format(MeasuredProfile profile) {
        StringBuilder body = new StringBuilder();
        Provenance p = profile.provenance();
        meta(body, "master", p.master());
        meta(body, "machine", p.machine());
        meta(body, "spark", p.sparkVersion());
        meta(body, "repetitions", Integer.toString(p.repetitions()));
        meta(body, "date", p.date());
        meta(body, "seed", Long.toString(p.seed()));
        for (JobType t : MeasuredProfile.TYPES) {
            PlacementFactor f = profile.factors().get(t);
            meta(body, "factor." + t.label(), number(f.factor()));
            if (!Double.isNaN(f.measuredRatio())) {
                meta(body, "ratio." + t.label(), number(f.measuredRatio()));
            }
        }
        CsvTable table = new CsvTable(COLUMNS);
        for (Measurement m : profile.measurements()) {
            ProfileCell c = m.cell();
            DurationStats d = m.durations();
            table.row(c.type().label(), c.inputMb(), c.executors(), MeasuredProfile.layoutLabel(c.layout()), d.runs(),
                    number(d.meanSeconds()), number(d.sdSeconds()), number(d.minSeconds()), number(d.maxSeconds()),
                    m.stages(), m.shuffleBytes());
        }
        String content = body.append(table.text()).toString();
        return String.format(Locale.ROOT, "# %s, format %d, crc32 %08x\n", TITLE, FORMAT_VERSION, crc(content)) + content;
    }

    /**
     * Parses profile text.
     *
     * @param file names the source in messages
     * @param name the profile's name for reports
     */
    public static MeasuredProfile parse(String text, String file, String name) {
        return new Parser(text.replace("\r\n", "\n"), file).profile(name);
    }

    /** CRC-32 of the text after the first line, as the first line carries it. */
    static long crc(String content) {
        CRC32 crc = new CRC32();
        crc.update(content.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }

    private static void meta(StringBuilder sb, String key, String value) {
        sb.append("# ").append(key).append(": ").append(value).append('\n');
    }

    /** Whole numbers without a decimal point, others as Java's shortest exact decimal. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    private static final class Parser {
        private final String text;
        private final String[] lines;
        private final String file;
        private int index; // 0-based; line numbers in messages are index + 1

        Parser(String text, String file) {
            this.text = text;
            this.lines = text.split("\n", -1);
            this.file = file;
        }

        MeasuredProfile profile(String name) {
            Matcher first = FIRST.matcher(lines[0].strip());
            if (!first.matches()) {
                throw fail(1, "format", "not an execplace job profile (the first line must read '# " + TITLE
                        + ", format " + FORMAT_VERSION + ", crc32 <8 hex digits>'), got '" + shorten(lines[0]) + "'");
            }
            int version;
            try {
                version = Integer.parseInt(first.group(1));
            } catch (NumberFormatException e) {
                version = -1;
            }
            if (version != FORMAT_VERSION) {
                throw fail(1, "format", "version " + first.group(1) + " is not supported (this build reads version "
                        + FORMAT_VERSION + ")");
            }
            String sum = first.group(2);
            int newline = text.indexOf('\n');
            String content = newline < 0 ? "" : text.substring(newline + 1);
            if (!sum.equals("none")) {
                if (!sum.matches("[0-9a-f]{8}")) {
                    throw fail(1, "crc32", "expected 8 lower-case hex digits or 'none', got '" + sum + "'");
                }
                if (Long.parseLong(sum, 16) != crc(content)) {
                    throw fail(1, "crc32", "checksum mismatch: the file is damaged, truncated or was edited "
                            + "(write 'crc32 none' in the first line to accept a hand-edited profile)");
                }
            }
            index = 1;
            Map<String, Integer> metaLines = new LinkedHashMap<>();
            Map<String, String> meta = new LinkedHashMap<>();
            while (index < lines.length && lines[index].startsWith("#")) {
                Matcher m = META.matcher(lines[index].stripTrailing());
                if (!m.matches()) {
                    throw fail(index + 1, null, "expected '# key: value', got '" + shorten(lines[index]) + "'");
                }
                String key = m.group(1);
                if (!known(key)) {
                    throw fail(index + 1, key, "unknown key (expected " + String.join(", ", PROVENANCE_KEYS)
                            + ", factor.<type>, ratio.<type>)");
                }
                if (meta.containsKey(key)) {
                    throw fail(index + 1, key, "given twice (first on line " + metaLines.get(key) + ")");
                }
                meta.put(key, m.group(2).strip());
                metaLines.put(key, index + 1);
                index++;
            }
            Provenance provenance = provenance(meta, metaLines);
            Map<JobType, PlacementFactor> factors = factors(meta, metaLines);
            if (index >= lines.length || !lines[index].strip().equals(String.join(",", COLUMNS))) {
                throw fail(index + 1, "header", "expected the column line '" + String.join(",", COLUMNS) + "', got '"
                        + (index < lines.length ? shorten(lines[index]) : "end of file") + "'");
            }
            index++;
            List<Measurement> rows = new ArrayList<>();
            Map<ProfileCell, Integer> seen = new LinkedHashMap<>();
            for (; index < lines.length; index++) {
                if (lines[index].isBlank()) {
                    continue;
                }
                Measurement m = row(lines[index].strip());
                Integer before = seen.putIfAbsent(m.cell(), index + 1);
                if (before != null) {
                    throw fail(index + 1, "type", "the same type, input_mb, executors and layout as line " + before);
                }
                rows.add(m);
            }
            try {
                return new MeasuredProfile(name, provenance, factors, rows);
            } catch (IllegalArgumentException e) {
                throw fail(0, "type", e.getMessage());
            }
        }

        private static boolean known(String key) {
            if (PROVENANCE_KEYS.contains(key)) {
                return true;
            }
            for (JobType t : MeasuredProfile.TYPES) {
                if (key.equals("factor." + t.label()) || key.equals("ratio." + t.label())) {
                    return true;
                }
            }
            return false;
        }

        private Provenance provenance(Map<String, String> meta, Map<String, Integer> at) {
            for (String k : PROVENANCE_KEYS) {
                if (!meta.containsKey(k) || meta.get(k).isEmpty()) {
                    throw fail(meta.containsKey(k) ? at.get(k) : 0, k, "missing (every profile names its master, "
                            + "machine, spark version, repetitions, date and seed)");
                }
            }
            int repetitions = (int) whole(meta.get("repetitions"), at.get("repetitions"), "repetitions", 1, 1_000_000);
            long seed;
            try {
                seed = Long.parseLong(meta.get("seed"));
            } catch (NumberFormatException e) {
                throw fail(at.get("seed"), "seed", "expected a whole number, got '" + meta.get("seed") + "'");
            }
            return new Provenance(meta.get("master"), meta.get("machine"), meta.get("spark"), repetitions,
                    meta.get("date"), seed);
        }

        private Map<JobType, PlacementFactor> factors(Map<String, String> meta, Map<String, Integer> at) {
            Map<JobType, PlacementFactor> out = new EnumMap<>(JobType.class);
            for (JobType t : MeasuredProfile.TYPES) {
                String fk = "factor." + t.label();
                String rk = "ratio." + t.label();
                if (!meta.containsKey(fk)) {
                    throw fail(0, fk, "missing (the placement factor of " + t.label() + ", at least 1)");
                }
                double factor = decimal(meta.get(fk), at.get(fk), fk);
                if (!(factor >= 1) || factor > 100) {
                    throw fail(at.get(fk), fk, "expected a number from 1 to 100, got " + meta.get(fk));
                }
                double ratio = Double.NaN;
                if (meta.containsKey(rk)) {
                    ratio = decimal(meta.get(rk), at.get(rk), rk);
                    if (!(ratio > 0) || ratio > 100) {
                        throw fail(at.get(rk), rk, "expected a number above 0 and at most 100, got " + meta.get(rk));
                    }
                }
                out.put(t, new PlacementFactor(factor, ratio));
            }
            return out;
        }

        private Measurement row(String line) {
            String[] f = line.split(",", -1);
            if (f.length != COLUMNS.size()) {
                throw fail(index + 1, null, "expected " + COLUMNS.size() + " columns (" + String.join(",", COLUMNS)
                        + "), got " + f.length);
            }
            JobType type;
            try {
                type = JobType.parse(f[0].strip());
            } catch (IllegalArgumentException e) {
                type = JobType.GENERIC;
            }
            if (type == JobType.GENERIC) {
                throw fail(index + 1, "type", "expected wordcount, sort or pagerank, got '" + f[0].strip() + "'");
            }
            int inputMb = (int) whole(f[1], index + 1, "input_mb", 1, 10_000_000);
            int executors = (int) whole(f[2], index + 1, "executors", 1, 100_000);
            PlacementPreference layout = switch (f[3].strip().toLowerCase(Locale.ROOT)) {
                case "spread" -> PlacementPreference.SPREAD;
                case "consolidated" -> PlacementPreference.CONSOLIDATE;
                default -> throw fail(index + 1, "layout", "expected spread or consolidated, got '" + f[3].strip() + "'");
            };
            int runs = (int) whole(f[4], index + 1, "runs", 1, 1_000_000);
            double mean = seconds(f[5], "mean_s");
            double sd = decimal(f[6], index + 1, "sd_s");
            if (!(sd >= 0) || !Double.isFinite(sd)) {
                throw fail(index + 1, "sd_s", "expected a number >= 0, got '" + f[6].strip() + "'");
            }
            double min = seconds(f[7], "min_s");
            double max = seconds(f[8], "max_s");
            if (!(min <= mean)) {
                throw fail(index + 1, "min_s", "the shortest run (" + f[7].strip() + ") is longer than the mean ("
                        + f[5].strip() + ")");
            }
            if (!(mean <= max)) {
                throw fail(index + 1, "max_s", "the longest run (" + f[8].strip() + ") is shorter than the mean ("
                        + f[5].strip() + ")");
            }
            int stages = (int) whole(f[9], index + 1, "stages", 0, 1_000_000);
            long shuffle = whole(f[10], index + 1, "shuffle_bytes", 0, Long.MAX_VALUE);
            return new Measurement(new ProfileCell(type, inputMb, executors, layout),
                    new DurationStats(runs, mean, sd, min, max), stages, shuffle);
        }

        private double seconds(String text, String field) {
            double v = decimal(text, index + 1, field);
            if (!(v > 0) || v > 1e9) {
                throw fail(index + 1, field, "expected a number of seconds above 0 and at most 1e9, got '" + text.strip() + "'");
            }
            return v;
        }

        private double decimal(String text, int line, String field) {
            String t = text.strip();
            try {
                double v = Double.parseDouble(t);
                if (Double.isFinite(v) && !t.endsWith("d") && !t.endsWith("f") && !t.endsWith("D") && !t.endsWith("F")) {
                    return v;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw fail(line, field, "expected a number, got '" + t + "'");
        }

        private long whole(String text, int line, String field, long min, long max) {
            String t = text.strip();
            long v;
            try {
                v = Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw fail(line, field, "expected a whole number, got '" + t + "'");
            }
            if (v < min || v > max) {
                throw fail(line, field, "expected a whole number from " + min + " to " + max + ", got " + t);
            }
            return v;
        }

        private InputFileException fail(int line, String field, String problem) {
            return new InputFileException(file, line, field, problem);
        }

        private static String shorten(String s) {
            return s.length() > 80 ? s.substring(0, 77) + "..." : s;
        }
    }
}

package io.execplace.core.workload;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * SWIM workload traces (tab-separated: job id {@code jobN}, submit time s, gap to the previous
 * submission s, map input bytes, shuffle bytes, reduce output bytes). Bundles the Facebook 2009
 * trace {@code FB-2009_samples_24_times_1hr_0} that TPDS draws its arrivals from (SWIM project,
 * New BSD licence; the licence lies beside the file in {@code io/execplace/core/workload/swim/}).
 */
public final class SwimTrace {

    /** File name of the bundled Facebook 2009 trace. */
    public static final String FB2009 = "FB-2009_samples_24_times_1hr_0.tsv";

    static final List<String> FIELDS =
            List.of("job id", "submit time", "gap", "map input bytes", "shuffle bytes", "reduce output bytes");
    private static final Pattern JOB_ID = Pattern.compile("job(\\d{1,9})");

    /** One submission: the {@code N} of {@code jobN} and its submit time in seconds. */
    public record Entry(int jobNumber, double submitSeconds) {
    }

    private SwimTrace() {
    }

    /** The bundled FB-2009 trace, in file order (5,894 jobs over 24 hours). */
    public static List<Entry> fb2009() {
        return Fb2009Holder.ENTRIES;
    }

    /** Parses SWIM text; {@code file} names it in error messages. */
    static List<Entry> parse(String content, String file) {
        List<Entry> entries = new ArrayList<>();
        TraceCodec.SeenIds ids = new TraceCodec.SeenIds();
        for (TraceLine line : TraceText.lines(content, file, '\t')) {
            line.requireFields(FIELDS.size());
            Matcher m = JOB_ID.matcher(line.raw(0));
            if (!m.matches()) {
                throw line.error(FIELDS.get(0), "expected jobN (N a whole number), got '" + line.raw(0) + "'");
            }
            int id = Integer.parseInt(m.group(1));
            ids.add(line, FIELDS.get(0), id);
            double submit = line.time(1, FIELDS.get(1), 0, false);
            // The remaining columns are not used, but a malformed value means a damaged file.
            for (int i = 2; i < FIELDS.size(); i++) {
                line.number(i, FIELDS.get(i), 0, false);
            }
            entries.add(new Entry(id, submit));
        }
        return entries;
    }

    /** Loaded on first use, then shared (the list is immutable). */
    private static final class Fb2009Holder {
        static final List<Entry> ENTRIES = load();

        private static List<Entry> load() {
            try (InputStream in = SwimTrace.class.getResourceAsStream("swim/" + FB2009)) {
                if (in == null) {
                    throw new IllegalStateException("bundled SWIM trace swim/" + FB2009 + " is missing from the classpath");
                }
                return List.copyOf(parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), FB2009 + " (bundled)"));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the bundled SWIM trace " + FB2009, e);
            }
        }
    }
}

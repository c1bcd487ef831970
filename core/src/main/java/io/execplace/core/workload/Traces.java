package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import io.execplace.core.io.AtomicFiles;
import io.execplace.core.model.Workload;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Reads and writes workload traces in every {@link TraceFormat}.
 *
 * <p>Layouts (one job per line; blank lines are ignored):
 * <ul>
 *   <li>{@code csv} — header {@code job,type,arrival,cores,memoryGb,executors,baseDuration,deadline},
 *       type a label ({@code wordcount}, {@code sort}, {@code pagerank}, {@code generic}), deadline
 *       empty for none (details in {@code CsvTraceCodec});</li>
 *   <li>{@code tpds} — no header, {@code arrival,job,type,cores,memoryGb,executors,duration} with type
 *       1 WordCount, 2 Sort, 3 PageRank; no deadlines;</li>
 *   <li>{@code hyb} — header {@code job-id,C,M,E,T_A,T_est,T_D}; generic jobs with deadlines;</li>
 *   <li>{@code swim} — tab-separated {@code jobN, submit, gap, 3 byte counts}; the job fields are
 *       generated from {@link TraceReadOptions#seed()} as for the TPDS workloads, and only ids and
 *       arrivals are written.</li>
 * </ul>
 *
 * <p>Any problem in a file is one {@link InputFileException} naming the file, line and field.
 * Writers refuse workloads their format cannot hold (a TPDS trace cannot hold deadlines, a HYB
 * trace needs them) and write atomically through {@link AtomicFiles}.
 */
public final class Traces {

    private static final Pattern SWIM_FIRST_FIELD = Pattern.compile("job\\d+");
    private static final Pattern NUMERIC = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private Traces() {
    }

    /** Reads a trace, detecting its format, with {@link TraceReadOptions#defaults()}. */
    public static Workload read(Path file) throws IOException {
        return read(file, null, TraceReadOptions.defaults());
    }

    /**
     * Reads a trace.
     *
     * @param file    the trace
     * @param format  its format, or {@code null} to detect it from the first line
     * @param options seed and ranges for SWIM, deadline tolerance
     * @throws InputFileException when the content is malformed
     * @throws IOException          when the file cannot be read
     */
    public static Workload read(Path file, TraceFormat format, TraceReadOptions options) throws IOException {
        String label = file.toString();
        String content = readText(file, label);
        Path fileName = file.getFileName();
        return parse(content, label, fileName == null ? label : fileName.toString(), format, options);
    }

    /**
     * Parses trace text already in memory.
     *
     * @param content the text
     * @param file    what to call the source in error messages
     * @param name    the workload's name
     * @param format  the format, or {@code null} to detect it
     */
    public static Workload parse(String content, String file, String name, TraceFormat format,
                                 TraceReadOptions options) {
        String text = TraceText.stripBom(content);
        TraceFormat f = format != null ? format : detect(text, file);
        return codec(f).read(text, file, name, options);
    }

    /** The format of the given file, judged from its first non-blank line. */
    public static TraceFormat detect(Path file) throws IOException {
        String label = file.toString();
        return detect(TraceText.stripBom(readText(file, label)), label);
    }

    /**
     * The format of trace text, judged from its first non-blank line: header {@code job,type,...}
     * is csv, header {@code job-id,C,M,E...} is hyb, a tab-separated line starting {@code jobN} is
     * swim, seven comma-separated numbers are tpds.
     */
    public static TraceFormat detect(String content, String file) {
        String first = TraceText.firstLine(content);
        if (first == null) {
            throw new InputFileException(file, 0, null, "the file is empty");
        }
        String lower = first.toLowerCase(Locale.ROOT).replace(" ", "");
        if (lower.startsWith("job,type")) {
            return TraceFormat.EXECPLACE_CSV;
        }
        if (lower.startsWith("job-id,c,m,e")) {
            return TraceFormat.HYB;
        }
        if (first.indexOf('\t') >= 0 && SWIM_FIRST_FIELD.matcher(first.substring(0, first.indexOf('\t')).strip()).matches()) {
            return TraceFormat.SWIM;
        }
        if (isSevenNumbers(first)) {
            return TraceFormat.TPDS;
        }
        String shown = first.length() > 60 ? first.substring(0, 60) + "..." : first;
        throw new InputFileException(file, 0, null, "cannot tell the trace format from the first line '" + shown
                + "'; pass --format (csv, tpds, hyb or swim)");
    }

    private static boolean isSevenNumbers(String line) {
        String[] parts = line.split(",", -1);
        if (parts.length != TpdsTraceCodec.FIELDS) {
            return false;
        }
        for (String p : parts) {
            if (!NUMERIC.matcher(p.strip()).matches()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Writes a workload to {@code file} in the given format, atomically: on any failure the file
     * is left as it was.
     *
     * @throws IllegalArgumentException when the format cannot hold the workload (checked before writing)
     */
    public static void write(Workload workload, Path file, TraceFormat format) throws IOException {
        TraceCodec codec = codec(format);
        codec.checkWritable(workload);
        AtomicFiles.write(file, w -> codec.write(workload, w));
    }

    /** Writes a workload to a writer (not closed) in the given format. */
    public static void write(Workload workload, Writer out, TraceFormat format) throws IOException {
        TraceCodec codec = codec(format);
        codec.checkWritable(workload);
        codec.write(workload, out);
    }

    private static TraceCodec codec(TraceFormat format) {
        return switch (format) {
            case EXECPLACE_CSV -> new CsvTraceCodec();
            case TPDS -> new TpdsTraceCodec();
            case HYB -> new HybTraceCodec();
            case SWIM -> new SwimTraceCodec();
        };
    }

    private static String readText(Path file, String label) throws IOException {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new InputFileException(label, 0, null, "no such file", e);
        } catch (CharacterCodingException e) {
            throw new InputFileException(label, 0, null, "not UTF-8 text", e);
        }
    }

    /** The column names of the execplace CSV header, in the order it is written. */
    public static List<String> csvColumns() {
        return CsvTraceCodec.COLUMNS;
    }
}

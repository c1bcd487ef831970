package io.execplace.core.workload;

import io.execplace.core.io.InputFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Splits a trace's text into numbered, non-blank {@link TraceLine}s. Each physical line is split
 * on its own so that reported line numbers are exact; the price is that a quoted field cannot span
 * lines, which no trace format here needs. A line without quotes (every line the trace formats
 * write) is split directly at the delimiter and its fields trimmed, as commons-csv would split it
 * but without building a parser per line (a 10,000-job trace then reads several times faster from
 * a cold JVM); a line with quotes goes to commons-csv.
 */
final class TraceText {

    private TraceText() {
    }

    static CSVFormat csvFormat(char delimiter) {
        return CSVFormat.DEFAULT.builder()
                .setDelimiter(delimiter)
                .setTrim(true)
                .setIgnoreSurroundingSpaces(true)
                .setRecordSeparator("\n")
                .get();
    }

    /**
     * The non-blank lines of a comma-separated trace whose first line is {@code header}; an empty
     * file is refused naming the header it should start with.
     */
    static List<TraceLine> headedLines(String content, String file, List<String> header) {
        List<TraceLine> lines = lines(content, file, ',');
        if (lines.isEmpty()) {
            throw new InputFileException(file, 0, null, "the file is empty (expected the header "
                    + String.join(",", header) + ")");
        }
        return lines;
    }

    /** The non-blank lines of {@code content}, each split by {@code delimiter}. */
    static List<TraceLine> lines(String content, String file, char delimiter) {
        CSVFormat format = csvFormat(delimiter);
        List<TraceLine> out = new ArrayList<>();
        String[] physical = content.split("\r\n|\n|\r", -1);
        for (int i = 0; i < physical.length; i++) {
            String text = physical[i];
            if (text.isBlank()) {
                continue;
            }
            out.add(new TraceLine(file, i + 1, split(text, format, file, i + 1)));
        }
        return out;
    }

    /** The first non-blank line of {@code content}, unsplit, or {@code null} when there is none. */
    static String firstLine(String content) {
        for (String text : content.split("\r\n|\n|\r")) {
            if (!text.isBlank()) {
                return text.strip();
            }
        }
        return null;
    }

    private static List<String> split(String text, CSVFormat format, String file, int line) {
        if (text.indexOf('"') < 0) {
            char delimiter = format.getDelimiterString().charAt(0);
            List<String> fields = new ArrayList<>();
            int from = 0;
            while (true) {
                int at = text.indexOf(delimiter, from);
                fields.add((at < 0 ? text.substring(from) : text.substring(from, at)).strip());
                if (at < 0) {
                    return fields;
                }
                from = at + 1;
            }
        }
        try (CSVParser parser = CSVParser.parse(text, format)) {
            List<CSVRecord> records = parser.getRecords();
            if (records.size() != 1) {
                throw new InputFileException(file, line, null, "cannot split the line into fields");
            }
            return records.get(0).toList();
        } catch (IOException | UncheckedIOException e) {
            // commons-csv reports an unterminated quote this way.
            throw new InputFileException(file, line, null, "malformed line: " + e.getMessage(), e);
        }
    }

    /** Removes a UTF-8 byte-order mark, which spreadsheet programs like to prepend. */
    static String stripBom(String content) {
        return content.startsWith("\uFEFF") ? content.substring(1) : content;
    }
}

package io.execplace.core.io;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The one way execplace writes a results table as CSV: a header, rows of the same width, RFC 4180
 * quoting (commons-csv), {@code \n} line ends, written atomically ({@link AtomicFiles}), so a failed
 * write leaves no half-written table. Callers format their numbers; {@code null} is an empty field.
 */
public final class CsvTable {

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();

    private final List<String> header;
    private final List<List<?>> rows = new ArrayList<>();

    public CsvTable(List<String> header) {
        if (header.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.header = List.copyOf(header);
    }

    public CsvTable(String... header) {
        this(Arrays.asList(header));
    }

    /** The column names. */
    public List<String> header() {
        return header;
    }

    /** Adds a row; its values in the header's order. */
    public CsvTable row(Object... values) {
        return row(Arrays.asList(values));
    }

    /** Adds a row; its values in the header's order. */
    public CsvTable row(List<?> values) {
        if (values.size() != header.size()) {
            throw new IllegalArgumentException("a row of " + values.size() + " values for " + header.size() + " columns");
        }
        rows.add(new ArrayList<>(values));
        return this;
    }

    /** Adds a row from a record keyed by column name; a column the record lacks is empty. */
    public CsvTable record(Map<String, ?> record) {
        List<Object> values = new ArrayList<>(header.size());
        for (String column : header) {
            values.add(record.get(column));
        }
        return row(values);
    }

    /** Rows added so far. */
    public int size() {
        return rows.size();
    }

    /** Writes the table to {@code file} atomically. */
    public void write(Path file) throws IOException {
        AtomicFiles.write(file, this::print);
    }

    /** The table as CSV text, for a file that holds more than the table (a profile's header lines). */
    public String text() {
        StringBuilder out = new StringBuilder();
        try {
            print(out);
        } catch (IOException e) {
            throw new UncheckedIOException("a StringBuilder does not fail", e);
        }
        return out.toString();
    }

    private void print(Appendable out) throws IOException {
        CSVPrinter p = new CSVPrinter(out, FORMAT);
        p.printRecord(header);
        for (List<?> row : rows) {
            List<Object> fields = new ArrayList<>(row.size());
            for (Object v : row) {
                fields.add(v == null ? "" : v);
            }
            p.printRecord(fields);
        }
        p.flush();
    }
}
